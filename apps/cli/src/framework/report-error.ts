import type { Output } from '../output/output';
import { sanitizeForTerminal } from '../output/text-width';
import { CliError } from './cli-error';
import { EXIT_CODES, type ExitCode } from './exit-codes';

interface ErrorDocument {
  name: string;
  message: string;
  code: string;
  retryable: boolean;
  details: { field?: string; message: string; error_code: string }[];
  status?: number;
  request?: { method: string; url: string; headers?: Record<string, string> };
}

function hasToJson(error: unknown): error is { toJSON(): ErrorDocument } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { toJSON?: unknown }).toJSON === 'function'
  );
}

function isConduitLike(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, unknown>)[Symbol.for('conduit.error')] === true
  );
}

function toDocument(error: unknown, exitCode: ExitCode): ErrorDocument {
  if (error instanceof CliError) return error.toJSON();
  if (isConduitLike(error) && hasToJson(error)) return error.toJSON();
  if (exitCode === EXIT_CODES.interrupted) {
    return { name: 'AbortError', message: 'interrupted', code: 'interrupted', retryable: false, details: [] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'InternalError', message, code: 'internal_error', retryable: false, details: [] };
}

async function classify(error: unknown): Promise<ExitCode> {
  try {
    // Loaded only on failure: the mapping needs the protocol's error classes, which a successful
    // `conduit --version` should never pay for.
    const { exitCodeForError } = await import('./exit-code-for-error');
    return exitCodeForError(error);
  } catch {
    return error instanceof CliError ? error.exitCode : EXIT_CODES.internal;
  }
}

function causeChain(error: unknown): string[] {
  const lines: string[] = [];
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 5; depth++) {
    lines.push(
      `caused by: ${cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause)}`,
    );
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines;
}

/**
 * The one error boundary of the CLI: prints the error in the caller's format and returns its exit
 * code. Humans get `error: <message>` on stderr with the fields at fault and a hint; `--json`
 * callers get `{"error": {...}}` on stdout, the same shape as a Conduit error's `toJSON()`, so the
 * output is always one JSON document. Only `--debug` adds the request, the stack and the causes,
 * on stderr. Every line is scrubbed of registered secrets.
 *
 * @example
 * ```ts
 * catch (error) {
 *   return reportError(error, output);
 * }
 * ```
 */
export async function reportError(error: unknown, output: Output): Promise<ExitCode> {
  const exitCode = await classify(error);
  const document = toDocument(error, exitCode);
  const style = output.errorStyle;
  if (output.json) {
    await output.printJson({ error: JSON.parse(output.scrub(JSON.stringify(document))) as unknown });
  } else if (exitCode === EXIT_CODES.interrupted) {
    output.note(style.dim('interrupted'));
  } else {
    output.note(`${style.red('error:')} ${sanitizeForTerminal(document.message)}`);
    for (const detail of document.details) {
      // Each sentence once: a detail the message already says (`--param limit: expected an
      // integer, got "x"` over `params.limit: expected an integer`) adds nothing for a person;
      // `--json` keeps every detail for programs.
      if (document.message.includes(detail.message)) continue;
      const field = detail.field ? `${style.bold(detail.field)}: ` : '';
      output.note(`  ${field}${sanitizeForTerminal(detail.message)}`);
    }
    const hint =
      error instanceof CliError
        ? error.hint
        : exitCode === EXIT_CODES.internal && !output.debug
          ? 'run the command again with --debug to see where it failed'
          : undefined;
    if (hint) output.note(`${style.dim('hint:')} ${hint}`);
  }
  if (output.debug) {
    if (document.status !== undefined) output.debugLog(`status: ${document.status}`);
    if (document.request) output.debugLog(`request: ${document.request.method} ${document.request.url}`);
    if (error instanceof Error && error.stack) output.note(output.errorStyle.dim(error.stack));
    for (const line of causeChain(error)) output.note(output.errorStyle.dim(line));
  }
  return exitCode;
}
