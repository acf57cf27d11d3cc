import { definedOptions } from '@conduit/protocol';
import type { QueryParams, RetryOptions, Transport, TransportHooks } from '@conduit/transport';
import { createTransport, type ListResult, paginate } from '@conduit/transport';
import type * as z from 'zod';
import type { CloudClientConfig } from '../config/cloud-client-config';
import { resolveConfigApiRoot } from '../config/platform-roots';
import { mapPlatformHttpError } from '../errors/map-platform-http-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { VERSION } from '../version';
import { nextPageQuery } from './next-page-query';
import { platformAuth } from './platform-auth';
import { pageSchema } from './wire-schemas';

/**
 * HTTP settings of a workspace client, passed through to `@conduit/transport`.
 *
 * @example
 * ```ts
 * const http: CloudHttpOptions = { requestTimeout: 60, retry: { limit: 5 }, userAgent: 'my-app/1.0' };
 * ```
 */
export interface CloudHttpOptions {
  /** The fetch to use; default `globalThis.fetch`, looked up per request. */
  fetch?: typeof globalThis.fetch;
  /** Per attempt, in seconds. Default 30. */
  requestTimeout?: number;
  /** Merged over the transport's retry defaults; `false` for one attempt per call. */
  retry?: Partial<RetryOptions> | false;
  /** Logging and tracing callbacks (every event is redacted). */
  hooks?: TransportHooks;
  /** Product token put before `conduit-cloud/<version>` in the User-Agent. */
  userAgent?: string;
}

/** A request to the public API. */
export interface PublicRequest<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: QueryParams;
  json?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal | undefined;
  /** Marks a POST/PATCH safe to retry (it sets absolute values). */
  idempotent?: boolean;
  /** Named in a 404 whose body does not say what was missing. */
  resource?: { type: string; id: string };
}

/** How one paged listing is requested. */
export interface PageWalk {
  /** The collection, e.g. `/connections`. */
  collectionPath: string;
  /** The first page's query. */
  query: Record<string, string | readonly string[]>;
  /** Filters the client owns: kept on every page whatever the server's `next` link says. */
  pinned: Record<string, string | readonly string[]>;
  /** Adjusts each following page's query (e.g. a shrinking `limit`). */
  adjust?: (query: URLSearchParams) => void;
  signal?: AbortSignal | undefined;
}

const encode = encodeURIComponent;

/**
 * The platform's two HTTP APIs behind one object: the public API under `apiRoot` and the Config
 * API (always POST with a JSON body) under the Config API root, which is resolved only when a
 * Config API call is first made. Both share one auth strategy, so one token serves both.
 * Internal: resources reach it through their workspace.
 *
 * @example
 * ```ts
 * const api = new PlatformApi(config, {});
 * const job = await api.request({ path: `/jobs/${jobId}`, schema: JobResponseSchema });
 * ```
 */
export class PlatformApi {
  readonly apiRoot: string;
  readonly #config: CloudClientConfig;
  readonly #public: Transport;
  readonly #common: Parameters<typeof createTransport>[0];
  #configTransport: Transport | undefined;

  constructor(config: CloudClientConfig, options: CloudHttpOptions & { now?: () => number }) {
    this.#config = config;
    this.apiRoot = config.apiRoot;
    const timeoutMs = options.requestTimeout === undefined ? undefined : options.requestTimeout * 1000;
    const userAgent = [...(options.userAgent ? [options.userAgent] : []), `conduit-cloud/${VERSION}`];
    const auth = platformAuth(
      config,
      definedOptions({ userAgent, fetch: options.fetch, timeoutMs, now: options.now }),
    );
    this.#common = {
      baseUrl: config.apiRoot,
      auth,
      userAgent,
      errorMapper: mapPlatformHttpError,
      ...definedOptions({ fetch: options.fetch, timeoutMs, retry: options.retry, hooks: options.hooks }),
    };
    this.#public = createTransport(this.#common);
  }

  /** The Config API root; throws `PlatformInputError` when it can be neither read nor derived. */
  get configApiRoot(): string {
    return resolveConfigApiRoot(this.#config.apiRoot, this.#config.configApiRoot);
  }

  /** One public API call; resolves with the (validated) body, `undefined` for an empty one. */
  async request<T>(request: PublicRequest<T>): Promise<T> {
    try {
      return await this.#public.json<T>({
        method: request.method ?? 'GET',
        path: request.path,
        ...definedOptions({
          query: request.query,
          json: request.json,
          schema: request.schema,
          signal: request.signal,
          idempotent: request.idempotent,
        }),
      });
    } catch (error) {
      throw withResource(error, request.resource);
    }
  }

  /** One Config API call: POST `path` under the Config API root with a JSON body. */
  async configPost<T>(
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    options: {
      signal?: AbortSignal | undefined;
      idempotent?: boolean;
      resource?: { type: string; id: string };
    } = {},
  ): Promise<T> {
    this.#configTransport ??= createTransport({ ...this.#common, baseUrl: this.configApiRoot });
    try {
      return await this.#configTransport.json<T>({
        method: 'POST',
        path,
        json: body,
        schema,
        // Config API reads are POSTs; they change nothing, so they may be retried like GETs.
        idempotent: options.idempotent ?? true,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw withResource(error, options.resource);
    }
  }

  /**
   * Walks a paged public collection, following the server's `next` links (path and query only,
   * rebuilt on `apiRoot`; see {@link nextPageQuery}) until a page is empty or has no `next`.
   */
  pages<Item>(
    walk: PageWalk,
    item: z.ZodType<Item>,
  ): ListResult<Item, { data: Item[]; next?: string | null | undefined }> {
    const schema = pageSchema(item) as unknown as z.ZodType<{ data: Item[]; next?: string | null }>;
    const first = new URLSearchParams();
    for (const [name, value] of Object.entries(walk.query)) {
      for (const entry of typeof value === 'string' ? [value] : value) first.append(name, entry);
    }
    return paginate({
      fetchPage: (cursor, signal) =>
        this.request({
          path: walk.collectionPath,
          query: toQuery(new URLSearchParams(cursor ?? first.toString())),
          schema,
          signal,
        }),
      items: (page) => page.data,
      nextCursor: (page) => {
        // `next` stays set on a short last page; only an empty page ends the listing for sure.
        if (page.data.length === 0) return undefined;
        const next = nextPageQuery(page.next, walk.collectionPath, walk.pinned);
        if (next === undefined || !walk.adjust) return next;
        const query = new URLSearchParams(next);
        walk.adjust(query);
        return query.toString();
      },
      ...(walk.signal ? { signal: walk.signal } : {}),
    });
  }

  /** Every item of a paged collection, in server order. */
  async listAll<Item>(walk: PageWalk, item: z.ZodType<Item>): Promise<Item[]> {
    return this.pages(walk, item).toArray();
  }

  /** `/path/{id}` with the id encoded, so an id can never climb out of its collection. */
  static path(...segments: Array<string | number>): string {
    return `/${segments.map((segment) => encode(String(segment))).join('/')}`;
  }
}

function toQuery(params: URLSearchParams): QueryParams {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

function withResource(error: unknown, resource: { type: string; id: string } | undefined): unknown {
  if (!resource || !(error instanceof PlatformMissingResourceError)) return error;
  if (error.resourceType !== undefined && error.resourceId !== undefined) return error;
  return new PlatformMissingResourceError(`The ${resource.type} ${resource.id} was not found.`, {
    status: error.status ?? 404,
    resourceType: error.resourceType ?? resource.type,
    resourceId: error.resourceId ?? resource.id,
    ...definedOptions({ request: error.request }),
    cause: error,
  });
}
