import { CliError, type CliErrorDetail } from './cli-error';
import { EXIT_CODES } from './exit-codes';

/**
 * The command line is wrong: unknown command or flag, missing or malformed argument. Exits 2.
 *
 * @example
 * ```ts
 * throw new UsageError('unknown flag --jsn', { hint: 'did you mean --json?' });
 * ```
 */
export class UsageError extends CliError {
  override readonly name: string = 'UsageError';

  constructor(
    message: string,
    options: { code?: string; details?: CliErrorDetail[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, {
      code: options.code ?? 'usage',
      exitCode: EXIT_CODES.usage,
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
  }
}
