import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTransport } from '../create-transport';
import { useTestServers } from '../test-utils/use-test-servers';
import { routeTemplate } from './call-tracing';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();

describe('call tracing', () => {
  const serve = useTestServers();
  beforeEach(() => exporter.reset());
  afterAll(() => provider.shutdown());

  it('makes one CLIENT span per call, under the active span, with redacted attributes', async () => {
    const server = await serve({ 'GET /tasks/:gid': { json: { data: { gid: '1' } } } });
    const transport = createTransport({ baseUrl: server.url, retry: { initialDelayMs: 1, maxDelayMs: 2 } });
    const parent = trace.getTracer('test').startSpan('execute');
    await context.with(trace.setSpan(context.active(), parent), () =>
      transport.json({
        path: '/tasks/1201234567890',
        query: { access_token: 'secret-value', opt_fields: 'name' },
      }),
    );
    parent.end();
    const [span] = exporter.getFinishedSpans().filter((each) => each.kind === SpanKind.CLIENT);
    expect(span?.name).toBe('GET /tasks/{id}');
    expect(span?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(span?.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/tasks/{id}',
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
    });
    expect(String(span?.attributes['url.full'])).not.toContain('secret-value');
    expect(span?.attributes['http.request.resend_count']).toBeUndefined();
  });

  it('counts retries (an event each) and records the final failure', async () => {
    const server = await serve({ 'GET /projects': { json: { data: [] } } });
    server.inject({ kind: 'server-error', status: 503 }, { times: 2 });
    const transport = createTransport({ baseUrl: server.url, retry: { initialDelayMs: 1, maxDelayMs: 2 } });
    await transport.json({ path: '/projects' });
    const [ok] = exporter.getFinishedSpans();
    expect(ok?.attributes['http.request.resend_count']).toBe(2);
    expect(ok?.events.filter((event) => event.name === 'retry')).toHaveLength(2);
    expect(ok?.events[0]?.attributes).toMatchObject({ 'http.response.status_code': 503 });

    exporter.reset();
    server.inject({ kind: 'server-error', status: 500 }, { times: 10 });
    await expect(transport.json({ path: '/projects', retry: false })).rejects.toThrow();
    const [failed] = exporter.getFinishedSpans();
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed?.attributes['http.response.status_code']).toBe(500);
    expect(failed?.attributes['error.type']).toBeTypeOf('string');
  });

  it('records the time a call waited for the shared limiter', async () => {
    const server = await serve({ 'GET /slow': { json: {} } });
    server.inject({ kind: 'delay', ms: 60 }, { times: 2 });
    const transport = createTransport({
      baseUrl: server.url,
      limiter: { requestsPerInterval: 100, intervalMs: 1_000, maxConcurrent: 1 },
    });
    await Promise.all([transport.json({ path: '/slow' }), transport.json({ path: '/slow' })]);
    const waits = exporter
      .getFinishedSpans()
      .map((span) => Number(span.attributes['conduit.rate_limit.wait_ms'] ?? 0));
    // One of the two waited for the other's slot: at least the other's delayed answer.
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(50);
  });

  it('sends traceparent only when asked to, and records nothing with tracing off', async () => {
    const server = await serve({ 'GET /me': { json: {} } });
    await createTransport({ baseUrl: server.url, tracing: { propagate: true } }).json({ path: '/me' });
    await createTransport({ baseUrl: server.url }).json({ path: '/me' });
    await createTransport({ baseUrl: server.url, tracing: false }).json({ path: '/me' });
    const [propagated, plain, off] = server.requests;
    expect(propagated?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(propagated?.headers.traceparent).toContain(exporter.getFinishedSpans()[0]?.spanContext().spanId);
    expect(plain?.headers.traceparent).toBeUndefined();
    expect(off?.headers.traceparent).toBeUndefined();
    expect(exporter.getFinishedSpans()).toHaveLength(2);
  });

  it('names routes by their template', () => {
    expect(routeTemplate('/api/1.0/tasks/1201234567890/stories')).toBe('/api/1.0/tasks/{id}/stories');
    expect(routeTemplate('/services/data/v62.0/sobjects/Account/001Dn00000Abc12AAA')).toBe(
      '/services/data/v62.0/sobjects/Account/{id}',
    );
    expect(routeTemplate('/api/v2/tickets/42.json')).toBe('/api/v2/tickets/{id}.json');
    expect(routeTemplate('/api/v2/incremental/tickets/cursor.json')).toBe(
      '/api/v2/incremental/tickets/cursor.json',
    );
  });
});
