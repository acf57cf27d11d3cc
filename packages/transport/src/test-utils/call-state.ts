import type { ErrorMapper } from '../errors/create-http-error';
import type { TransportHooks } from '../events/transport-hooks';
import type { CallState } from '../request/call-state';
import { createCallState } from '../request/call-state';
import { type CallMode, prepareRequest } from '../request/prepare-request';
import type { RequestOptions } from '../request/request-options';
import type { RetryOptions } from '../retry/retry-options';
import { resolveRetryOptions } from '../retry/retry-options';

/**
 * For a layer's own tests: the call state of one request, as `createTransport` would build it.
 *
 * @example
 * ```ts
 * const state = testCallState(server.url, { path: '/x' });
 * await ky(state.prepared.url, { ...withCallState(state), hooks: { ... } });
 * ```
 */
export function testCallState(
  baseUrl: string,
  request: RequestOptions<unknown>,
  options: {
    mode?: CallMode;
    hasAuth?: boolean;
    retry?: Partial<RetryOptions> | false;
    hooks?: TransportHooks;
    errorMapper?: ErrorMapper;
  } = {},
): CallState {
  const prepared = prepareRequest(
    {
      baseUrl: new URL(baseUrl),
      headers: {},
      userAgent: 'test',
      timeoutMs: 5_000,
      hasAuth: options.hasAuth ?? false,
      retry: resolveRetryOptions(options.retry, undefined),
      retryOption: options.retry,
    },
    request,
    options.mode ?? 'buffered',
  );
  return createCallState(prepared, { hooks: options.hooks, errorMapper: options.errorMapper });
}
