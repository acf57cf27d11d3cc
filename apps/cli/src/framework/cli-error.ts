import { ConduitError, type ErrorDetail } from '@conduit/protocol';
import type { ExitCode } from './exit-codes';

/** One fault of a CLI error: a Conduit error's detail. */
export type CliErrorDetail = ErrorDetail;

/** Options of a {@link CliError}. */
export interface CliErrorOptions {
  /** Machine-readable code, e.g. `unknown_flag`. */
  code: string;
  exitCode: ExitCode;
  details?: CliErrorDetail[];
  /** A line of advice printed after the message, e.g. which `--help` to read. */
  hint?: string;
  cause?: unknown;
}

/**
 * A failure the CLI itself detects (as opposed to one a library throws), carrying its exit code.
 * A Conduit error (the one error base), never retryable, so `--json` consumers see one error
 * format and `ConduitError.isInstance` holds for it.
 *
 * @example
 * ```ts
 * throw new CliError('no credentials', { code: 'missing_credentials', exitCode: EXIT_CODES.auth });
 * ```
 */
export class CliError extends ConduitError {
  override readonly name: string = 'CliError';
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;

  constructor(message: string, options: CliErrorOptions) {
    super(message, {
      code: options.code,
      retryable: false,
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.exitCode = options.exitCode;
    this.hint = options.hint;
  }
}
