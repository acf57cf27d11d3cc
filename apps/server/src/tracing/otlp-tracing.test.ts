import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { otlpTracingRequested, startOtlpTracing } from './otlp-tracing';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

// A local OTLP/HTTP receiver: what a collector would be sent, decoded from the JSON encoding.
function startReceiver(): Promise<{
  server: Server;
  url: string;
  exports: OtlpExport[];
  contentTypes: string[];
}> {
  const exports: OtlpExport[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        contentTypes.push(request.headers['content-type'] ?? '');
        exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        exports,
        contentTypes,
      }),
    ),
  );
}

describe('OTLP export', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let h: ExecuteHarness;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
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

    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    const resources = receiver.exports.flatMap((each) => each.resourceSpans);
    const names = resources.flatMap((resource) =>
      resource.resource.attributes.filter((a) => a.key === 'service.name').map((a) => a.value.stringValue),
    );
    expect(new Set(names)).toEqual(new Set(['conduit-under-test']));
    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    const execute = spans.find((span) => span.name === 'conduit.execute workspaces.list');
    const request = spans.find((span) => span.name === 'POST /api/v1/connectors/sources/:id/execute');
    const upstream = spans.find((span) => span.name === 'GET /api/1.0/workspaces');
    expect(execute?.parentSpanId).toBe(request?.spanId);
    expect(upstream?.parentSpanId).toBe(execute?.spanId);
    expect(new Set([request?.traceId, execute?.traceId, upstream?.traceId]).size).toBe(1);
  });
});
