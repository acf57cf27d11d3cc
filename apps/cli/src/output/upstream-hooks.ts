import { consoleLogger, type TransportHooks, type TransportRetryEvent } from '@conduit/transport';
import type { Output } from './output';

function describeWait(delayMs: number): string {
  const seconds = delayMs / 1000;
  if (seconds < 10) return `${Math.max(0.1, Math.round(seconds * 10) / 10)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * The line a person sees while the transport waits out a 429, e.g.
 * `rate limited by api.example.com (429): waiting 60 s before retrying GET /v1/workspaces`.
 * The URL is the transport's redacted one; only its host and path are shown.
 *
 * @example
 * ```ts
 * rateLimitNotice(event); // 'rate limited by api.example.com (429): waiting 60 s before retrying GET /v1/workspaces'
 * ```
 */
export function rateLimitNotice(event: TransportRetryEvent): string {
  let where = event.request.url;
  let path = '';
  try {
    const url = new URL(event.request.url);
    where = url.host;
    path = ` ${url.pathname}`;
  } catch {
    // A URL the transport could send is always parseable; keep the raw text if not.
  }
  return `rate limited by ${where} (429): waiting ${describeWait(event.delayMs)} before retrying ${event.request.method}${path}`;
}

/**
 * The transport hooks of every upstream client the CLI builds: under `--debug` one redacted line
 * per request, response, retry and failure; and, when stderr is a terminal, a notice each time a
 * 429 makes the transport wait, so a long `Retry-After` is never silent. Both go to stderr, so
 * `--json` output on stdout stays clean. `undefined` when there is nothing to observe.
 *
 * @example
 * ```ts
 * createLocalExecutor({ auth, hooks: upstreamHooks(output) });
 * ```
 */
export function upstreamHooks(output: Output): TransportHooks | undefined {
  const debug = output.debug
    ? consoleLogger({ write: (line) => output.debugLog(line), logRequests: true })
    : undefined;
  if (!output.stderrIsInteractive) return debug;
  return {
    ...debug,
    onRetry: (event) => {
      debug?.onRetry?.(event);
      if (event.reason === 'error' && event.status === 429 && event.delayMs > 0)
        output.note(output.errorStyle.yellow(rateLimitNotice(event)));
    },
  };
}

/**
 * `{ hooks }` for a client's options when {@link upstreamHooks} has any, else `{}`: client options
 * are exact, so an absent hook set is left out rather than given as `undefined`.
 *
 * @example
 * ```ts
 * new HostedClient({ baseUrl, ...hooksOption(output) });
 * ```
 */
export function hooksOption(output: Output): { hooks?: TransportHooks } {
  const hooks = upstreamHooks(output);
  return hooks === undefined ? {} : { hooks };
}
