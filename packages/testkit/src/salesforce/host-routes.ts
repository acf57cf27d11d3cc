import { bearerToken } from '../core/http-io';
import { sleep } from '../core/sleep';
import { handleConsent } from '../oauth/consent-page';
import { serveData, versionList } from './data-request';
import { type SalesforceExchange, type SalesforceHostState, sendSalesforceJson } from './salesforce-host';
import { RESOURCE_NOT_FOUND } from './salesforce-http-error';
import type { SalesforceFault } from './salesforce-simulator-options';
import { serveToken } from './token-endpoint';

/** The token endpoint's path, on both hosts: its requests' form bodies are read and logged. */
export const TOKEN_PATH = '/services/oauth2/token';
const IDENTITY_PATH = /^\/id\/([^/]+)\/([^/]+)$/;

/** What a route is handed: the exchange, the fault queued for it, and a token request's body. */
interface RouteCall {
  readonly exchange: SalesforceExchange;
  readonly fault: SalesforceFault | undefined;
  readonly body: string | undefined;
}

/** One route of the simulator's two hosts: the first whose `matches` holds answers. */
interface HostRoute {
  matches(exchange: SalesforceExchange): boolean;
  serve(state: SalesforceHostState, call: RouteCall): Promise<void>;
}

async function token(state: SalesforceHostState, { exchange, fault, body }: RouteCall): Promise<void> {
  if (fault?.kind === 'error') {
    await sendSalesforceJson(exchange, fault.status, {
      error: fault.errorCode,
      error_description: fault.message,
    });
    return;
  }
  await sleep(fault?.kind === 'delay' ? fault.ms : 0);
  await serveToken(state, exchange, body ?? '');
}

/** The web-server flow's consent screen, on the login host and on the org's own host alike. */
async function consent(state: SalesforceHostState, { exchange }: RouteCall): Promise<void> {
  const { tokens, clock } = state;
  await handleConsent(exchange.req, exchange.res, exchange.url, {
    upstream: 'Salesforce',
    check: (query) =>
      query.get('client_id') === tokens.clientId ? undefined : 'invalid_client_id: client identifier invalid',
    issueCode: (request) =>
      tokens.issueAuthorizationCode(clock.now(), {
        redirectUri: request.redirectUri,
        scope: request.scope,
        challenge: request.codeChallenge,
        method: request.codeChallengeMethod,
      }),
    denial: { error_description: 'end-user denied authorization' },
  });
}

/** The identity URL of a token response (`/id/{org}/{user}`), on the login host. */
async function identity(state: SalesforceHostState, { exchange }: RouteCall): Promise<void> {
  const [, orgId, userId] = IDENTITY_PATH.exec(exchange.url.pathname) as RegExpExecArray;
  const token = bearerToken(exchange.req.headers.authorization);
  if (token === undefined || !state.tokens.authenticate(token, state.clock.now())) {
    await sendSalesforceJson(exchange, 403, 'Bad_OAuth_Token');
    return;
  }
  const user = state.data.get(userId as string);
  await sendSalesforceJson(exchange, user === undefined ? 404 : 200, {
    id: exchange.url.toString(),
    user_id: userId,
    organization_id: orgId,
    username: user?.Username ?? null,
    display_name: user?.Name ?? null,
    email: user?.Email ?? null,
  });
}

/** Every route of both hosts, in the order they are tried; the REST API is the last. */
export const HOST_ROUTES: readonly HostRoute[] = [
  { matches: ({ url }) => url.pathname === TOKEN_PATH, serve: token },
  { matches: ({ url }) => url.pathname === '/services/oauth2/authorize', serve: consent },
  {
    matches: ({ url }) => url.pathname === '/services/data' || url.pathname === '/services/data/',
    serve: (state, { exchange }) => sendSalesforceJson(exchange, 200, versionList(state)),
  },
  { matches: ({ host, url }) => host === 'login' && IDENTITY_PATH.test(url.pathname), serve: identity },
  {
    // Data calls must go to the instance_url of the token response, not the login host.
    matches: ({ host }) => host === 'login',
    serve: (_state, { exchange }) =>
      sendSalesforceJson(exchange, 404, [{ errorCode: 'NOT_FOUND', message: RESOURCE_NOT_FOUND }]),
  },
  { matches: () => true, serve: (state, { exchange, fault }) => serveData(state, exchange, fault) },
];
