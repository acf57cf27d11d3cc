import { AuthenticationError, type ConduitError } from '@conduit/protocol';

const SETTINGS = [
  { field: 'platformClientId', variable: 'CONDUIT_CLIENT_ID' },
  { field: 'platformClientSecret', variable: 'CONDUIT_CLIENT_SECRET' },
] as const;

/**
 * The service's refusal of the application's credentials (401 `invalid_client`), reworded to
 * name the client options and environment variables they came from. The service speaks of
 * `client_id` and `client_secret`, names the caller never wrote; any other error is returned as
 * it is.
 *
 * @example
 * ```ts
 * createTransport({ baseUrl, errorMapper: (context) => namingCredentialSettings(hostedErrorFromBody(context.status, context.body)) });
 * ```
 */
export function namingCredentialSettings(error: ConduitError): ConduitError {
  if (!(error instanceof AuthenticationError) || error.code !== 'invalid_client') return error;
  const fields = SETTINGS.map((setting) => setting.field).join(' and ');
  const variables = SETTINGS.map((setting) => setting.variable).join(', ');
  return new AuthenticationError(`${error.message}: check ${fields} (${variables})`, {
    code: error.code,
    status: error.status ?? 401,
    request: error.request,
    details: SETTINGS.map((setting) => ({
      field: setting.field,
      message: `${setting.field} (${setting.variable}) is not a valid client credential of the service`,
      error_code: 'invalid_client',
    })),
    cause: error,
  });
}
