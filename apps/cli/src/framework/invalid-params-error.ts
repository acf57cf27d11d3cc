import { CliError, type CliErrorDetail } from './cli-error';
import { EXIT_CODES } from './exit-codes';

/**
 * The command line parsed, but what it asks for is not valid input: an unknown or mistyped param,
 * an unknown or mistyped search field. Exits 5, like the same mistake found by the connector or
 * the hosted service (a missing param, an unknown field in `--query`), so one mistake has one exit
 * code wherever it is caught. A malformed command line (`--param` without `=`, bad `--where` or
 * `--query` syntax) is a {@link UsageError} instead (exit 2).
 *
 * @example
 * ```ts
 * throw new InvalidParamsError('task-management tasks get has no param "task_gd"', { code: 'unknown_param' });
 * ```
 */
export class InvalidParamsError extends CliError {
  override readonly name: string = 'InvalidParamsError';

  constructor(
    message: string,
    options: { code: string; details?: CliErrorDetail[]; hint?: string; cause?: unknown },
  ) {
    super(message, {
      code: options.code,
      exitCode: EXIT_CODES.validation,
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
  }
}
