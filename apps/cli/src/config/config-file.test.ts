import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../framework/cli-error';
import { listProfileNames, loadConfig, profileHoldsSecrets, saveConfig } from './config-file';

function home(): string {
  return mkdtempSync(join(tmpdir(), 'conduit-config-'));
}

function writeConfig(directory: string, content: string, mode = 0o600): string {
  const path = join(directory, '.config', 'conduit', 'config.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

async function loadError(directory: string): Promise<CliError> {
  try {
    await loadConfig({}, directory, 'linux');
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('expected an error');
}

describe('loadConfig', () => {
  it('treats a missing file as an empty config', async () => {
    const directory = home();
    const config = await loadConfig({}, directory, 'linux');
    expect(config).toMatchObject({ exists: false, data: {}, secretsUsable: true });
    expect(config.path).toBe(join(directory, '.config', 'conduit', 'config.json'));
  });

  it('reads profiles and keeps fields it does not know', async () => {
    const directory = home();
    writeConfig(
      directory,
      JSON.stringify({
        default_profile: 'work',
        profiles: { work: { asana_base_url: 'http://x' } },
        future: 1,
      }),
    );
    const config = await loadConfig({}, directory, 'linux');
    expect(config.data).toEqual({
      default_profile: 'work',
      profiles: { work: { asana_base_url: 'http://x' } },
      future: 1,
    });
    expect(config.mode).toBe(0o600);
    expect(config.secretsUsable).toBe(true);
  });

  it('marks secrets unusable when other users can read the file', async () => {
    const directory = home();
    writeConfig(directory, '{"profiles":{}}', 0o644);
    expect((await loadConfig({}, directory, 'linux')).secretsUsable).toBe(false);
    expect((await loadConfig({}, directory, 'win32')).secretsUsable).toBe(true);
  });

  it('refuses invalid JSON without quoting the file (it may hold secrets)', async () => {
    const directory = home();
    const path = writeConfig(directory, '{"profiles": {"a": {"asana_token": "tok-SECRET-123"}}');
    const error = await loadError(directory);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(`the config file ${path} is not valid JSON`);
    expect(error.message).not.toContain('SECRET');
  });

  it('names the malformed fields', async () => {
    const directory = home();
    writeConfig(directory, JSON.stringify({ default_profile: 'bad name!', profiles: { ok: { key: 5 } } }));
    const error = await loadError(directory);
    expect(error.message).toContain('malformed at: default_profile, profiles.ok.key');
  });
});

describe('saveConfig', () => {
  it('writes the file with mode 0600 in a 0700 directory, leaving no temporary file', async () => {
    const directory = home();
    const path = join(directory, 'nested', 'conduit', 'config.json');
    await saveConfig(path, { profiles: { work: { client_id: 'app' } } });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { work: { client_id: 'app' } } });
    if (process.platform !== 'win32') {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    }
    expect(readdirSync(dirname(path))).toEqual(['config.json']);
  });

  it('makes an existing, too open file private again', async () => {
    const directory = home();
    const path = writeConfig(directory, '{}', 0o644);
    await saveConfig(path, { profiles: {} });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('profile helpers', () => {
  it('tells whether a profile holds secrets', () => {
    expect(profileHoldsSecrets({ asana_token: 'x' })).toBe(true);
    expect(profileHoldsSecrets({ asana_base_url: 'x', client_id: 'y' })).toBe(false);
  });

  it('lists profile names for completion, and none for an unreadable file', async () => {
    const directory = home();
    expect(await listProfileNames({}, directory)).toEqual([]);
    writeConfig(directory, JSON.stringify({ profiles: { a: {}, b: {} } }));
    expect(await listProfileNames({}, directory)).toEqual(['a', 'b']);
    writeConfig(directory, 'not json');
    expect(await listProfileNames({}, directory)).toEqual([]);
  });
});
