import { type AsanaAuth, createLocalExecutor } from '@conduit/asana';
import { ResponseValidationError } from '@conduit/protocol';
import type { QueryParams, RateLimiter, TransportHooks } from '@conduit/transport';
import * as z from 'zod';
import type { LoadedConnector } from '../services/connector-service';
import { VERSION } from '../version';

/** One page of an upstream listing. */
export interface UpstreamPage {
  readonly records: Record<string, unknown>[];
  /** The offset of the next page; null on the last one. */
  readonly nextOffset: string | null;
}

/** Reads listings of one connector's upstream, page by page. */
export interface SyncUpstream {
  page(path: string, query: QueryParams, signal: AbortSignal): Promise<UpstreamPage>;
}

/** What building a connector's upstream reader needs. */
export interface SyncUpstreamOptions {
  readonly connector: LoadedConnector;
  /** The connector's request budget in this process; undefined for none (`CONDUIT_UPSTREAM_RATE_LIMIT=off`). */
  readonly limiter: RateLimiter | undefined;
  readonly hooks?: TransportHooks;
  /** Persists refreshed OAuth credentials (sealed, connector `active`). */
  readonly saveCredentials: (credentials: unknown) => Promise<void>;
  /** Per-attempt timeout. */
  readonly timeoutMs: number;
  readonly fetch?: typeof globalThis.fetch;
}

/** Builds the upstream reader of a connector for a sync run. */
export type SyncUpstreamFactory = (options: SyncUpstreamOptions) => SyncUpstream;

const PageSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  next_page: z
    .object({ offset: z.string().min(1) })
    .passthrough()
    .nullish(),
});

function authOf(
  connector: Extract<LoadedConnector, { type: 'task-management' }>,
  save: SyncUpstreamOptions['saveCredentials'],
): AsanaAuth {
  const credentials = connector.credentials;
  if ('token' in credentials) return { token: credentials.token };
  const { client_id: clientId, client_secret: clientSecret } = credentials;
  return {
    refreshToken: credentials.refresh_token,
    clientId,
    clientSecret,
    ...(credentials.access_token === undefined ? {} : { accessToken: credentials.access_token }),
    // Awaited by the refresh, so the rotated refresh token is stored before it is relied on.
    onTokens: (tokens) =>
      save({
        refresh_token: tokens.refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
        access_token: tokens.accessToken,
      }),
  };
}

/**
 * The task-management connector's upstream as a sync reads it: the connector's own transport
 * (built the way its local executor builds it: auth with OAuth refresh, retries with
 * `Retry-After`, the shared limiter, error mapping), asked for raw pages so `opt_fields` can name
 * every searchable field.
 *
 * @example
 * ```ts
 * const upstream = asanaSyncUpstream({ connector, limiter, saveCredentials, timeoutMs: 30_000 });
 * const page = await upstream.page('/workspaces', { limit: 100, opt_fields: 'gid,name' }, signal);
 * ```
 */
export function asanaSyncUpstream(options: SyncUpstreamOptions): SyncUpstream {
  const connector = options.connector;
  if (connector.type !== 'task-management') {
    throw new TypeError(`cannot sync a ${connector.type} connector`);
  }
  const { transport } = createLocalExecutor({
    auth: authOf(connector, options.saveCredentials),
    baseUrl: connector.baseUrl,
    rateLimit: options.limiter ?? false,
    // A background run may wait out long upstream pauses: nobody is holding a request open.
    retry: { limit: 6, maxRetryAfterMs: 300_000 },
    timeoutMs: options.timeoutMs,
    userAgent: `conduit-server-sync/${VERSION}`,
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return {
    async page(path, query, signal) {
      const body = await transport.json({ path, query, signal });
      const parsed = PageSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ResponseValidationError(
          `the upstream's ${path} page does not have the expected shape: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
        );
      }
      return { records: parsed.data.data, nextOffset: parsed.data.next_page?.offset ?? null };
    },
  };
}
