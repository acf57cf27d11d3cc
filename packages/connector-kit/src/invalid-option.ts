import { ValidationError } from '@conduit/protocol';

/**
 * The error a connector's constructor throws for an option that is missing or unusable: a
 * `ValidationError` (`invalid_config`, 422) whose message starts with the constructor and whose one
 * detail names the option, as `refuseUnknownOptions` names an unknown one.
 *
 * @example
 * ```ts
 * throw invalidOption('createAsana', 'auth', 'auth is required: { token } or { refreshToken, clientId, clientSecret }');
 * ```
 */
export function invalidOption(what: string, field: string, message: string): ValidationError {
  return new ValidationError(`${what}: ${message}`, {
    code: 'invalid_config',
    status: 422,
    details: [{ field, message, error_code: 'invalid_config' }],
  });
}
