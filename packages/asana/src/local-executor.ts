import { compileRecordCheck, decodeOffset, encodeOffset, type RecordCheck } from '@conduit/connector-kit';
import {
  type ActionDefinition,
  ConduitError,
  type ConnectorExecutor,
  CursorExpiredError,
  type DownloadResult,
  type ExecuteOptions,
  type ExecuteRequest,
  type ListEnvelope,
  NextPageSchema,
  ResponseValidationError,
  resolveExecuteRequest,
  UnsupportedOperationError,
} from '@conduit/protocol';
import {
  type AuthStrategy,
  bearerAuth,
  createRateLimiter,
  createTransport,
  type OAuthTokens,
  type RateLimiter,
  type RateLimiterOptions,
  type RetryOptions,
  refreshTokenAuth,
  type Transport,
  type TransportHooks,
} from '@conduit/transport';
import * as z from 'zod';

interface LocalOffset {
  index: number;
}
interface SearchOffset {
  after: string;
  seen: string[];
}

import { mapAsanaError } from './asana-errors';
import { asanaDefinition } from './definition/definition';
import { AttachmentRecord } from './definition/records';
import { ENDPOINTS, type Endpoint, fillPath } from './endpoints';
import { VERSION } from './version';

/** The upstream API root. */
export const ASANA_API_URL = 'https://app.asana.com/api/1.0';

/** The upstream's published limits for one token: 1,500 requests a minute, 50 concurrent reads. */
export const ASANA_RATE_LIMIT: RateLimiterOptions = {
  requestsPerInterval: 1500,
  intervalMs: 60_000,
  maxConcurrent: 50,
};

/** Tokens obtained by an OAuth refresh, to persist (`expiresAt` in epoch milliseconds, when known). */
export type AsanaTokens = OAuthTokens;

/**
 * Upstream credentials of local mode: a personal access token, or an OAuth refresh token with the
 * app's client id and secret (refreshed through the upstream token endpoint, one refresh at a
 * time, `onTokens` called with every new pair).
 */
export type AsanaAuth =
  | { token: string }
  | {
      refreshToken: string;
      clientId: string;
      clientSecret: string;
      accessToken?: string;
      /** Epoch milliseconds when `accessToken` expires, if known. */
      expiresAt?: number;
      /** Sent with refreshes; the upstream documents it as required for the app's grant. */
      redirectUri?: string;
      onTokens?: (tokens: AsanaTokens) => void | Promise<void>;
    };

/** Options of the connector in local mode. */
export interface AsanaLocalOptions {
  auth: AsanaAuth;
  /** API root; default `https://app.asana.com/api/1.0`. */
  baseUrl?: string;
  /** OAuth token endpoint; default `/-/oauth_token` on the API root's origin. */
  oauthTokenUrl?: string;
  /** The fetch requests go through; default `defaultFetch()` of @conduit/transport (on Node.js its node:http fetch). */
  fetch?: typeof globalThis.fetch;
  /**
   * Client-side limiter. Defaults to the upstream's limits for one token; pass a shared
   * `RateLimiter` to give several connectors with the same token one budget, or `false` for none.
   */
  rateLimit?: RateLimiterOptions | RateLimiter | false;
  retry?: Partial<RetryOptions> | false;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  hooks?: TransportHooks;
  /** Product token prepended to the User-Agent, e.g. `my-app/1.0`. */
  userAgent?: string;
}

const DEFAULT_PAGE_SIZE = 100;

const schemaCache = new WeakMap<object, z.ZodType>();
function cached<T extends z.ZodType>(key: object, build: () => T): T {
  let schema = schemaCache.get(key);
  if (!schema) {
    schema = build();
    schemaCache.set(key, schema);
  }
  return schema as T;
}

function parseUpstream<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ResponseValidationError(
    `The upstream's ${what} response does not have the expected shape: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    {
      details: result.error.issues.slice(0, 10).map((i) => ({
        field: i.path.join('.'),
        message: i.message,
        error_code: 'invalid_response',
      })),
    },
  );
}

const recordChecks = new WeakMap<object, RecordCheck | null>();

/** The compiled check of an action's record, or `null` when its schema needs zod. */
function recordCheckOf(action: ActionDefinition): RecordCheck | null {
  let check = recordChecks.get(action);
  if (check === undefined) {
    check = compileRecordCheck(action.record) ?? null;
    recordChecks.set(action, check);
  }
  return check;
}

const nextPageCheck = compileRecordCheck(NextPageSchema.nullish());

/**
 * The records and next page of an upstream list page. A page whose records certainly match is
 * used as it came: zod would only copy every record (most of the cost of a 100-record page).
 * Anything else goes through zod, which rejects it with the usual issues.
 */
function parseListPage(
  action: ActionDefinition,
  schema: z.ZodType<{ data: unknown[]; next_page?: ListEnvelope['meta']['next_page'] }>,
  body: unknown,
  what: string,
): { data: unknown[]; next_page?: ListEnvelope['meta']['next_page'] } {
  const records = recordCheckOf(action);
  if (records && nextPageCheck && typeof body === 'object' && body !== null) {
    const { data, next_page: nextPage } = body as { data?: unknown; next_page?: unknown };
    if (Array.isArray(data) && data.every(records) && nextPageCheck(nextPage)) {
      return { data, next_page: nextPage as ListEnvelope['meta']['next_page'] };
    }
  }
  return parseUpstream(schema, body, what);
}

function toQuery(params: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  return query;
}

function authStrategy(options: AsanaLocalOptions): AuthStrategy {
  const auth = options.auth;
  if ('token' in auth) return bearerAuth(auth.token);
  const tokenUrl =
    options.oauthTokenUrl ?? new URL('/-/oauth_token', options.baseUrl ?? ASANA_API_URL).toString();
  return refreshTokenAuth({
    tokenUrl,
    clientId: auth.clientId,
    clientSecret: auth.clientSecret,
    refreshToken: auth.refreshToken,
    ...(auth.accessToken === undefined ? {} : { accessToken: auth.accessToken }),
    ...(auth.expiresAt === undefined ? {} : { expiresAt: auth.expiresAt }),
    ...(auth.redirectUri === undefined ? {} : { extraParams: { redirect_uri: auth.redirectUri } }),
    ...(auth.onTokens === undefined ? {} : { onTokens: auth.onTokens }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}

/**
 * Runs the connector in this process against the upstream API: validates every request against the
 * definition, then calls the upstream with the transport's auth, retries and limiter.
 *
 * @example
 * ```ts
 * const executor = createLocalExecutor({ auth: { token: process.env.ASANA_TOKEN! } });
 * const page = await executor.execute({ entity: 'workspaces', action: 'list', params: {} });
 * ```
 */
export function createLocalExecutor(
  options: AsanaLocalOptions,
): ConnectorExecutor & { readonly transport: Transport } {
  const limiter =
    options.rateLimit === false
      ? undefined
      : options.rateLimit && 'acquire' in options.rateLimit
        ? options.rateLimit
        : createRateLimiter(options.rateLimit ?? ASANA_RATE_LIMIT);
  const transport = createTransport({
    baseUrl: options.baseUrl ?? ASANA_API_URL,
    auth: authStrategy(options),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(limiter === undefined ? {} : { limiter }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    userAgent: [...(options.userAgent ? [options.userAgent] : []), `conduit-asana/${VERSION}`],
    errorMapper: mapAsanaError,
  });

  async function get(
    action: ActionDefinition,
    endpoint: Endpoint,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ) {
    const { path } = fillPath(endpoint.path, params);
    const body = await transport.json({ path, ...(signal ? { signal } : {}) });
    // As for list pages: a record that certainly matches is used as it came, not copied by zod.
    const check = recordCheckOf(action);
    if (check && typeof body === 'object' && body !== null) {
      const data = (body as { data?: unknown }).data;
      if (check(data)) return data;
    }
    const schema = cached(action, () => z.object({ data: action.record }));
    return parseUpstream(schema, body, `${path}`).data;
  }

  async function listPage(
    action: ActionDefinition,
    endpoint: Endpoint,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<ListEnvelope> {
    const { path, rest } = fillPath(endpoint.path, params);
    const { limit = DEFAULT_PAGE_SIZE, offset, ...filters } = rest as { limit?: number; offset?: string };
    const query = toQuery(filters);
    if (endpoint.optFields) query.opt_fields = endpoint.optFields;
    const request = { path, query, ...(signal ? { signal } : {}) };

    if (endpoint.paging === 'local') {
      // The upstream returns these lists whole (at most 2,000 users), so page them here.
      const position = offset === undefined ? { index: 0 } : decodeLocal(offset);
      const schema = cached(action, () => z.object({ data: z.array(action.record) }));
      const records = parseUpstream(schema, await transport.json(request), path).data;
      const end = position.index + limit;
      return {
        records: records.slice(position.index, end),
        meta: { next_page: end < records.length ? { offset: encodeOffset({ index: end }) } : null },
      };
    }

    if (endpoint.paging === 'search') return searchPage(action, path, query, limit, offset, signal);

    query.limit = String(limit);
    if (offset !== undefined) query.offset = offset;
    const schema = cached(action, () =>
      z.object({ data: z.array(action.record), next_page: NextPageSchema.nullish() }),
    );
    const body = parseListPage(action, schema, await transport.json(request), path);
    return { records: body.data, meta: { next_page: body.next_page ?? null } };
  }

  async function searchPage(
    action: ActionDefinition,
    path: string,
    query: Record<string, string>,
    limit: number,
    offset: string | undefined,
    signal?: AbortSignal,
  ): Promise<ListEnvelope> {
    // The upstream search has no offset; when the caller has not chosen an order we sort by
    // creation time and continue after the last record seen.
    const pageable =
      query.sort_by === undefined || (query.sort_by === 'created_at' && query.sort_ascending === 'true');
    const position = offset === undefined ? undefined : decodeSearch(offset);
    if (position && !pageable) {
      throw new CursorExpiredError(
        'This offset belongs to a search without a custom sort order; restart the listing.',
      );
    }
    if (pageable) {
      query.sort_by = 'created_at';
      query.sort_ascending = 'true';
    }
    if (position) {
      const bound = new Date(Date.parse(position.after) - 1).toISOString();
      const own = query['created_at.after'];
      query['created_at.after'] = own !== undefined && Date.parse(own) > Date.parse(bound) ? own : bound;
    }
    const seen = new Set(position?.seen ?? []);
    query.limit = String(Math.min(100, limit + seen.size));
    const schema = cached(action, () => z.object({ data: z.array(action.record) }));
    const data = parseUpstream(
      schema,
      await transport.json({ path, query, ...(signal ? { signal } : {}) }),
      path,
    ).data;
    const records = data.filter((record) => !seen.has((record as { gid: string }).gid)).slice(0, limit);
    if (!pageable || records.length < limit) return { records, meta: { next_page: null } };
    const last = records.at(-1) as { created_at?: string };
    if (typeof last.created_at !== 'string') return { records, meta: { next_page: null } };
    const ties = records
      .filter((record) => (record as { created_at?: string }).created_at === last.created_at)
      .map((record) => (record as { gid: string }).gid);
    const carried = position && position.after === last.created_at ? position.seen : [];
    return {
      records,
      meta: { next_page: { offset: encodeOffset({ after: last.created_at, seen: [...carried, ...ties] }) } },
    };
  }

  async function download(params: Record<string, unknown>, signal?: AbortSignal): Promise<DownloadResult> {
    const attachmentGid = String(params.attachment_gid);
    const body = await transport.json({
      path: `/attachments/${encodeURIComponent(attachmentGid)}`,
      ...(signal ? { signal } : {}),
    });
    const attachment = parseUpstream(z.object({ data: AttachmentRecord }), body, 'attachment').data;
    if (!attachment.download_url) {
      throw new ConduitError(
        `Attachment ${attachmentGid} (${attachment.name}, hosted on ${attachment.host}) has no download URL; the upstream gives none for this host, so open its view_url or permanent_url instead.`,
        { code: 'download_unavailable' },
      );
    }
    const range = params.range_header as string | undefined;
    // The download URL is signed for another host: it must not receive the upstream's credentials.
    const response = await transport.stream({
      url: attachment.download_url,
      auth: false,
      ...(range ? { headers: { range } } : {}),
      ...(signal ? { signal } : {}),
    });
    const contentLength = response.contentLength;
    return {
      status: response.status === 206 ? 206 : 200,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      contentLength,
      contentRange: response.headers.get('content-range') ?? undefined,
      filename: attachment.name,
      [Symbol.asyncIterator]: () => response.body[Symbol.asyncIterator](),
      stream: () => response.toReadableStream(),
    };
  }

  return {
    mode: 'local',
    transport,
    async execute(request: ExecuteRequest, executeOptions: ExecuteOptions = {}) {
      const { action, params } = resolveExecuteRequest(
        asanaDefinition,
        request.entity,
        request.action,
        request.params,
      );
      const endpoint = ENDPOINTS[request.entity]?.[action.kind];
      const signal = executeOptions.signal;
      switch (action.kind) {
        case 'search':
          throw new UnsupportedOperationError(
            `${request.entity} search runs over data the hosted service has synced, so it exists only in hosted mode: construct the connector with externalUserId, platformClientId and platformClientSecret.`,
            { code: 'hosted_only', status: 400 },
          );
        case 'download':
          return download(params, signal);
        case 'get':
          return get(action, endpoint!, params, signal);
        case 'list':
          return listPage(action, endpoint!, params, signal);
      }
    },
  };
}

function decodeLocal(offset: string): LocalOffset {
  const position = decodeOffset<LocalOffset>(
    offset,
    (v) => Number.isInteger(v.index) && (v.index as number) >= 0,
  );
  if (!position)
    throw new CursorExpiredError('This offset does not belong to this list; restart the listing.');
  return position;
}

function decodeSearch(offset: string): SearchOffset {
  const position = decodeOffset<SearchOffset>(
    offset,
    (v) => typeof v.after === 'string' && Array.isArray(v.seen) && v.seen.every((s) => typeof s === 'string'),
  );
  if (!position)
    throw new CursorExpiredError('This offset does not belong to this search; restart the listing.');
  return position;
}
