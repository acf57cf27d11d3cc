import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { VERSION } from '../version';

// Looked up at each span, not once at import: the SDK (otlp-tracing.ts) is registered after this
// module loads, possibly through the API's CommonJS copy, whose registration does not reach a
// proxy tracer the ESM copy handed out before it.
const tracer = () => trace.getTracer('@conduit/server', VERSION);

function codeOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.name : 'error';
}

/**
 * Runs `work` in a span named `name`, a child of the active one: the upstream calls it makes
 * (the transport's spans) nest under it. A failure marks the span with its error code (no
 * message: a message may quote an upstream's answer) and is rethrown.
 *
 * @example
 * ```ts
 * await inSpan('conduit.sync.run', { 'conduit.connector.id': id }, () => executeSyncRun(run, deps, signal));
 * ```
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setAttribute('error.type', codeOf(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: codeOf(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A `SERVER` span per request, continuing the caller's trace when the request carries
 * `traceparent` (the CLI and the hosted client send it), named `{method} {route}` with the
 * route's template (`/api/v1/connectors/sources/:id/execute`), never the path's ids or the query.
 *
 * @example
 * ```ts
 * app.use('*', traceRequests());
 * ```
 */
export function traceRequests(): MiddlewareHandler {
  return async (c, next) => {
    const parent = propagation.extract(context.active(), c.req.raw.headers, {
      get: (headers, key) => headers.get(key) ?? undefined,
      keys: (headers) => [...headers.keys()],
    });
    const span = tracer().startSpan(
      c.req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method } },
      parent,
    );
    if (!span.isRecording()) {
      await next();
      return;
    }
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routePath(c, -1);
      span.updateName(`${c.req.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', c.res.status);
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
