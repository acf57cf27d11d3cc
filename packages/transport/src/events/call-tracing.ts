import { ConduitError } from '@conduit/protocol';
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { type CallState, callStateOf, describeCall } from '../request/call-state';
import type { FetchLayer } from '../request/fetch-layer';
import { VERSION } from '../version';

/** What a call's span keeps between its attempts. */
interface TracedCall {
  readonly span: Span;
  /** When the current attempt entered the tracing layer (before the limiter's wait). */
  enteredAt: number;
  /** Time spent waiting for the limiter, across attempts. */
  waitedMs: number;
  ended: boolean;
}

// A path segment that is an identifier rather than part of the route: digits (Asana gids,
// Zendesk ids), UUIDs, Salesforce 15/18-character ids, long hex or base64url tokens.
const ID_SEGMENT =
  /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?|[A-Za-z0-9_-]{24,})$/;

/**
 * The route template of a request path: identifier-like segments (numbers, UUIDs, Salesforce
 * ids, long tokens) become `{id}`, so spans of one endpoint share a name and no record id or
 * token in a path reaches the trace backend. Salesforce's version segment (`v62.0`) stays.
 *
 * @example
 * ```ts
 * routeTemplate('/api/1.0/tasks/1201234567890/stories'); // '/api/1.0/tasks/{id}/stories'
 * ```
 */
export function routeTemplate(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      // Zendesk's `/tickets/42.json`: the id before the format suffix.
      const [, base = segment, suffix = ''] = /^(.+?)(\.json)?$/.exec(segment) ?? [];
      return base !== '' && ID_SEGMENT.test(base) && !/^[a-z]+$/.test(base) ? `{id}${suffix}` : segment;
    })
    .join('/');
}

/**
 * OpenTelemetry spans of a transport's calls, on `@opentelemetry/api` alone: nothing is recorded
 * unless the application registered an SDK (a tracer provider), so the layer costs a no-op span
 * per call otherwise. One `CLIENT` span per call (every attempt, retry and wait inside it), a
 * child of the active span, named `{method} {route template}`, with the semantic conventions'
 * attributes (`http.request.method`, `url.template`, `server.address`, `url.full` redacted as the
 * logs are, `http.response.status_code`, `http.request.resend_count`), `conduit.rate_limit.wait_ms`
 * (the shared limiter's waits) and a `retry` event per retry. With `propagate`, each attempt
 * carries the trace context (`traceparent`) of the call's span: for a service of one's own, not
 * a third party.
 *
 * @example
 * ```ts
 * const tracing = callTracing({ propagate: true });
 * let fetch = tracing.inner(bareFetch);
 * fetch = tracing.outer(rateLimitFetch(limiter)(fetch));
 * ```
 */
export function callTracing(options: { readonly propagate?: boolean; readonly tracer?: Tracer } = {}) {
  const calls = new WeakMap<CallState, TracedCall>();
  // Looked up per call: an SDK registered after the transport was made (through the API's
  // CommonJS copy, whose registration a proxy tracer of the ESM copy never learns of) still records.
  const tracerOf = () => options.tracer ?? trace.getTracer('@conduit/transport', VERSION);

  const outer: FetchLayer = (next) => (input, init) => {
    const state = callStateOf(init);
    let call = calls.get(state);
    if (call === undefined) {
      const { prepared } = state;
      const url = new URL(prepared.url);
      const template = routeTemplate(url.pathname);
      const span = tracerOf().startSpan(`${prepared.method} ${template}`, {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': prepared.method,
          'url.template': template,
          'server.address': url.hostname,
          ...(url.port === '' ? {} : { 'server.port': Number(url.port) }),
        },
      });
      // Nothing records: the call runs as if untraced.
      if (!span.isRecording()) return next(input, init);
      call = { span, enteredAt: 0, waitedMs: 0, ended: false };
      calls.set(state, call);
    } else {
      call.span.addEvent('retry', {
        'conduit.retry.reason': state.reason,
        'conduit.retry.delay_ms': state.wait,
        ...(state.status === undefined ? {} : { 'http.response.status_code': state.status }),
      });
    }
    call.enteredAt = globalThis.performance.now();
    const active = trace.setSpan(context.active(), call.span);
    if (options.propagate && input instanceof Request) {
      propagation.inject(active, input.headers, {
        set: (carrier, key, value) => carrier.set(key, value),
      });
    }
    return context.with(active, () => next(input, init));
  };

  /** Inside the limiter: the time since the attempt entered the outer layer was its wait. */
  const inner: FetchLayer = (next) => (input, init) => {
    const call = calls.get(callStateOf(init));
    if (call !== undefined) call.waitedMs += globalThis.performance.now() - call.enteredAt;
    return next(input, init);
  };

  const finish = (state: CallState, error: unknown) => {
    const call = calls.get(state);
    if (call === undefined || call.ended) return;
    call.ended = true;
    const { span } = call;
    span.setAttribute('url.full', describeCall(state).url);
    if (state.status !== undefined) span.setAttribute('http.response.status_code', state.status);
    if (state.attempts > 1) span.setAttribute('http.request.resend_count', state.attempts - 1);
    if (call.waitedMs >= 1) span.setAttribute('conduit.rate_limit.wait_ms', Math.round(call.waitedMs));
    if (error !== undefined) {
      const code = ConduitError.isInstance(error)
        ? error.code
        : error instanceof Error
          ? error.name
          : 'error';
      span.setAttribute('error.type', code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: code });
    }
    span.end();
  };

  return {
    outer,
    inner,
    /** Ends the call's span: it succeeded (its body read, or its stream done). */
    end: (state: CallState) => finish(state, undefined),
    /** Ends the call's span with the error the call fails with. */
    fail: (state: CallState, error: unknown) => finish(state, error ?? new Error('failed')),
  };
}

/** The tracing of one transport: see {@link callTracing}. */
export type CallTracing = ReturnType<typeof callTracing>;
