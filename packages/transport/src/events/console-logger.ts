import { ConduitError } from '@conduit/protocol';
import type { TransportHooks } from './transport-hooks';

/**
 * Options of {@link consoleLogger}.
 *
 * @example
 * ```ts
 * consoleLogger({ write: (line) => logger.debug(line), logRequests: true });
 * ```
 */
export interface ConsoleLoggerOptions {
  /** Where lines go. Default `console.error`, keeping stdout free for program output. */
  write?: (line: string) => void;
  /** Also log each attempt as it goes out. Default false (responses, retries and errors only). */
  logRequests?: boolean;
}

/**
 * Hooks that print one line per event, e.g. `GET https://app.asana.com/api/1.0/tasks/1 -> 200 (84 ms)`.
 * URLs and headers are already redacted by the transport.
 *
 * @example
 * ```ts
 * const transport = createTransport({ baseUrl, hooks: consoleLogger() });
 * ```
 */
export function consoleLogger(options: ConsoleLoggerOptions = {}): TransportHooks {
  const write = options.write ?? ((line: string) => console.error(line));
  const hooks: TransportHooks = {
    onResponse: (event) =>
      write(
        `${event.request.method} ${event.request.url} -> ${event.status} (${Math.round(event.durationMs)} ms)`,
      ),
    onRetry: (event) =>
      write(
        `${event.request.method} ${event.request.url} attempt ${event.attempt} failed (${event.error.name}: ${event.error.message}); ${
          event.reason === 'auth-refresh'
            ? 'replaying with refreshed credentials'
            : `retrying in ${event.delayMs} ms`
        }`,
      ),
    onError: (event) => {
      const error = event.error;
      const summary = ConduitError.isInstance(error)
        ? `${error.name} (${error.code}): ${error.message}`
        : error instanceof Error
          ? `${error.name}: ${error.message}`
          : String(error);
      write(
        `${event.request.method} ${event.request.url} failed after ${event.attempt} attempt(s): ${summary}`,
      );
    },
  };
  if (options.logRequests) {
    hooks.onRequest = (event) =>
      write(`${event.request.method} ${event.request.url} (attempt ${event.attempt})`);
  }
  return hooks;
}
