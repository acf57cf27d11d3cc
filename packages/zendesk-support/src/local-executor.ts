import {
  authFromCredentials,
  createConnectorExecutor,
  type LocalConnectorExecutor,
  type ModuleExecutorOptions,
  unsatisfiableRange,
  upstreamOf,
} from '@conduit/connector-kit';
import { ConduitError, type DownloadResult, resolveExecuteRequest } from '@conduit/protocol';
import { defaultFetch, type RateLimiterOptions } from '@conduit/transport';
import { type AccountRateLimit, watchAccountRateLimit } from './account-rate-limit';
import { zendeskDefinition } from './definition/definition';
import { VERSION } from './version';
import { mapZendeskError } from './zendesk-errors';
import type { ZendeskSupportCredentials } from './zendesk-kind';

/**
 * The default limit on upstream calls: the Professional/Growth plan's 400 requests a minute
 * (reference §7). Plans differ (Team 200, Enterprise 700, High Volume 2,500): pass `rateLimit`,
 * or set `CONDUIT_UPSTREAM_RATE_LIMIT` for the hosted service. A 429 is retried after its
 * `Retry-After` either way.
 *
 * @example
 * ```ts
 * createZendeskExecutor({ credentials, baseUrl, rateLimit: { ...ZENDESK_RATE_LIMIT, requestsPerInterval: 700 } });
 * ```
 */
export const ZENDESK_RATE_LIMIT: RateLimiterOptions = {
  requestsPerInterval: 400,
  intervalMs: 60_000,
  maxConcurrent: 10,
};

/**
 * The local executor, with the account's rate limit as the last response reported it.
 *
 * @example
 * ```ts
 * executor.accountRateLimit; // { perMinute: 200, remaining: 187 }
 * ```
 */
export interface ZendeskLocalExecutor extends LocalConnectorExecutor {
  readonly accountRateLimit: AccountRateLimit | undefined;
}

/**
 * The local executor of the support-desk connector: the kit's runtime over the declared
 * definition, with Zendesk's errors, credentials (Basic `{email}/token` or OAuth bearer) and
 * rate limit, and the account's plan limit learned from `X-Rate-Limit`. Downloads send the credentials to the account's own `content_url` only (the first
 * hop, which Zendesk may require them for), never to the storage host it redirects to, whatever
 * the host the attachment names.
 *
 * @example
 * ```ts
 * const executor = createZendeskExecutor({
 *   credentials: { email: 'agent@acme.example', api_token: process.env.ZENDESK_API_TOKEN! },
 *   baseUrl: 'https://acme.zendesk.com/api/v2',
 * });
 * ```
 */
export function createZendeskExecutor(
  options: ModuleExecutorOptions<ZendeskSupportCredentials>,
): ZendeskLocalExecutor {
  if (options.baseUrl === undefined) {
    throw new ConduitError(
      'The support-desk connector needs its base URL: https://{subdomain}.zendesk.com/api/v2',
      {
        code: 'invalid_config',
        status: 422,
        details: [{ field: 'config.subdomain', message: 'required', error_code: 'invalid_config' }],
      },
    );
  }
  const rateLimit = watchAccountRateLimit(options.fetch ?? defaultFetch());
  const base = createConnectorExecutor({
    definition: zendeskDefinition,
    baseUrl: options.baseUrl,
    auth: authFromCredentials(options.credentials as Record<string, string | undefined>, {
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    }),
    defaultRateLimit: ZENDESK_RATE_LIMIT,
    errorMapper: mapZendeskError,
    headers: { accept: 'application/json' },
    userAgent: [...(options.userAgent ? [options.userAgent] : []), `conduit-zendesk-support/${VERSION}`],
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    fetch: rateLimit.fetch,
  });
  const transport = base.transport;
  const downloadSpec = upstreamOf(zendeskDefinition.entities.attachments.actions.download)?.download;

  async function download(
    params: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<DownloadResult> {
    const id = encodeURIComponent(String(params.attachment_id));
    const body = await transport.json({ path: `/attachments/${id}`, ...(signal ? { signal } : {}) });
    const located = downloadSpec?.locate?.(body, params);
    if (located?.url === undefined) {
      throw new ConduitError(`Zendesk gives no content_url for attachment ${id}.`, {
        code: 'download_unavailable',
      });
    }
    const range = params.range_header as string | undefined;
    // No `auth` flag: the transport authorizes only the API's own origin, and the redirect to the
    // storage host drops Authorization (reference §8: that host must not receive it).
    const response = await transport
      .stream({
        url: located.url,
        ...(range ? { headers: { range } } : {}),
        ...(signal ? { signal } : {}),
      })
      .catch((error: unknown) => {
        throw unsatisfiableRange(error, 'range_header', range);
      });
    return {
      status: response.status === 206 ? 206 : 200,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      contentLength: response.contentLength,
      contentRange: response.headers.get('content-range') ?? undefined,
      filename: located.filename,
      [Symbol.asyncIterator]: () => response.body[Symbol.asyncIterator](),
      stream: () => response.toReadableStream(),
    };
  }

  const executor: LocalConnectorExecutor = {
    ...base,
    mode: 'local',
    transport,
    readPage: base.readPage,
    async execute(request, executeOptions = {}) {
      if (request.entity === 'attachments' && request.action === 'download') {
        const { params } = resolveExecuteRequest(
          zendeskDefinition,
          request.entity,
          request.action,
          request.params,
        );
        return download(params, executeOptions.signal);
      }
      return base.execute(request, executeOptions);
    },
  };
  return Object.defineProperty(executor, 'accountRateLimit', {
    get: rateLimit.latest,
    enumerable: true,
  }) as ZendeskLocalExecutor;
}
