import { ACCOUNT_ROUTES } from './account-routes';
import type { ZendeskRoute } from './route-context';
import { SEARCH_EXPORT_ROUTES } from './search-export-routes';
import { TICKET_ROUTES } from './ticket-routes';

export type { RouteContext, ZendeskRoute } from './route-context';

/**
 * Every served operation (GET, under `/api/v2`, with or without `.json`), written from the
 * reference's operation map (§2.1) and the official spec's paths.
 *
 * @example
 * ```ts
 * ZENDESK_ROUTES.map((route) => route.template); // ['/tickets', '/tickets/show_many', ...]
 * ```
 */
export const ZENDESK_ROUTES: readonly ZendeskRoute[] = [
  ...TICKET_ROUTES,
  ...ACCOUNT_ROUTES,
  ...SEARCH_EXPORT_ROUTES,
];

interface CompiledRoute {
  route: ZendeskRoute;
  segments: string[];
}

const COMPILED: CompiledRoute[] = ZENDESK_ROUTES.map((route) => ({
  route,
  segments: route.template.split('/').slice(1),
}));

/**
 * The route for an API path (without `/api/v2`; a trailing `.json` is accepted), literal
 * segments winning over parameters (`/users/me` before `/users/{user_id}`).
 *
 * @example
 * ```ts
 * matchZendeskRoute('/tickets/12.json'); // { route: ..., params: { ticket_id: '12' } }
 * ```
 */
export function matchZendeskRoute(
  path: string,
): { route: ZendeskRoute; params: Record<string, string> } | undefined {
  const parts = path
    .replace(/\.json$/, '')
    .split('/')
    .slice(1);
  for (const { route, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i += 1) {
      const segment = segments[i] as string;
      const part = decodeURIComponent(parts[i] as string);
      if (segment.startsWith('{')) params[segment.slice(1, -1)] = part;
      else ok = segment === part;
    }
    if (ok) return { route, params };
  }
  return undefined;
}
