import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the `service.name` of its resource. */
export interface ReceivedSpan {
  readonly service: string;
  readonly name: string;
  /** `SpanKind` + 1, as OTLP numbers it: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: Omit<ReceivedSpan, 'service'>[] }[];
  }[];
}

/**
 * A local OpenTelemetry collector stand-in: `POST /v1/traces` in OTLP/HTTP's JSON encoding,
 * decoded into {@link ReceivedSpan}s (a body in another encoding is counted in `refused` and
 * answered 415). Point `OTEL_EXPORTER_OTLP_ENDPOINT` at `url`.
 *
 * @example
 * ```ts
 * const receiver = await startOtlpReceiver();
 * spawn('conduit', ['exec', …], { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
 * ```
 */
export interface OtlpReceiver extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  /** Exports that were not OTLP/HTTP JSON. */
  readonly refused: number;
  close(): Promise<void>;
}

/**
 * Starts an {@link OtlpReceiver} on an ephemeral port of 127.0.0.1.
 *
 * @example
 * ```ts
 * await using receiver = await startOtlpReceiver();
 * ```
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let refused = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
        refused += 1;
        response.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resource of body.resourceSpans ?? []) {
        const service =
          resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value
            .stringValue ?? '';
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    get refused() {
      return refused;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
