import { SpanStatusCode, trace } from '@opentelemetry/api';
import { VERSION } from '../version';

/**
 * Runs a CLI command under OpenTelemetry when the environment asks for it (an
 * `OTEL_EXPORTER_OTLP_ENDPOINT` or `…_TRACES_ENDPOINT`): the SDK is registered (the server's
 * `startOtlpTracing`, loaded only then), the command is one root span `conduit <command>` (its
 * arguments are left out: they may name files or values a trace backend should not see), and the
 * spans are flushed before the process exits. The hosted client's calls are children of that
 * span and carry `traceparent`, so `conduit exec --hosted … --all` and the service's work on each
 * page are one trace.
 *
 * @example
 * ```ts
 * return traceCommand(argv, runtime.env, () => runCli(argv, runtime, COMMANDS));
 * ```
 */
export async function traceCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  run: () => Promise<number>,
): Promise<number> {
  const { otlpTracingRequested, startOtlpTracing } = await import('@conduit/server');
  const command = argv.find((arg) => !arg.startsWith('-')) ?? 'help';
  // `conduit serve` is the server: it registers the SDK as `conduit-server` itself, and each of
  // its requests is a trace of its own, not a child of the process's lifetime.
  if (!otlpTracingRequested(env) || command === 'serve') return run();
  const stop = await startOtlpTracing(env, 'conduit-cli');
  // A long-running MCP server likewise: its tool calls are not one command.
  if (command === 'mcp') {
    try {
      return await run();
    } finally {
      await stop?.();
    }
  }
  try {
    return await trace
      .getTracer('@conduit/cli', VERSION)
      .startActiveSpan(`conduit ${command}`, async (span) => {
        try {
          const code = await run();
          span.setAttribute('process.exit.code', code);
          if (code !== 0) span.setStatus({ code: SpanStatusCode.ERROR });
          return code;
        } finally {
          span.end();
        }
      });
  } finally {
    await stop?.();
  }
}
