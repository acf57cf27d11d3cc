import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asanaModule } from '@conduit/asana';
import { describe, expect, it } from 'vitest';
import type { ConfigData } from '../../config/config-file';
import { SettingsResolver } from '../../config/settings-resolver';
import { localConnectorOf } from '../../connectors/module-connector';
import { CliError } from '../../framework/cli-error';
import { Output } from '../../output/output';
import { createTestRuntime } from '../../testing/test-runtime';
import { resolveCredentials } from './resolve-credentials';

const asanaConnector = localConnectorOf(asanaModule);

function setup(env: Record<string, string> = {}, data: ConfigData = {}, secretsUsable = true) {
  const test = createTestRuntime({ env });
  const output = new Output(test.runtime, { json: false, debug: true, noColor: true });
  const settings = new SettingsResolver({
    env,
    config: { path: '/cfg.json', exists: true, data, secretsUsable, mode: 0o600 },
    profileFlag: undefined,
    onWarning: (message) => output.warn(message),
  });
  return { ...test, output, settings };
}

function file(content: string, mode = 0o600): string {
  const path = join(mkdtempSync(join(tmpdir(), 'conduit-credentials-')), 'credentials.json');
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

const none = { file: undefined, stdin: undefined };

async function failure(promise: Promise<unknown>): Promise<CliError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('expected an error');
}

describe('resolveCredentials', () => {
  it('takes a personal access token from ASANA_TOKEN and registers it as a secret', async () => {
    const { settings, output, stderr } = setup({ ASANA_TOKEN: 'pat-from-env-123' });
    const found = await resolveCredentials(asanaConnector, settings, none, output, 'linux');
    expect(found).toEqual({
      credentials: { token: 'pat-from-env-123' },
      method: 'personal access token',
      source: 'env ASANA_TOKEN',
    });
    output.note('leak? pat-from-env-123');
    expect(stderr.text()).toContain('leak? [REDACTED]');
  });

  it('takes an OAuth refresh token with client id and secret from the environment', async () => {
    const env = {
      ASANA_REFRESH_TOKEN: 'refresh-123',
      ASANA_CLIENT_ID: 'client',
      ASANA_CLIENT_SECRET: 'secret-456',
    };
    const { settings, output } = setup(env);
    const found = await resolveCredentials(asanaConnector, settings, none, output, 'linux');
    expect(found.credentials).toEqual({
      refresh_token: 'refresh-123',
      client_id: 'client',
      client_secret: 'secret-456',
    });
    expect(found.method).toBe('OAuth refresh token');
  });

  it('refuses an incomplete OAuth set in the environment, naming what is missing (exit 3)', async () => {
    const { settings, output } = setup({ ASANA_REFRESH_TOKEN: 'refresh-123' });
    const error = await failure(resolveCredentials(asanaConnector, settings, none, output, 'linux'));
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe('ASANA_REFRESH_TOKEN is set but ASANA_CLIENT_ID, ASANA_CLIENT_SECRET are not');
  });

  it('reads --credentials-file, warning when other users can read it', async () => {
    const { settings, output, stderr } = setup();
    const path = file('{"token":"file-token-123"}', 0o644);
    const found = await resolveCredentials(
      asanaConnector,
      settings,
      { file: path, stdin: undefined },
      output,
      'linux',
    );
    expect(found).toMatchObject({
      credentials: { token: 'file-token-123' },
      source: `--credentials-file ${path}`,
    });
    expect(stderr.text()).toContain('is readable by other users');
  });

  it('reads --credentials-stdin', async () => {
    const { settings, output } = setup();
    const stdin = async () =>
      '{"refresh_token":"r-123456","client_id":"c","client_secret":"s-123456","access_token":"a-123456"}';
    const found = await resolveCredentials(
      asanaConnector,
      settings,
      { file: undefined, stdin },
      output,
      'linux',
    );
    expect(found.credentials).toMatchObject({ access_token: 'a-123456' });
    expect(found.source).toBe('stdin');
  });

  it('prefers the environment over the flags, and says the flag is ignored', async () => {
    const { settings, output, stderr } = setup({ ASANA_TOKEN: 'env-token-123' });
    const found = await resolveCredentials(
      asanaConnector,
      settings,
      { file: file('{"token":"file-token"}'), stdin: undefined },
      output,
      'linux',
    );
    expect(found.credentials.token).toBe('env-token-123');
    expect(stderr.text()).toContain(
      '--credentials-file is ignored: ASANA_TOKEN set in the environment take precedence',
    );
  });

  it('falls back to the profile', async () => {
    const { settings, output } = setup(
      {},
      { default_profile: 'p', profiles: { p: { asana_token: 'profile-token-1' } } },
    );
    const found = await resolveCredentials(asanaConnector, settings, none, output, 'linux');
    expect(found).toMatchObject({ credentials: { token: 'profile-token-1' }, source: 'profile p' });
  });

  it('says every way to give credentials when there are none (exit 3)', async () => {
    const { settings, output } = setup();
    const error = await failure(resolveCredentials(asanaConnector, settings, none, output, 'linux'));
    expect(error.exitCode).toBe(3);
    expect(error.code).toBe('missing_credentials');
    expect(error.message).toBe(
      'no Asana credentials: set ASANA_TOKEN (personal access token), or ASANA_REFRESH_TOKEN + ASANA_CLIENT_ID + ASANA_CLIENT_SECRET (OAuth refresh token)',
    );
    expect(error.hint).toContain(
      '--credentials-file PATH or --credentials-stdin with {"token": "…"} or {"refresh_token": "…", "client_id": "…", "client_secret": "…"}',
    );
  });

  it('refuses malformed credentials without printing their content (exit 2)', async () => {
    const { settings, output } = setup();
    const notJson = await failure(
      resolveCredentials(
        asanaConnector,
        settings,
        { file: file('{"token": secret-value'), stdin: undefined },
        output,
        'linux',
      ),
    );
    expect(notJson.exitCode).toBe(2);
    expect(notJson.message).not.toContain('secret-value');
    const wrongShape = await failure(
      resolveCredentials(
        asanaConnector,
        settings,
        { file: undefined, stdin: async () => '{"token": 5, "password": "pw-secret"}' },
        output,
        'linux',
      ),
    );
    // The connector module checks credentials (protocol's parser), naming every field at fault.
    expect(wrongShape.message).toMatch(
      /^invalid credentials in --credentials-stdin: .*unknown field "password"/,
    );
    expect(wrongShape.details.map((detail) => detail.field)).toEqual([
      'credentials.token',
      'credentials.password',
    ]);
    expect(JSON.stringify(wrongShape)).not.toContain('pw-secret');
    const missing = await failure(
      resolveCredentials(
        asanaConnector,
        settings,
        { file: undefined, stdin: async () => '{"refresh_token": "r"}' },
        output,
        'linux',
      ),
    );
    expect(missing.details.map((detail) => detail.field)).toEqual([
      'credentials.client_id',
      'credentials.client_secret',
    ]);
    const empty = await failure(
      resolveCredentials(
        asanaConnector,
        settings,
        { file: undefined, stdin: async () => '{"token": ""}' },
        output,
        'linux',
      ),
    );
    expect(empty.message).toContain('credentials.token');
  });

  it('refuses both flags at once and an unreadable file', async () => {
    const { settings, output } = setup();
    expect(
      (
        await failure(
          resolveCredentials(asanaConnector, settings, { file: 'x', stdin: async () => '' }, output, 'linux'),
        )
      ).message,
    ).toBe('give --credentials-file or --credentials-stdin, not both');
    const missing = await failure(
      resolveCredentials(
        asanaConnector,
        settings,
        { file: '/no/such/file.json', stdin: undefined },
        output,
        'linux',
      ),
    );
    expect(missing.message).toBe('cannot read the credentials file /no/such/file.json: ENOENT');
  });
});
