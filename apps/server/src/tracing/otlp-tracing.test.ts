import { type OtlpReceiver, startOtlpReceiver } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { otlpTracingRequested, startOtlpTracing } from './otlp-tracing';

describe('OTLP export', () => {
  let receiver: OtlpReceiver;
  let h: ExecuteHarness;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('is on only when an OTLP endpoint is set, and not disabled', () => {
    expect(otlpTracingRequested({})).toBe(false);
    expect(otlpTracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(
      otlpTracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).toBe(true);
    expect(
      otlpTracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      otlpTracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
  });

  it('sends a hosted execute and its upstream calls to the collector as one trace', async () => {
    const stop = await startOtlpTracing(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'conduit-under-test' },
      'conduit-server',
    );
    expect(stop).toBeTypeOf('function');
    h = await startExecuteHarness('sqlite', 'otlp');
    const { id, token } = await h.patConnector('user-1');
    expect((await h.execute(id, { entity: 'workspaces', action: 'list' }, token)).status).toBe(200);
    await stop?.();

    expect(receiver.refused).toBe(0);
    expect(new Set(receiver.spans.map((span) => span.service))).toEqual(new Set(['conduit-under-test']));
    const spans = receiver.spans;
    const execute = spans.find((span) => span.name === 'conduit.execute workspaces.list');
    const request = spans.find((span) => span.name === 'POST /api/v1/connectors/sources/:id/execute');
    const upstream = spans.find((span) => span.name === 'GET /api/1.0/workspaces');
    expect(execute?.parentSpanId).toBe(request?.spanId);
    expect(upstream?.parentSpanId).toBe(execute?.spanId);
    expect(new Set([request?.traceId, execute?.traceId, upstream?.traceId]).size).toBe(1);
  });
});
