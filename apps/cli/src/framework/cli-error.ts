import type { ExitCode } from './exit-codes';

/** One fault of a CLI error, in the same shape as a Conduit error's `details`. */
export interface CliErrorDetail {
  field?: string;
  message: string;
  error_code: string;
}

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
 * Its `toJSON` has the shape of a Conduit error so `--json` consumers see one error format.
 *
 * @example
 * ```ts
 * throw new CliError('no credentials', { code: 'missing_credentials', exitCode: EXIT_CODES.auth });
 * ```
 */
export class CliError extends Error {
  override readonly name: string = 'CliError';
  readonly code: string;
  readonly exitCode: ExitCode;
  readonly details: CliErrorDetail[];
  readonly hint: string | undefined;

  constructor(message: string, options: CliErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.exitCode = options.exitCode;
    this.details = options.details ?? [];
    this.hint = options.hint;
  }

  /** The error as `--json` prints it. */
  toJSON(): { name: string; message: string; code: string; retryable: false; details: CliErrorDetail[] } {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      retryable: false,
      details: this.details,
    };
  }
}
