import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess, type TestRuntimeOptions } from '../../testing/test-runtime';

function configPath(home: string): string {
  return join(home, '.config', 'conduit', 'config.json');
}

function readConfig(home: string): Record<string, unknown> {
  return JSON.parse(readFileSync(configPath(home), 'utf8'));
}

async function inHome(home: string, argv: string[], options: TestRuntimeOptions = {}) {
  return runInProcess(argv, { ...options, homeDirectory: home });
}

async function freshHome(): Promise<string> {
  return (await runInProcess(['--version'])).homeDirectory;
}

describe('conduit profile', () => {
  it('creates a profile with plain settings, in a 0600 file', async () => {
    const home = await freshHome();
    const result = await inHome(home, [
      'profile',
      'set',
      'work',
      'hosted_base_url=https://conduit.example.com',
      'client_id=app-1',
      '--default',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('created profile work: set hosted_base_url, client_id; now the default');
    expect(readConfig(home)).toEqual({
      profiles: { work: { hosted_base_url: 'https://conduit.example.com', client_id: 'app-1' } },
      default_profile: 'work',
    });
    if (process.platform !== 'win32') expect(statSync(configPath(home)).mode & 0o777).toBe(0o600);
  });

  it('refuses a secret on the command line and stores it from stdin', async () => {
    const home = await freshHome();
    const refused = await inHome(home, ['profile', 'set', 'work', 'asana_token=pat-on-argv-123']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('asana_token is a secret and is never taken from the command line');
    expect(refused.stderr).toContain('--secret-stdin asana_token');
    expect(refused.stderr).not.toContain('pat-on-argv-123');

    const stored = await inHome(home, ['profile', 'set', 'work', '--secret-stdin', 'asana_token'], {
      stdin: 'pat-from-stdin-456\n',
    });
    expect(stored.code).toBe(0);
    expect(stored.stderr).toContain('set asana_token (secret)');
    expect(readConfig(home)).toEqual({ profiles: { work: { asana_token: 'pat-from-stdin-456' } } });
    expect(stored.stdout + stored.stderr).not.toContain('pat-from-stdin-456');
  });

  it('refuses stdin secrets at a terminal under CI, and plain settings as secrets', async () => {
    const home = await freshHome();
    const ci = await inHome(home, ['profile', 'set', 'w', '--secret-stdin', 'asana_token'], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      env: { CI: 'true' },
    });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('prompts are off (CI)');
    const plain = await inHome(home, ['profile', 'set', 'w', '--secret-stdin', 'client_id'], { stdin: 'x' });
    expect(plain.stderr).toContain('client_id is not a secret: give it as client_id=VALUE');
    const empty = await inHome(home, ['profile', 'set', 'w', '--secret-stdin', 'client_secret'], {
      stdin: '\n',
    });
    expect(empty.stderr).toContain('stdin was empty');
  });

  it('checks keys, values and names', async () => {
    const home = await freshHome();
    const unknown = await inHome(home, ['profile', 'set', 'w', 'asana_base_ur=http://x']);
    expect(unknown.stderr).toBe(
      'error: unknown setting "asana_base_ur"\nhint: did you mean asana_base_url?\n',
    );
    expect((await inHome(home, ['profile', 'set', 'w', 'asana_base_url=not a url'])).stderr).toContain(
      'must be an http or https URL',
    );
    expect((await inHome(home, ['profile', 'set', 'w', 'client_id='])).stderr).toContain(
      'client_id needs a value',
    );
    expect((await inHome(home, ['profile', 'set', 'w', 'client_id'])).stderr).toContain('expected KEY=VALUE');
    expect((await inHome(home, ['profile', 'set', 'bad name', 'client_id=x'])).stderr).toContain(
      'invalid profile name "bad name"',
    );
  });

  it('lists, shows (secrets redacted), switches, unsets and deletes', async () => {
    const home = await freshHome();
    await inHome(home, ['profile', 'set', 'work', 'client_id=app-1']);
    await inHome(home, ['profile', 'set', 'work', '--secret-stdin', 'client_secret'], {
      stdin: 'very-secret-value',
    });
    await inHome(home, [
      'profile',
      'set',
      'sim',
      'asana_base_url=http://127.0.0.1:4010/api/1.0',
      '--default',
    ]);

    const list = await inHome(home, ['profile', 'list']);
    expect(list.stdout).toMatch(
      /NAME +ACTIVE +SETTINGS\nwork +client_id, client_secret\nsim +\* +asana_base_url\n/,
    );
    const listJson = JSON.parse((await inHome(home, ['profile', 'list', '--json'])).stdout);
    expect(listJson).toMatchObject({ default_profile: 'sim', active_profile: 'sim' });
    expect(listJson.profiles[0]).toEqual({
      name: 'work',
      default: false,
      active: false,
      settings: { client_id: 'app-1', client_secret: '[REDACTED]' },
    });

    const show = await inHome(home, ['profile', 'show', 'work']);
    expect(show.stdout).toBe('work\nclient_id      app-1\nclient_secret  [REDACTED]\n');
    expect(show.stdout + show.stderr).not.toContain('very-secret-value');
    const active = JSON.parse((await inHome(home, ['profile', 'show', '--json'])).stdout);
    expect(active).toMatchObject({ name: 'sim', default: true });
    expect(
      JSON.parse(
        (await inHome(home, ['profile', 'show', '--json'], { env: { CONDUIT_PROFILE: 'work' } })).stdout,
      ).name,
    ).toBe('work');

    expect((await inHome(home, ['profile', 'use', 'work'])).code).toBe(0);
    expect(readConfig(home).default_profile).toBe('work');
    expect((await inHome(home, ['profile', 'use', 'nope'])).code).toBe(2);

    const unset = await inHome(home, ['profile', 'unset', 'work', 'client_secret', 'workspace_id']);
    expect(unset.stderr).toContain('warning: profile work has no workspace_id');
    expect((readConfig(home).profiles as Record<string, unknown>).work).toEqual({ client_id: 'app-1' });

    const deleted = await inHome(home, ['profile', 'delete', 'work']);
    expect(deleted.stderr).toContain('it was the default');
    expect(readConfig(home)).toEqual({
      profiles: { sim: { asana_base_url: 'http://127.0.0.1:4010/api/1.0' } },
    });
    expect((await inHome(home, ['profile', 'delete', 'work'])).stderr).toContain('no profile "work"');
  });

  it('says where to start when there are no profiles', async () => {
    const home = await freshHome();
    const list = await inHome(home, ['profile', 'list']);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('no profiles in');
    expect((await inHome(home, ['profile', 'show'])).stderr).toContain('no active profile');
  });

  it('feeds exec: the profile supplies the base URL and the token, behind env and flags', async () => {
    const home = await freshHome();
    mkdirSync(join(home, '.config', 'conduit'), { recursive: true, mode: 0o700 });
    writeFileSync(
      configPath(home),
      JSON.stringify({
        profiles: { p: { asana_base_url: 'http://127.0.0.1:9/api', asana_token: 'profile-token-123' } },
      }),
      { mode: 0o644 },
    );
    // Other users can read the file: its token is ignored, loudly, and exec has no credentials.
    const insecure = await inHome(home, ['exec', 'asana', 'workspaces', 'list', '--profile', 'p']);
    expect(insecure.code).toBe(3);
    expect(insecure.stderr).toContain('ignoring the secrets of profile "p"');
    expect(insecure.stderr).toContain('chmod 600');
    const missing = await inHome(home, ['exec', 'asana', 'workspaces', 'list', '--profile', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('profile "nope" (from flag --profile) is not in');
  });
});
