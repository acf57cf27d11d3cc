import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendBody, sendJson } from '../core/http-io';
import type { AsanaDataset } from './asana-dataset';
import type { AsanaTokenStore, TokenError, TokenGrant } from './token-store';

/** What the OAuth endpoints need. */
export interface OAuthDependencies {
  data: AsanaDataset;
  tokens: AsanaTokenStore;
  now(): number;
}

function isError(result: TokenGrant | TokenError): result is TokenError {
  return 'error' in result;
}

async function sendTokenError(req: IncomingMessage, res: ServerResponse, error: TokenError): Promise<void> {
  await sendJson(req, res, error.status, { error: error.error, error_description: error.description });
}

/**
 * `POST /-/oauth_token` (form-encoded): the `authorization_code` and `refresh_token` grants.
 * Success answers `{access_token, expires_in, token_type: "bearer", refresh_token?, data: {id,
 * gid, name, email}}`; failures use the OAuth 2 shape `{"error": "invalid_grant", …}`.
 *
 * @example
 * ```ts
 * await handleTokenRequest(req, res, body, deps);
 * ```
 */
export async function handleTokenRequest(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  deps: OAuthDependencies,
): Promise<void> {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (req.method !== 'POST' || contentType !== 'application/x-www-form-urlencoded') {
    await sendTokenError(req, res, {
      status: 400,
      error: 'invalid_request',
      description: 'POST a form-encoded (application/x-www-form-urlencoded) body.',
    });
    return;
  }
  const form = new URLSearchParams(body);
  const clientError = deps.tokens.checkClient(form.get('client_id'), form.get('client_secret'));
  if (clientError !== undefined) {
    await sendTokenError(req, res, clientError);
    return;
  }
  const grantType = form.get('grant_type');
  let result: TokenGrant | TokenError;
  if (grantType === 'authorization_code') {
    result = deps.tokens.exchangeCode(deps.now(), {
      code: form.get('code'),
      redirectUri: form.get('redirect_uri'),
      codeVerifier: form.get('code_verifier'),
    });
  } else if (grantType === 'refresh_token') {
    result = deps.tokens.refresh(deps.now(), form.get('refresh_token'));
  } else {
    result = {
      status: 400,
      error: 'unsupported_grant_type',
      description: `Unsupported grant_type: ${grantType ?? '(missing)'}.`,
    };
  }
  if (isError(result)) {
    await sendTokenError(req, res, result);
    return;
  }
  const me = deps.data.me;
  await sendJson(req, res, 200, {
    ...result,
    data: { id: me.gid, gid: me.gid, name: me.name, email: me.email },
  });
}

/**
 * `POST /-/oauth_revoke` (form: client_id, client_secret, token). Answers 200 even for unknown
 * tokens, as Asana does; bad client credentials are a 401.
 *
 * @example
 * ```ts
 * await handleRevokeRequest(req, res, body, deps);
 * ```
 */
export async function handleRevokeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  deps: OAuthDependencies,
): Promise<void> {
  const form = new URLSearchParams(body);
  const clientError = deps.tokens.checkClient(form.get('client_id'), form.get('client_secret'));
  if (req.method !== 'POST' || clientError !== undefined) {
    await sendTokenError(
      req,
      res,
      clientError ?? { status: 400, error: 'invalid_request', description: 'POST a form-encoded body.' },
    );
    return;
  }
  deps.tokens.revoke(form.get('token') ?? '');
  await sendJson(req, res, 200, {});
}

/**
 * `GET /-/oauth_authorize`: consents immediately (there is no user to click) and redirects to
 * `redirect_uri` with a one-time `code` and the caller's `state`, so CLI login flows can run end
 * to end against the simulator.
 *
 * @example
 * ```ts
 * await handleAuthorizeRequest(req, res, url, deps); // 302 Location: <redirect_uri>?code=…&state=…
 * ```
 */
export async function handleAuthorizeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: OAuthDependencies,
): Promise<void> {
  const query = url.searchParams;
  const redirectUri = query.get('redirect_uri');
  const problem =
    query.get('client_id') !== deps.tokens.clientId
      ? 'unknown client_id'
      : query.get('response_type') !== 'code'
        ? 'response_type must be code'
        : redirectUri === null || !URL.canParse(redirectUri)
          ? 'redirect_uri is missing or invalid'
          : deps.tokens.redirectUri !== undefined && redirectUri !== deps.tokens.redirectUri
            ? 'redirect_uri does not match the registered one'
            : undefined;
  if (problem !== undefined || redirectUri === null) {
    const page = Buffer.from(
      `<html><body><h1>Invalid authorization request</h1><p>${problem}</p></body></html>`,
    );
    await sendBody(
      req,
      res,
      400,
      { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length },
      [page],
    );
    return;
  }
  const code = deps.tokens.issueAuthorizationCode(deps.now(), {
    redirectUri,
    codeChallenge: query.get('code_challenge') ?? undefined,
    codeChallengeMethod: query.get('code_challenge_method') ?? undefined,
  });
  const target = new URL(redirectUri);
  target.searchParams.set('code', code);
  const state = query.get('state');
  if (state !== null) target.searchParams.set('state', state);
  await sendBody(req, res, 302, { location: target.toString(), 'content-length': 0 }, []);
}
