import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';

/** How long the browser keeps a flow's binding: past it, the consent takes too long anyway. */
export const OAUTH_BINDING_MAX_AGE_SECONDS = 900;

const CALLBACK_PATH = '/connect/oauth/callback';

// One cookie per flow, named after its state, so two flows in two tabs do not overwrite each other.
function cookieName(state: string): string {
  return `conduit_oauth_${createHash('sha256').update(state).digest('base64url').slice(0, 16)}`;
}

function secureCookies(c: Context<AppEnv>, services: ServerServices): boolean {
  const base = services.config.publicUrl ?? c.req.url;
  return new URL(base).protocol === 'https:';
}

/**
 * Gives the browser starting an OAuth flow the flow's binding: an HttpOnly, `SameSite=Lax` cookie
 * (sent on the upstream's top-level redirect back, never on a cross-site subrequest), only to the
 * callback's path, for {@link OAUTH_BINDING_MAX_AGE_SECONDS}.
 *
 * @example
 * ```ts
 * setOAuthBinding(c, services, state, browserBinding);
 * ```
 */
export function setOAuthBinding(
  c: Context<AppEnv>,
  services: ServerServices,
  state: string,
  binding: string,
): void {
  setCookie(c, cookieName(state), binding, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(c, services),
    path: CALLBACK_PATH,
    maxAge: OAUTH_BINDING_MAX_AGE_SECONDS,
  });
}

/**
 * The binding the browser presents with a callback for `state`, and the cookie cleared (a flow is
 * finished or refused once).
 *
 * @example
 * ```ts
 * const binding = takeOAuthBinding(c, services, state);
 * ```
 */
export function takeOAuthBinding(
  c: Context<AppEnv>,
  services: ServerServices,
  state: string,
): string | undefined {
  const name = cookieName(state);
  const binding = getCookie(c, name);
  if (binding !== undefined)
    deleteCookie(c, name, { path: CALLBACK_PATH, secure: secureCookies(c, services) });
  return binding;
}

/**
 * Whether a post to the connect page comes from another site: its `Origin` names another host
 * than the service's (its `CONDUIT_PUBLIC_URL` or the request's own), or is `null`, or the
 * browser says `Sec-Fetch-Site: cross-site`. A post without either header (an old browser, a
 * script) is not refused: the session id in the path is still needed.
 *
 * @example
 * ```ts
 * if (crossSitePost(c, services)) return forbidden(c);
 * ```
 */
export function crossSitePost(c: Context<AppEnv>, services: ServerServices): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  const host = new URL(origin).host;
  const own = [new URL(c.req.url).host];
  if (services.config.publicUrl !== undefined) own.push(new URL(services.config.publicUrl).host);
  return !own.includes(host);
}
