import { ValidationError } from '@conduit/protocol';
import { type SalesforceCredentials, salesforceKind } from './salesforce-kind';

const TOKEN_FIELDS = ['access_token', 'token', 'api_token', 'email', 'password', 'username'];

/**
 * Checks CRM credentials (seed 000: `refresh_token`, `client_id`, `client_secret`). The CRM kind
 * has no token method: credentials that look like one get an error that says so.
 *
 * @example
 * ```ts
 * parseSalesforceCredentials({ refresh_token: 'r', client_id: 'id', client_secret: 's' });
 * parseSalesforceCredentials({ access_token: 't' }); // ValidationError: the CRM connector has no token method
 * ```
 */
export function parseSalesforceCredentials(value: unknown): SalesforceCredentials {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const tokenish = keys.filter((key) => TOKEN_FIELDS.includes(key));
    if (tokenish.length > 0 && !keys.includes('refresh_token')) {
      const message =
        'the CRM connector (Salesforce) has no token method: give the OAuth refresh_token, client_id and client_secret of a connected app';
      throw new ValidationError(`invalid CRM credentials: ${message}`, {
        code: 'invalid_credentials',
        status: 422,
        details: tokenish.map((key) => ({
          field: `credentials.${key}`,
          message,
          error_code: 'invalid_credentials',
        })),
      });
    }
  }
  return salesforceKind.parseCredentials(value);
}
