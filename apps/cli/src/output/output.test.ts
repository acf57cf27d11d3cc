import { describe, expect, it } from 'vitest';
import { createTestRuntime } from '../testing/test-runtime';
import { Output } from './output';

function setup(
  options: {
    json?: boolean;
    debug?: boolean;
    noColor?: boolean;
    tty?: boolean;
    env?: Record<string, string>;
  } = {},
) {
  const test = createTestRuntime({ stdoutIsTTY: options.tty, stderrIsTTY: options.tty, env: options.env });
  const output = new Output(test.runtime, {
    json: options.json ?? false,
    debug: options.debug ?? false,
    noColor: options.noColor ?? false,
  });
  return { ...test, output };
}

describe('Output', () => {
  it('writes data to stdout and everything else to stderr', async () => {
    const { output, stdout, stderr } = setup();
    await output.print('data');
    output.note('a note');
    output.warn('careful');
    expect(stdout.text()).toBe('data\n');
    expect(stderr.text()).toBe('a note\nwarning: careful\n');
  });

  it('prints one indented JSON document, or compact NDJSON lines', async () => {
    const { output, stdout } = setup({ json: true });
    await output.printJson({ a: 1 });
    await output.printJsonLine({ b: 2 });
    await output.printJsonLine({ c: 3 });
    expect(stdout.text()).toBe('{\n  "a": 1\n}\n{"b":2}\n{"c":3}\n');
  });

  it('colours a terminal only, and never with NO_COLOR or --no-color', () => {
    expect(setup({ tty: true }).output.style.enabled).toBe(true);
    expect(setup({ tty: true }).output.errorStyle.enabled).toBe(true);
    expect(setup({ tty: false }).output.style.enabled).toBe(false);
    expect(setup({ tty: true, env: { NO_COLOR: '1' } }).output.style.enabled).toBe(false);
    expect(setup({ tty: true, noColor: true }).output.errorStyle.enabled).toBe(false);
  });

  it('reports whether stdout and stderr are terminals', () => {
    const interactive = setup({ tty: true }).output;
    expect(interactive.isInteractive).toBe(true);
    expect(interactive.stderrIsInteractive).toBe(true);
    expect(setup().output.isInteractive).toBe(false);
  });

  it('prints debug lines only under --debug', () => {
    const quiet = setup();
    quiet.output.debugLog('hidden');
    expect(quiet.stderr.text()).toBe('');
    const loud = setup({ debug: true });
    loud.output.debugLog('shown');
    expect(loud.stderr.text()).toBe('debug: shown\n');
  });

  it('scrubs registered secrets from every diagnostic line', () => {
    const { output, stderr } = setup({ debug: true });
    output.addSecret('s3cr3t-token-value');
    output.addSecret('abc'); // too short to be a real secret: never replaced inside words
    output.note('token s3cr3t-token-value in a message');
    output.debugLog('again s3cr3t-token-value');
    expect(stderr.text()).toBe('token [REDACTED] in a message\ndebug: again [REDACTED]\n');
    expect(output.scrub('abcdef')).toBe('abcdef');
  });

  it('draws progress only when stderr is a terminal', () => {
    const piped = setup();
    const progress = piped.output.progress('working');
    progress.update('more');
    progress.clear();
    progress.stop();
    expect(piped.stderr.text()).toBe('');
    const terminal = setup({ tty: true });
    const spinner = terminal.output.progress('working');
    spinner.update('done soon');
    spinner.stop();
    spinner.stop();
    expect(terminal.stderr.text()).toContain('working');
    expect(terminal.stderr.text().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('stops writing once the reader of stdout has gone away', async () => {
    const { output, stdout } = setup();
    let closed = 0;
    output.onClose(() => {
      closed += 1;
    });
    await output.print('first');
    stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await output.print('second');
    expect(output.closed).toBe(true);
    expect(closed).toBe(1);
    expect(stdout.text()).toBe('first\n');
    output.dispose();
  });

  it('waits for a full stdout buffer to drain', async () => {
    const { output, stdout } = setup();
    stdout.cork();
    const big = 'x'.repeat(64 * 1024);
    let resolved = false;
    const pending = output.write(big).then(() => {
      resolved = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    stdout.uncork();
    await pending;
    expect(stdout.text()).toBe(big);
  });
});
