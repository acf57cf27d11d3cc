import { CliError } from '../framework/cli-error';
import { EXIT_CODES } from '../framework/exit-codes';

/** A setting a command needs and did not find, with where it may come from. */
export interface MissingSetting {
  field: string;
  /** e.g. `set CONDUIT_CLIENT_ID, pass --client-id, or store it in a profile` */
  message: string;
}

/**
 * The error of a command that lacks settings: exit code `auth`, one `missing_setting` detail per
 * setting, and a hint on where secrets may live.
 *
 * @example
 * ```ts
 * throw missingSettingsError('the hosted service needs client_id', [{ field: 'client_id', message: 'pass --client-id' }], {
 *   code: 'missing_hosted_credentials',
 *   hint: 'a profile keeps them: conduit profile set NAME client_id=…',
 * });
 * ```
 */
export function missingSettingsError(
  message: string,
  missing: readonly MissingSetting[],
  options: { code: string; hint: string },
): CliError {
  return new CliError(message, {
    code: options.code,
    exitCode: EXIT_CODES.auth,
    details: missing.map(({ field, message: detail }) => ({
      field,
      message: detail,
      error_code: 'missing_setting',
    })),
    hint: options.hint,
  });
}
