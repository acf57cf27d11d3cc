import type { ResponseBounds } from '@conduit/transport';
import { createBoundedFetch } from '@conduit/transport/egress';
import { proxyDispatcher } from '../framework/upstream-proxy';

const MiB = 1024 * 1024;

/**
 * Bounds of the upstream API's answers in local mode: generous (a laptop runs one command, not a
 * service), far below what would exhaust its memory.
 *
 * @example
 * ```ts
 * createBoundedFetch({ bounds: LOCAL_PAGE_BOUNDS });
 * ```
 */
export const LOCAL_PAGE_BOUNDS: ResponseBounds = {
  maxRawBytes: 256 * MiB,
  maxDecodedBytes: 256 * MiB,
  maxDecompressionRatio: 200,
};

/** Downloads are streamed to their destination: only a decompression bomb is stopped. */
const LOCAL_DOWNLOAD_BOUNDS: ResponseBounds = { kind: 'download', maxDecompressionRatio: 200 };

/**
 * The `fetch` of a connector run in local mode: answers of the upstream API (its origin) are
 * bounded by {@link LOCAL_PAGE_BOUNDS}, downloads (other origins) by their decompression ratio;
 * a breach is a typed `ResponseLimitError` instead of the process running out of memory. With
 * `HTTPS_PROXY`/`HTTP_PROXY` in `env`, every connection goes through the proxy (`NO_PROXY` honoured).
 *
 * @example
 * ```ts
 * const executor = connector.createExecutor({ credentials, fetch: localModeFetch(module.defaultBaseUrl), userAgent });
 * ```
 */
export function localModeFetch(
  baseUrl: string,
  env: Readonly<Record<string, string | undefined>> = {},
): typeof globalThis.fetch {
  const api = new URL(baseUrl).origin;
  const dispatcher = proxyDispatcher(env);
  return createBoundedFetch({
    ...(dispatcher === undefined ? {} : { dispatcher }),
    boundsFor: (url) => (url.origin === api ? LOCAL_PAGE_BOUNDS : LOCAL_DOWNLOAD_BOUNDS),
  });
}
