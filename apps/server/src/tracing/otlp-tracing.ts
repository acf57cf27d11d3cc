/** Environment variables, as `process.env` holds them. */
type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Whether the environment asks for traces: an `OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the OpenTelemetry SDK's standard variables), unless
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`.
 *
 * @example
 * ```ts
 * if (otlpTracingRequested(process.env)) stop = await startOtlpTracing(process.env, 'conduit-server');
 * ```
 */
export function otlpTracingRequested(env: Environment): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Registers the OpenTelemetry SDK for the process when {@link otlpTracingRequested}: a Node
 * tracer provider (async-context propagation, W3C `traceparent`) exporting batches over OTLP/HTTP
 * to the configured endpoint. The exporter reads the rest of the standard variables itself
 * (`OTEL_EXPORTER_OTLP_HEADERS`, `…_TIMEOUT`, …); `OTEL_SERVICE_NAME` names the service, default
 * `serviceName`. The SDK is loaded only then: the libraries depend on `@opentelemetry/api` alone.
 * Resolves to the function that flushes and stops it, or undefined when tracing is off.
 *
 * @example
 * ```ts
 * const stopTracing = await startOtlpTracing(process.env, 'conduit-server');
 * // … at shutdown
 * await stopTracing?.();
 * ```
 */
export function startOtlpTracing(
  env: Environment,
  serviceName: string,
): Promise<(() => Promise<void>) | undefined> {
  if (!otlpTracingRequested(env)) return Promise.resolve(undefined);
  // Once per process: `conduit serve` starts it in the CLI, then again in the server it runs.
  started ??= register(env, serviceName);
  return started;
}

/** `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as is, or `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces` (the specification's rule). */
function tracesEndpoint(env: Environment): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  return `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/+$/, '')}/v1/traces`;
}

let started: Promise<() => Promise<void>> | undefined;

async function register(env: Environment, serviceName: string): Promise<() => Promise<void>> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesEndpoint(env) }))],
  });
  provider.register();
  return () => provider.shutdown();
}
