import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConnectorSchema, ErrorBodySchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsContext, unsealJson } from '../crypto/sealed-box';
import { toBuffer } from '../store/sql-values';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import type { StoreKind } from '../test-support/test-app';

interface StoredCredentials {
  refresh_token: string;
  client_id: string;
  client_secret: string;
  access_token?: string;
}

describe.each<StoreKind>(['sqlite', 'postgres'])('OAuth connectors over %s', (kind) => {
  let h: ExecuteHarness;
  let token: string;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'oauth', { simulator: { oauth: { rotateRefreshTokens: true } } });
    token = await h.token('oauth-user');
  });

  afterAll(() => h?.close());

  async function storedRow(id: string) {
    const [row] = await h.store.db.query(
      'SELECT credentials_ciphertext, credentials_key_id, credentials_nonce FROM connectors WHERE id = $1',
      [id],
    );
    const sealed = {
      ciphertext: toBuffer(row!.credentials_ciphertext),
      keyId: String(row!.credentials_key_id),
      nonce: toBuffer(row!.credentials_nonce),
    };
    return {
      sealed,
      credentials: unsealJson(h.t.keyring, sealed, credentialsContext(id)) as StoredCredentials,
    };
  }

  /** Everything the store holds, as bytes (SQLite files) or text (PostgreSQL rows). */
  async function storeContents(): Promise<string | Buffer> {
    if (kind === 'sqlite') {
      const dir = h.location.dataDir!;
      const files = (await readdir(dir)).filter((name) => name.startsWith('conduit.db'));
      return Buffer.concat(await Promise.all(files.map((name) => readFile(join(dir, name)))));
    }
    const rows = await h.store.db.query<{ row: string }>('SELECT t::text AS row FROM connectors t');
    return rows.map((row) => row.row).join('\n');
  }

  const me = { entity: 'users', action: 'get', params: { user_gid: 'me' } };

  it('refreshes an expired access token once under 20 concurrent requests, and stores the new tokens sealed', async () => {
    const { clientId, clientSecret, refreshToken } = h.sim.tokens.oauth;
    const firstAccess = h.sim.issueAccessToken();
    const id = await h.createConnector(token, 'oauth-user', {
      connector_type: 'task-management',
      credentials: {
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
        access_token: firstAccess,
      },
      config: { base_url: h.sim.baseUrl },
    });
    expect((await h.execute(id, me, token)).status).toBe(200);
    const before = await storedRow(id);
    expect(before.credentials.access_token).toBe(firstAccess);
    const refreshesBefore = h.sim.requests.count({ target: 'oauth', path: '/-/oauth_token' });

    h.sim.expireAccessTokens();
    const responses = await Promise.all(Array.from({ length: 20 }, () => h.execute(id, me, token)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(h.sim.requests.count({ target: 'oauth', path: '/-/oauth_token' })).toBe(refreshesBefore + 1);

    const after = await storedRow(id);
    expect(after.sealed.ciphertext.equals(before.sealed.ciphertext)).toBe(false);
    expect(after.sealed.nonce.equals(before.sealed.nonce)).toBe(false);
    expect(after.credentials.access_token).toBeDefined();
    expect(after.credentials.access_token).not.toBe(firstAccess);
    // The simulator rotates refresh tokens: the stored one must be the new one, or the next refresh fails.
    expect(after.credentials.refresh_token).not.toBe(refreshToken);
    expect(after.credentials).toMatchObject({ client_id: clientId, client_secret: clientSecret });
    const accepted = await fetch(`${h.sim.baseUrl}/users/me`, {
      headers: { authorization: `Bearer ${after.credentials.access_token}` },
    });
    expect(accepted.status).toBe(200);

    const contents = await storeContents();
    for (const secret of [after.credentials.access_token!, after.credentials.refresh_token, clientSecret]) {
      expect(contents.includes(secret), 'a credential in plaintext at rest').toBe(false);
    }

    // The executor recognises the seal it wrote as its own: no rebuild, no second refresh.
    expect((await h.execute(id, me, token)).status).toBe(200);
    expect(h.sim.requests.count({ target: 'oauth', path: '/-/oauth_token' })).toBe(refreshesBefore + 1);
    const connector = await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token });
    expect(ConnectorSchema.parse(connector.body).status).toBe('active');
  });

  it('marks the connector needs_reauth and answers 502 upstream_auth_failed when the refresh is refused', async () => {
    const { clientId, clientSecret } = h.sim.tokens.oauth;
    const expired = h.sim.issueAccessToken();
    h.sim.expireAccessTokens();
    const id = await h.createConnector(token, 'oauth-user', {
      connector_type: 'task-management',
      credentials: {
        refresh_token: 'no-longer-valid',
        client_id: clientId,
        client_secret: clientSecret,
        access_token: expired,
      },
      config: { base_url: h.sim.baseUrl },
    });
    const response = await h.execute(id, me, token);
    expect(response.status).toBe(502);
    const body = ErrorBodySchema.parse(response.body);
    expect(body.errors.map((entry) => entry.error_code)).toEqual(['upstream_auth_failed', 'invalid_grant']);
    expect(response.text).not.toContain('no-longer-valid');
    const connector = await h.t.request('GET', `/v1/integrations/connectors/${id}`, { token });
    expect(ConnectorSchema.parse(connector.body).status).toBe('needs_reauth');
    // The credentials stay as they were: only the status changed.
    expect((await storedRow(id)).credentials.access_token).toBe(expired);
  });
});
