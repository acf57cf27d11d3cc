import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../testing/test-runtime';

/** A hosted service that grants every token and knows no connectors, recording what it is sent. */
function fakeService() {
  const requests: { url: string; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    requests.push({ url: request.url, body: text === '' ? undefined : JSON.parse(text) });
    const path = new URL(request.url).pathname;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path.endsWith('/applications/token'))
      return json({ access_token: 'app-token-1234567', token_type: 'bearer', expires_in: 900 });
    if (path.endsWith('/applications/scoped-token'))
      return json({ token: 'scoped-token-1234567', token_type: 'bearer', expires_in: 1200 });
    return json({ data: [] });
  };
  return { fetch, requests };
}

function profileConfig(profile: Record<string, string>, mode = 0o600): string {
  const directory = mkdtempSync(join(tmpdir(), 'conduit-hosted-config-'));
  const path = join(directory, 'config.json');
  writeFileSync(path, JSON.stringify({ default_profile: 'work', profiles: { work: profile } }));
  chmodSync(path, mode);
  return path;
}

describe('the hosted settings', () => {
  it('come from flags over the environment over the profile, the secret included', async () => {
    const service = fakeService();
    const config = profileConfig({
      hosted_base_url: 'http://profile.test',
      client_id: 'profile-app',
      client_secret: 'profile-secret-123',
      external_user_id: 'profile-user',
    });
    const result = await runInProcess(
      ['connectors', 'list', '--client-id', 'flag-app', '--service-url', 'http://flag.test', '--debug'],
      { env: { CONDUIT_CONFIG: config, CONDUIT_EXTERNAL_USER_ID: 'env-user' }, fetch: service.fetch },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'debug: hosted service http://flag.test; client flag-app (flag --client-id), secret from profile work; user env-user (env CONDUIT_EXTERNAL_USER_ID)',
    );
    expect(service.requests[0]).toMatchObject({
      url: 'http://flag.test/api/v1/account/applications/token',
      body: { client_id: 'flag-app', client_secret: 'profile-secret-123' },
    });
    expect(service.requests[1]!.body).toEqual({ external_user_id: 'env-user' });
    expect(result.stdout + result.stderr).not.toContain('profile-secret-123');

    // A flag beats the environment (as in gh, aws and kubectl), silently: it was typed for this run.
    const overridden = fakeService();
    const secretFile = join(mkdtempSync(join(tmpdir(), 'conduit-hosted-secret-')), 'secret');
    writeFileSync(secretFile, 'file-secret-12345\n', { mode: 0o600 });
    const flagWins = await runInProcess(
      ['connectors', 'list', '--client-id', 'flag-app', '--client-secret-file', secretFile],
      {
        env: {
          CONDUIT_CONFIG: config,
          CONDUIT_CLIENT_ID: 'env-app',
          CONDUIT_CLIENT_SECRET: 'env-secret-12345',
        },
        fetch: overridden.fetch,
      },
    );
    expect(flagWins.code).toBe(0);
    expect(flagWins.stderr).not.toContain('ignored');
    expect(overridden.requests[0]!.body).toMatchObject({
      client_id: 'flag-app',
      client_secret: 'file-secret-12345',
    });
  });

  it('ignore a secret of a profile others can read, and then exit 3 naming what is missing', async () => {
    const config = profileConfig(
      { client_id: 'app', client_secret: 'leaky-secret-123', external_user_id: 'u' },
      0o644,
    );
    const result = await runInProcess(['connectors', 'list', '--json'], {
      env: { CONDUIT_CONFIG: config },
      fetch: fakeService().fetch,
      platform: 'linux',
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('ignoring the secrets of profile "work"');
    expect(JSON.parse(result.stdout)).toMatchObject({
      error: { code: 'missing_hosted_credentials', details: [{ field: 'client_secret' }] },
    });
  });

  it('read the secret from stdin, but never share stdin with another flag', async () => {
    const service = fakeService();
    const env = { CONDUIT_CLIENT_ID: 'app', CONDUIT_EXTERNAL_USER_ID: 'u' };
    const piped = await runInProcess(['connectors', 'list', '--client-secret-stdin'], {
      env,
      stdin: 'piped-secret-123\n',
      fetch: service.fetch,
    });
    expect(piped.code).toBe(0);
    expect(service.requests[0]!.body).toEqual({ client_id: 'app', client_secret: 'piped-secret-123' });
    const both = await runInProcess(
      ['connectors', 'create', 'crm', '--credentials-stdin', '--client-secret-stdin'],
      {
        env,
        stdin: '{}',
      },
    );
    expect(both.code).toBe(2);
    const terminal = await runInProcess(['connectors', 'list', '--client-secret-stdin'], {
      env,
      stdinIsTTY: true,
    });
    expect(terminal.code).toBe(2);
    expect(terminal.stderr).toContain('--client-secret-stdin reads from a pipe, and stdin is a terminal');
  });
});
