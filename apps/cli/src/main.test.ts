import { describe, expect, it } from 'vitest';
import { defineCommand } from './framework/command-spec';
import { UsageError } from './framework/usage-error';
import { runCli } from './main';
import { createTestRuntime, runInProcess } from './testing/test-runtime';
import { VERSION } from './version';

describe('conduit (in process)', () => {
  it('prints the version', async () => {
    expect(await runInProcess(['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(JSON.parse((await runInProcess(['--version', '--json'])).stdout)).toEqual({ version: VERSION });
  });

  it('prints help with the commands, the exit codes and the configuration precedence', async () => {
    const { code, stdout } = await runInProcess(['--help']);
    expect(code).toBe(0);
    for (const command of ['describe', 'exec', 'profile', 'completion', 'help'])
      expect(stdout).toContain(`  ${command} `);
    expect(stdout).not.toContain('__complete');
    expect(stdout).toMatch(/Exit codes\n {2}0 +success/);
    expect(stdout).toContain('Precedence: flag > environment > profile');
    expect(stdout).toContain('(--profile, else\n  CONDUIT_PROFILE');
    expect((await runInProcess([])).stdout).toBe(stdout);
  });

  it('prints the help of a group when its subcommand is missing', async () => {
    const { code, stdout } = await runInProcess(['profile']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage\n  conduit profile <subcommand> [args] [flags]');
    expect(stdout).toMatch(/Subcommands\n {2}list/);
  });

  it('prints help as JSON with --json', async () => {
    const document = JSON.parse((await runInProcess(['exec', '--help', '--json'])).stdout);
    expect(document).toMatchObject({
      command: 'conduit exec',
      usage: 'conduit exec <connector> <entity> <action> [flags]',
    });
    expect(document.flags.map((flag: { name: string }) => flag.name)).toContain('credentials-stdin');
  });

  it('reports a usage error on stderr with a hint, exit 2', async () => {
    const { code, stdout, stderr } = await runInProcess(['descibe', 'asana']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: unknown command "descibe"\nhint: did you mean describe?\n');
  });

  it('reports errors as {"error": …} on stdout under --json', async () => {
    const { code, stdout, stderr } = await runInProcess(['exec', 'asana', '--json']);
    expect(code).toBe(2);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({
      error: {
        name: 'UsageError',
        message: 'conduit exec: missing <entity> <action>',
        code: 'missing_argument',
        retryable: false,
        details: [],
      },
    });
  });

  it('reports an internal error with exit 1, and its stack only under --debug', async () => {
    const crash = defineCommand({
      name: 'crash',
      summary: 'fails',
      load: async () => ({
        run: async () => {
          throw new TypeError('cannot read properties of undefined');
        },
      }),
    });
    const quiet = createTestRuntime();
    expect(await runCli(['crash'], quiet.runtime, [crash])).toBe(1);
    expect(quiet.stderr.text()).toBe(
      'error: cannot read properties of undefined\nhint: run the command again with --debug to see where it failed\n',
    );
    const loud = createTestRuntime();
    expect(await runCli(['crash', '--debug'], loud.runtime, [crash])).toBe(1);
    expect(loud.stderr.text()).toContain('TypeError: cannot read properties of undefined\n    at ');
  });

  it('returns the code a command resolves to, and 0 for undefined', async () => {
    const three = defineCommand({ name: 'three', summary: 't', load: async () => ({ run: async () => 3 }) });
    const nothing = defineCommand({
      name: 'nothing',
      summary: 'n',
      load: async () => ({ run: async () => undefined }),
    });
    expect(await runCli(['three'], createTestRuntime().runtime, [three])).toBe(3);
    expect(await runCli(['nothing'], createTestRuntime().runtime, [nothing])).toBe(0);
  });

  it('treats an aborted command as interrupted (exit 130)', async () => {
    const aborted = defineCommand({
      name: 'wait',
      summary: 'w',
      load: async () => ({
        run: async () => {
          throw new DOMException('interrupted', 'AbortError');
        },
      }),
    });
    const test = createTestRuntime();
    expect(await runCli(['wait'], test.runtime, [aborted])).toBe(130);
    expect(test.stderr.text()).toBe('interrupted\n');
  });

  it('exits 0 without an error when the reader of stdout goes away', async () => {
    const test = createTestRuntime();
    const writer = defineCommand({
      name: 'write',
      summary: 'w',
      load: async () => ({
        run: async (context) => {
          await context.output.print('first');
          test.stdout.emit('error', Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
          context.signal.throwIfAborted();
          return 0;
        },
      }),
    });
    expect(await runCli(['write'], test.runtime, [writer])).toBe(0);
    expect(test.stderr.text()).toBe('');
  });

  it('lets a command load its settings lazily, reporting the profile under --debug', async () => {
    const probe = defineCommand({
      name: 'probe',
      summary: 'p',
      load: async () => ({
        run: async (context) => {
          const settings = await context.settings();
          if (settings !== (await context.settings())) throw new UsageError('settings loaded twice');
          await context.output.print(settings.value('asana_base_url') ?? 'none');
          return 0;
        },
      }),
    });
    const test = createTestRuntime({ env: { ASANA_BASE_URL: 'http://env.test' } });
    expect(await runCli(['probe', '--debug'], test.runtime, [probe])).toBe(0);
    expect(test.stdout.text()).toBe('http://env.test\n');
    expect(test.stderr.text()).toContain(
      'debug: setting asana_base_url=http://env.test (env ASANA_BASE_URL)',
    );
  });
});
