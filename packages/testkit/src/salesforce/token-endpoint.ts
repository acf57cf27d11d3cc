import { type SalesforceExchange, type SalesforceHostState, sendSalesforceJson } from './salesforce-host';
import type { SalesforceTokenError } from './salesforce-token-store';

/**
 * `POST /services/oauth2/token` on either host: the refresh and authorization-code grants, with
 * the client's credentials in the form or in Basic auth, answered as Salesforce does
 * (crm-upstream.md §3).
 */
export async function serveToken(
  state: SalesforceHostState,
  exchange: SalesforceExchange,
  body: string,
): Promise<void> {
  const { req, url } = exchange;
  const { tokens, data } = state;
  const fail = (error: SalesforceTokenError): Promise<void> => sendSalesforceJson(exchange, 400, error);
  if (req.method !== 'POST') {
    await fail({ error: 'invalid_request', error_description: 'must use HTTP POST' });
    return;
  }
  // The endpoint also reads query parameters; the body wins.
  const form = new URLSearchParams(url.search);
  for (const [key, value] of new URLSearchParams(body)) form.set(key, value);
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic !== null) {
    const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon !== -1) {
      form.set('client_id', decodeURIComponent(decoded.slice(0, colon)));
      form.set('client_secret', decodeURIComponent(decoded.slice(colon + 1)));
    }
  }
  const grantType = form.get('grant_type');
  if (grantType === null || grantType === '') {
    await fail({ error: 'invalid_request', error_description: 'grant type is missing' });
    return;
  }
  if (grantType !== 'refresh_token' && grantType !== 'authorization_code') {
    await fail({ error: 'unsupported_grant_type', error_description: 'grant type not supported' });
    return;
  }
  const clientError = tokens.checkClient(form.get('client_id'), form.get('client_secret'));
  if (clientError !== undefined) {
    await fail(clientError);
    return;
  }
  const now = state.clock.now();
  const result =
    grantType === 'refresh_token'
      ? tokens.refresh(now, form.get('refresh_token'))
      : tokens.exchangeCode(now, {
          code: form.get('code'),
          redirectUri: form.get('redirect_uri'),
          codeVerifier: form.get('code_verifier'),
        });
  if ('error' in result) {
    await fail(result);
    return;
  }
  const issuedAt = String(now);
  const id = `${state.loginUrl}/id/${data.orgId}/${data.apiUserId}`;
  await sendSalesforceJson(exchange, 200, {
    access_token: result.accessToken,
    ...(result.refreshToken === undefined ? {} : { refresh_token: result.refreshToken }),
    signature: tokens.sign(id, issuedAt),
    scope: 'scope' in result ? result.scope : 'refresh_token api id',
    instance_url: state.instanceUrl,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  });
}
