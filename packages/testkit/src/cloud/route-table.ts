/** Which of the platform's two APIs a route belongs to. */
export type ApiSurface = 'public' | 'config';

/** A route: method, a path template such as `/jobs/{jobId}`, and the spec's operation id. */
export interface RouteDefinition<Handler> {
  api: ApiSurface;
  method: string;
  /** Path template relative to the API root, with `{name}` placeholders. */
  path: string;
  /** The `operationId` of the OpenAPI spec, used to name the route in the request log. */
  operationId: string;
  /** False only for the token endpoint (`security: []`). */
  authenticated: boolean;
  handler: Handler;
}

/** The outcome of looking a request up in a {@link RouteTable}. */
export type RouteLookup<Handler> =
  | { kind: 'found'; route: RouteDefinition<Handler>; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/**
 * A method-and-template router. Literal segments win over placeholders, so
 * `POST /jobs/get` (Config API) and `GET /jobs/{jobId}` (public API) never shadow each other.
 *
 * @example
 * ```ts
 * const table = new RouteTable<Handler>([{ api: 'public', method: 'GET', path: '/jobs/{jobId}', operationId: 'getJob', authenticated: true, handler }]);
 * table.lookup('public', 'GET', '/jobs/12'); // { kind: 'found', params: { jobId: '12' }, ... }
 * ```
 */
export class RouteTable<Handler> {
  readonly #routes: Array<{ definition: RouteDefinition<Handler>; segments: string[] }>;

  constructor(routes: Array<RouteDefinition<Handler>>) {
    this.#routes = routes.map((definition) => ({ definition, segments: splitPath(definition.path) }));
    // Templates with more literal segments sort first, so the most specific match wins.
    this.#routes.sort((a, b) => literalCount(b.segments) - literalCount(a.segments));
  }

  lookup(api: ApiSurface, method: string, path: string): RouteLookup<Handler> {
    const requested = splitPath(path);
    const allowed = new Set<string>();
    for (const { definition, segments } of this.#routes) {
      if (definition.api !== api) continue;
      const params = matchSegments(segments, requested);
      if (params === undefined) continue;
      if (definition.method === method) return { kind: 'found', route: definition, params };
      allowed.add(definition.method);
    }
    return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed] } : { kind: 'not-found' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function literalCount(segments: string[]): number {
  return segments.filter((segment) => !segment.startsWith('{')).length;
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | undefined {
  if (template.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < template.length; index += 1) {
    const expected = template[index] as string;
    const value = actual[index] as string;
    if (expected.startsWith('{') && expected.endsWith('}')) {
      try {
        params[expected.slice(1, -1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (expected !== value) {
      return undefined;
    }
  }
  return params;
}
