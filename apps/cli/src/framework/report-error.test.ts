import { NotFoundError, ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { Output } from '../output/output';
import { createTestRuntime } from '../testing/test-runtime';
import { CliError } from './cli-error';
import { reportError } from './report-error';
import { UsageError } from './usage-error';

function setup(options: { json?: boolean; debug?: boolean; tty?: boolean } = {}) {
  const test = createTestRuntime({ stderrIsTTY: options.tty, stdoutIsTTY: options.tty });
  const output = new Output(test.runtime, {
    json: options.json ?? false,
    debug: options.debug ?? false,
    noColor: false,
  });
  return { ...test, output };
}

const validation = new ValidationError('limit: too big; project is required', {
  code: 'invalid_param',
  status: 400,
  details: [
    { field: 'params.limit', message: 'limit: too big', error_code: 'invalid_param' },
    { field: 'params.project', message: 'project is required', error_code: 'missing_param' },
  ],
});

describe('reportError', () => {
  it('prints the message on stderr for people, each sentence once', async () => {
    const { output, stdout, stderr } = setup();
    expect(await reportError(validation, output)).toBe(5);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe('error: limit: too big; project is required\n');
  });

  it('prints the fields at fault the message does not already say', async () => {
    const { output, stderr } = setup();
    const error = new ValidationError('2 params are invalid', {
      code: 'invalid_param',
      details: [
        { field: 'params.limit', message: 'too big', error_code: 'invalid_param' },
        { field: 'params.project', message: 'is required', error_code: 'missing_param' },
      ],
    });
    await reportError(error, output);
    expect(stderr.text()).toBe(
      'error: 2 params are invalid\n  params.limit: too big\n  params.project: is required\n',
    );
  });

  it('prints {"error": toJSON()} on stdout under --json, nothing on stderr', async () => {
    const { output, stdout, stderr } = setup({ json: true });
    expect(await reportError(validation, output)).toBe(5);
    expect(stderr.text()).toBe('');
    expect(JSON.parse(stdout.text())).toEqual({ error: validation.toJSON() });
  });

  it('adds the hint of a CLI error and colours the label on a terminal', async () => {
    const { output, stderr } = setup({ tty: true });
    expect(
      await reportError(new UsageError('unknown flag --x', { hint: 'did you mean --json?' }), output),
    ).toBe(2);
    expect(stderr.text()).toBe(
      '\u001b[31merror:\u001b[39m unknown flag --x\n\u001b[2mhint:\u001b[22m did you mean --json?\n',
    );
  });

  it('adds the request, the stack and the causes only under --debug', async () => {
    const error = new NotFoundError('no such task', {
      status: 404,
      request: { method: 'GET', url: 'https://app.asana.com/api/1.0/tasks/1?access_token=[REDACTED]' },
      cause: new Error('root cause'),
    });
    const quiet = setup();
    expect(await reportError(error, quiet.output)).toBe(4);
    expect(quiet.stderr.text()).toBe('error: no such task\n');
    const loud = setup({ debug: true });
    await reportError(error, loud.output);
    const text = loud.stderr.text();
    expect(text).toContain('debug: status: 404');
    expect(text).toContain(
      'debug: request: GET https://app.asana.com/api/1.0/tasks/1?access_token=[REDACTED]',
    );
    expect(text).toContain('NotFoundError: no such task\n    at ');
    expect(text).toContain('caused by: Error: root cause');
  });

  it('describes an unknown failure as internal, with the advice to use --debug', async () => {
    const { output, stderr } = setup();
    expect(await reportError(new RangeError('bad index'), output)).toBe(1);
    expect(stderr.text()).toBe(
      'error: bad index\nhint: run the command again with --debug to see where it failed\n',
    );
    const json = setup({ json: true });
    await reportError('thrown string', json.output);
    expect(JSON.parse(json.stdout.text())).toEqual({
      error: {
        name: 'InternalError',
        message: 'thrown string',
        code: 'internal_error',
        retryable: false,
        details: [],
      },
    });
  });

  it('scrubs registered secrets from messages, JSON and stacks', async () => {
    const error = new CliError('token tok-abcdef-123 rejected', { code: 'x', exitCode: 3 });
    for (const options of [{}, { json: true }, { debug: true }]) {
      const { output, stdout, stderr } = setup(options);
      output.addSecret('tok-abcdef-123');
      await reportError(error, output);
      expect(stdout.text() + stderr.text()).not.toContain('tok-abcdef-123');
      expect(stdout.text() + stderr.text()).toContain('[REDACTED]');
    }
  });

  it('sanitises control characters an upstream message may carry', async () => {
    const { output, stderr } = setup();
    await reportError(new NotFoundError('gone\u001b[2J', { status: 404 }), output);
    expect(stderr.text()).toBe('error: gone\\u001b[2J\n');
  });
});
