import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendBody } from '../core/http-io';

/**
 * An authorization request (RFC 6749 §4.1.1, with RFC 7636's PKCE parameters) as the user's
 * browser brings it to a simulated consent screen.
 *
 * @example
 * ```ts
 * const request: AuthorizationRequest = { clientId: 'app', redirectUri: 'http://127.0.0.1:1/cb', state: 's', scope: 'read' };
 * ```
 */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly scope: string | undefined;
  readonly codeChallenge: string | undefined;
  readonly codeChallengeMethod: string | undefined;
}

/**
 * What one upstream's consent screen knows: its name, whether a request is acceptable, and how it
 * issues a code for an approved one.
 *
 * @example
 * ```ts
 * const screen: ConsentScreen = { upstream: 'Zendesk', check: (query) => undefined, issueCode: (request) => store.issue(request) };
 * ```
 */
export interface ConsentScreen {
  /** Shown in the page, e.g. `Zendesk`. */
  readonly upstream: string;
  /** Why the request is refused (unknown client, bad redirect_uri, …), or undefined. */
  check(query: URLSearchParams): string | undefined;
  /** A one-time code for an approved request. */
  issueCode(request: AuthorizationRequest): string;
  /** Extra query parameters of the denial redirect, e.g. Salesforce's `error_description`. */
  readonly denial?: Readonly<Record<string, string>>;
}

// The parameters carried from the GET to the form POST, in the page's hidden inputs.
const CARRIED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

async function sendHtml(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  page: string,
): Promise<void> {
  const body = Buffer.from(page);
  await sendBody(
    req,
    res,
    status,
    {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    },
    [body],
  );
}

function requestOf(query: URLSearchParams): AuthorizationRequest {
  const optional = (name: string): string | undefined => query.get(name) ?? undefined;
  return {
    clientId: query.get('client_id') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    state: optional('state'),
    scope: optional('scope'),
    codeChallenge: optional('code_challenge'),
    codeChallengeMethod: optional('code_challenge_method'),
  };
}

/**
 * A simulated consent screen on an authorize endpoint: `GET` checks the request and shows a page
 * with **Allow** and **Deny** buttons (a plain form a browser test clicks), which posts the
 * request back; `POST` redirects (302) to `redirect_uri` with `code` and `state` when allowed, or
 * with `error=access_denied` and `state` when denied (RFC 6749 §4.1.2). A refused request gets a
 * 400 page and no redirect, as §4.1.2.1 requires for a bad client or redirect URI.
 *
 * @example
 * ```ts
 * if (url.pathname === '/oauth/authorizations/new') return handleConsent(req, res, url, screen);
 * ```
 */
export async function handleConsent(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  screen: ConsentScreen,
): Promise<void> {
  const posted = req.method === 'POST';
  if (!posted && req.method !== 'GET') {
    await sendHtml(
      req,
      res,
      405,
      '<!doctype html><title>Method not allowed</title><h1>Method not allowed</h1>',
    );
    return;
  }
  const query = posted ? new URLSearchParams(await readBody(req)) : url.searchParams;
  const problem =
    screen.check(query) ??
    (query.get('response_type') !== 'code'
      ? 'response_type must be code'
      : !URL.canParse(query.get('redirect_uri') ?? '')
        ? 'redirect_uri is missing or invalid'
        : undefined);
  if (problem !== undefined) {
    await sendHtml(
      req,
      res,
      400,
      `<!doctype html><title>Invalid authorization request</title><h1>Invalid authorization request</h1><p>${escapeHtml(problem)}</p>`,
    );
    return;
  }
  const request = requestOf(query);
  if (!posted) {
    const hidden = CARRIED.flatMap((name) => {
      const value = query.get(name);
      return value === null ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`];
    }).join('');
    const upstream = escapeHtml(screen.upstream);
    await sendHtml(
      req,
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allow access? | ${upstream}</title></head><body>` +
        `<h1>Allow access to your ${upstream} account?</h1>` +
        `<p>The application <strong>${escapeHtml(request.clientId)}</strong> asks for: ${escapeHtml(request.scope ?? 'default access')}.</p>` +
        `<form method="post" action="${escapeHtml(url.pathname)}">${hidden}` +
        '<button type="submit" name="decision" value="allow">Allow</button> ' +
        '<button type="submit" name="decision" value="deny">Deny</button></form></body></html>',
    );
    return;
  }
  const target = new URL(request.redirectUri);
  if (query.get('decision') === 'allow') {
    target.searchParams.set('code', screen.issueCode(request));
  } else {
    target.searchParams.set('error', 'access_denied');
    for (const [name, value] of Object.entries(screen.denial ?? {})) target.searchParams.set(name, value);
  }
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  await sendBody(req, res, 302, { location: target.href, 'content-length': 0 }, []);
}
