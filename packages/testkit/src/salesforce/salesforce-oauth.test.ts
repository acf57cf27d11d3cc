import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitConsent } from '../oauth/submit-consent';
import { type SalesforceSimulator, startSalesforceSimulator } from './salesforce-simulator';

const REDIRECT = 'http://127.0.0.1:9/connect/oauth/callback';
const VERIFIER = 'salesforce-pkce-verifier-0123456789-0123456789-abc';

let sim: SalesforceSimulator;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ oauth: { rotateRefreshTokens: true } });
});
afterAll(async () => {
  await sim?.close();
});

function authorizeUrl(scope = 'api refresh_token'): URL {
  const url = new URL(sim.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', sim.credentials.clientId);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', 'salesforce-state');
  url.searchParams.set('code_challenge', createHash('sha256').update(VERIFIER).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return url;
}

async function token(params: Record<string, string>) {
  const response = await fetch(sim.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: sim.credentials.clientId,
      client_secret: sim.credentials.clientSecret,
      ...params,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('the Salesforce simulator’s web-server flow (CRM reference §3)', () => {
  it('denies with access_denied, an error_description and the state', async () => {
    const callback = await submitConsent(authorizeUrl(), 'deny');
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'end-user denied authorization',
      state: 'salesforce-state',
    });
  });

  it('refuses an unknown consumer key with a page', async () => {
    const url = authorizeUrl();
    url.searchParams.set('client_id', 'not-the-app');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });

  it('exchanges a code once with PKCE; the refresh token it returns rotates', async () => {
    const bad = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code')!;
    expect(
      await token({
        grant_type: 'authorization_code',
        code: bad,
        redirect_uri: REDIRECT,
        code_verifier: 'wrong',
      }),
    ).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'invalid code verifier' } });
    const elsewhere = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code')!;
    expect(
      (
        await token({
          grant_type: 'authorization_code',
          code: elsewhere,
          redirect_uri: 'http://127.0.0.1:9/elsewhere',
          code_verifier: VERIFIER,
        })
      ).body.error,
    ).toBe('redirect_uri_mismatch');

    const code = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code')!;
    const grant = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER };
    const issued = await token(grant);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      instance_url: sim.instanceUrl,
      token_type: 'Bearer',
      scope: 'api refresh_token',
    });
    expect(issued.body.refresh_token).toMatch(/^5Aep861/);
    const query = await fetch(`${sim.instanceUrl}/services/data/v62.0/query?q=SELECT+Id+FROM+Account`, {
      headers: { authorization: `Bearer ${issued.body.access_token}` },
    });
    expect(query.status).toBe(200);
    expect(await token(grant)).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'expired authorization code' },
    });

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token! });
    expect(refreshed.body.refresh_token).toMatch(/^5Aep861/);
    expect(refreshed.body.refresh_token).not.toBe(issued.body.refresh_token);
    // Replaying the rotated-out token revokes the family.
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token! })).status,
    ).toBe(400);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token! })).status,
    ).toBe(400);
  });

  it('issues no refresh token without the refresh_token scope', async () => {
    const code = (await submitConsent(authorizeUrl('api'), 'allow')).searchParams.get('code')!;
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    expect(issued.status).toBe(200);
    expect(issued.body.refresh_token).toBeUndefined();
  });
});
