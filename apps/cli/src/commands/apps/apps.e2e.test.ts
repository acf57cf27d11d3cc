import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostedClient } from '@conduit/hosted';
import {
  ApplicationListSchema,
  ApplicationSchema,
  ApplicationWithSecretSchema,
  ConnectorSchema,
} from '@conduit/protocol';
import type { StartedServer } from '@conduit/server';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';
import { startLoopbackService } from '../../testing/loopback-service';

// The built CLI as a child process against a real service with its admin API on.

const ADMIN_TOKEN = 'e2e-operator-admin-token-0123456789abcdef';

let server: StartedServer;
let sim: AsanaSimulator;
let directory: string;

beforeAll(async () => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-apps-e2e-'));
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 5 } });
  server = await startLoopbackService(directory, { adminToken: ADMIN_TOKEN });
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await server?.close();
  await sim?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
}, E2E_TIMEOUT_MS);

describe('conduit apps (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  const env = () => ({ CONDUIT_BASE_URL: server.url, CONDUIT_ADMIN_TOKEN: ADMIN_TOKEN });

  it('creates an application printing client_id and client_secret once, lists, rotates and revokes it', async () => {
    const created = await runChild(['apps', 'create', 'Billing app', '--json'], { env: env() });
    expect(created.stderr).toContain('cannot show it again');
    expect(created.code).toBe(0);
    const application = ApplicationWithSecretSchema.parse(JSON.parse(created.stdout));
    expect(application).toMatchObject({ name: 'Billing app', status: 'active' });

    // The new credentials work with the hosted client.
    const client = new HostedClient({
      baseUrl: server.url,
      externalUserId: 'u1',
      platformClientId: application.client_id,
      platformClientSecret: application.client_secret,
    });
    expect(await client.listConnectors()).toEqual([]);

    const listed = await runChild(['apps', 'list', '--json'], { env: env() });
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(application.client_secret);
    expect(
      ApplicationListSchema.shape.data.parse(JSON.parse(listed.stdout)).map((a) => a.client_id),
    ).toContain(application.client_id);
    const table = await runChild(['apps', 'list'], { env: env() });
    expect(table.stdout).toMatch(/CLIENT ID\s+NAME\s+STATUS/);
    expect(table.stdout).toContain('Billing app');

    const rotated = await runChild(['apps', 'rotate-secret', application.client_id, '--yes', '--json'], {
      env: env(),
    });
    expect(rotated.code).toBe(0);
    const secret = ApplicationWithSecretSchema.parse(JSON.parse(rotated.stdout)).client_secret;
    expect(secret).not.toBe(application.client_secret);

    // Without a terminal, revoking needs --yes.
    const unconfirmed = await runChild(['apps', 'revoke', application.client_id], { env: env() });
    expect(unconfirmed.code).not.toBe(0);
    const revoked = await runChild(['apps', 'revoke', application.client_id, '--yes', '--json'], {
      env: env(),
    });
    expect(revoked.code).toBe(0);
    expect(ApplicationSchema.parse(JSON.parse(revoked.stdout)).status).toBe('revoked');
  });

  it('reads the admin token from a file, and fails with exit 3 without one or with a wrong one', async () => {
    const file = join(directory, 'admin-token');
    writeFileSync(file, `${ADMIN_TOKEN}\n`, { mode: 0o600 });
    const fromFile = await runChild(['apps', 'list', '--admin-token-file', file, '--json'], {
      env: { CONDUIT_BASE_URL: server.url },
    });
    expect(fromFile.code).toBe(0);
    const missing = await runChild(['apps', 'list', '--json'], { env: { CONDUIT_BASE_URL: server.url } });
    expect(missing.code).toBe(3);
    expect(missing.stdout + missing.stderr).toContain('missing_admin_token');
    const wrong = await runChild(['apps', 'list'], {
      env: { CONDUIT_BASE_URL: server.url, CONDUIT_ADMIN_TOKEN: 'x'.repeat(40) },
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).not.toContain('x'.repeat(40));
  });
});

describe('conduit connectors update (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('re-authorizes a needs_reauth connector from ASANA_TOKEN and keeps it', async () => {
    const created = await runChild(['apps', 'create', 'Reauth app', '--json'], {
      env: { CONDUIT_BASE_URL: server.url, CONDUIT_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    const application = ApplicationWithSecretSchema.parse(JSON.parse(created.stdout));
    const hostedEnv = {
      CONDUIT_BASE_URL: server.url,
      CONDUIT_CLIENT_ID: application.client_id,
      CONDUIT_CLIENT_SECRET: application.client_secret,
      CONDUIT_EXTERNAL_USER_ID: 'reauth-user',
    };
    const client = new HostedClient({
      baseUrl: server.url,
      externalUserId: 'reauth-user',
      platformClientId: application.client_id,
      platformClientSecret: application.client_secret,
    });
    const oldPat = sim.issuePersonalAccessToken();
    const { id } = await client.createConnector({
      connectorType: 'asana',
      credentials: { token: oldPat },
      config: { base_url: sim.baseUrl },
    });
    sim.revokeToken(oldPat);
    await expect(client.execute(id, 'workspaces', 'list')).rejects.toMatchObject({
      code: 'upstream_auth_failed',
    });
    expect((await client.getConnector(id)).status).toBe('needs_reauth');

    const newPat = sim.issuePersonalAccessToken();
    const updated = await runChild(['connectors', 'update', 'asana', '--json'], {
      env: { ...hostedEnv, ASANA_TOKEN: newPat },
    });
    expect(updated.stderr).not.toContain(newPat);
    expect(updated.stdout).not.toContain(newPat);
    expect(updated.code).toBe(0);
    expect(ConnectorSchema.parse(JSON.parse(updated.stdout))).toMatchObject({ id, status: 'active' });
    expect(await client.execute(id, 'workspaces', 'list')).toMatchObject({ records: expect.any(Array) });

    const renamed = await runChild(['connectors', 'update', id, '--name', 'Renamed', '--json'], {
      env: hostedEnv,
    });
    expect(renamed.code).toBe(0);
    expect(ConnectorSchema.parse(JSON.parse(renamed.stdout)).name).toBe('Renamed');
  });
});
