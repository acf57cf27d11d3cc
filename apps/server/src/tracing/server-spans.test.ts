import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();

describe('server spans', () => {
  let h: ExecuteHarness;
  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'spans');
  });
  afterAll(async () => {
    await h?.close();
    await provider.shutdown();
  });
  beforeEach(() => exporter.reset());

  it('makes a hosted execute one tree: request, execute, upstream calls, in the caller’s trace', async () => {
    const { id, token } = await h.patConnector('user-1');
    await provider.forceFlush();
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const response = await h.t.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
      token,
      body: { entity: 'workspaces', action: 'list' },
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(response.status).toBe(200);
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.kind === SpanKind.SERVER);
    const execute = spans.find((span) => span.name === 'conduit.execute workspaces.list');
    const upstream = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(request?.name).toBe('POST /api/v1/connectors/sources/:id/execute');
    expect(request?.spanContext().traceId).toBe(traceId);
    expect(request?.parentSpanContext?.spanId).toBe(callerSpan);
    expect(request?.attributes['http.response.status_code']).toBe(200);
    expect(execute?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(execute?.attributes).toMatchObject({
      'conduit.connector.type': 'task-management',
      'conduit.entity': 'workspaces',
    });
    expect(upstream.length).toBeGreaterThan(0);
    for (const call of upstream) {
      expect(call.parentSpanContext?.spanId).toBe(execute?.spanContext().spanId);
      expect(call.attributes['http.request.method']).toBe('GET');
      // Redacted as the logs are: the simulator's token never appears in a span.
      expect(JSON.stringify(call.attributes)).not.toContain(h.sim.tokens.personalAccessToken);
    }
    expect(upstream.map((call) => call.attributes['url.template'])).toContain('/api/1.0/workspaces');
  });

  it('marks a failed execute with its error code', async () => {
    const token = await h.token('user-2');
    const id = await h.createConnector(token, 'user-2', {
      connector_type: 'asana',
      credentials: { token: 'not-a-valid-token' },
      config: { base_url: h.sim.baseUrl },
    });
    const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
    expect(response.status).toBeGreaterThanOrEqual(400);
    await provider.forceFlush();
    const execute = exporter
      .getFinishedSpans()
      .find((span) => span.name === 'conduit.execute workspaces.list');
    expect(execute?.status.code).toBe(2);
    expect(execute?.attributes['error.type']).toBeTypeOf('string');
  });
});
