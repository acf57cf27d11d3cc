import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/**
 * What `@hono/node-server` passes along with each request when `listen` serves the app; absent when
 * the app's `fetch` is called directly (tests, other runtimes).
 */
export interface NodeBindings {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
}

/**
 * The `node:http` request behind a handler's `Request`, when the app is served by `listen`.
 *
 * @example
 * ```ts
 * const incoming = incomingOf(c);
 * const length = incoming ? incoming.headers['content-length'] : c.req.header('content-length');
 * ```
 */
export function incomingOf(c: Context<AppEnv>): IncomingMessage | undefined {
  return (c.env as Partial<NodeBindings> | undefined)?.incoming;
}
