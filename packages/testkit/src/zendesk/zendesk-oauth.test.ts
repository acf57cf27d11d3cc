import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitConsent } from '../oauth/submit-consent';
import { startZendeskSimulator, type ZendeskSimulator } from './zendesk-simulator';

const CLIENT = { clientId: 'zd_connect_client', clientSecret: 'zd-connect-secret' };
const REDIRECT = 'http://127.0.0.1:9/connect/oauth/callback';
const VERIFIER = 'zendesk-pkce-verifier-0123456789-0123456789-abc';

let sim: ZendeskSimulator;

beforeAll(async () => {
  sim = await startZendeskSimulator({ oauth: CLIENT });
});
afterAll(async () => {
  await sim?.close();
});

function authorizeUrl(overrides: Record<string, string> = {}): URL {
  const url = new URL(sim.oauthAuthorizeUrl);
  const params = {
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT,
    scope: 'read',
    state: 'st&te',
    code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** `POST /oauth/tokens` with a JSON body, as the reference says the endpoint wants it. */
async function token(body: Record<string, unknown>) {
  const response = await fetch(sim.oauthTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the Zendesk simulator’s authorization-code flow (support-desk reference §3.1)', () => {
  it('shows a consent page with Allow and Deny, escaping what it echoes', async () => {
    const page = await fetch(authorizeUrl());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(html).toContain('<button type="submit" name="decision" value="deny">Deny</button>');
    expect(html).toContain('value="st&amp;te"');
  });

  it('refuses an unknown client or a non-code response type with a page, not a redirect', async () => {
    const faults: Record<string, string>[] = [
      { client_id: 'someone-else' },
      { response_type: 'token' },
      { redirect_uri: 'nope' },
    ];
    for (const bad of faults) {
      const page = await fetch(authorizeUrl(bad), { redirect: 'manual' });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
    }
  });

  it('redirects a denial with access_denied and the state', async () => {
    const callback = await submitConsent(authorizeUrl(), 'deny');
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st&te');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('exchanges an approved code once, with the PKCE verifier and the same redirect_uri, for working tokens', async () => {
    const wrongVerifier = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code');
    expect(
      await token({
        grant_type: 'authorization_code',
        code: wrongVerifier,
        redirect_uri: REDIRECT,
        code_verifier: 'another-verifier',
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const noVerifier = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code');
    expect(
      (await token({ grant_type: 'authorization_code', code: noVerifier, redirect_uri: REDIRECT })).status,
    ).toBe(400);
    const otherRedirect = (await submitConsent(authorizeUrl(), 'allow')).searchParams.get('code');
    expect(
      (
        await token({
          grant_type: 'authorization_code',
          code: otherRedirect,
          redirect_uri: 'http://127.0.0.1:9/elsewhere',
          code_verifier: VERIFIER,
        })
      ).status,
    ).toBe(400);

    const callback = await submitConsent(authorizeUrl(), 'allow');
    expect(callback.searchParams.get('state')).toBe('st&te');
    const grant = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code'),
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    };
    const issued = await token(grant);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ token_type: 'bearer', scope: 'read' });
    const tickets = await fetch(`${sim.baseUrl}/tickets.json`, {
      headers: { authorization: `Bearer ${issued.body.access_token}` },
    });
    expect(tickets.status).toBe(200);
    expect(await token(grant)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers a form-encoded token request as the JSON-only endpoint it is', async () => {
    const response = await fetch(sim.oauthTokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});
