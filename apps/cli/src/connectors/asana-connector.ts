import { ASANA_API_URL, type AsanaAuth, asanaDefinition, createLocalExecutor } from '@conduit/asana';
import { UsageError } from '../framework/usage-error';
import type { CredentialsInput, LocalConnector } from './local-connector';

const TOKEN_FIELDS = ['token'] as const;
const OAUTH_FIELDS = ['refresh_token', 'client_id', 'client_secret'] as const;
const OAUTH_OPTIONAL = ['access_token'] as const;

function credentialsError(origin: string, problem: string, fields: readonly string[]): UsageError {
  return new UsageError(`invalid credentials in ${origin}: ${problem}`, {
    code: 'invalid_credentials',
    details: fields.map((field) => ({
      field,
      message: `${field}: ${problem}`,
      error_code: 'invalid_credentials',
    })),
    hint: 'expected {"token": "…"} or {"refresh_token": "…", "client_id": "…", "client_secret": "…"}',
  });
}

function parseAsanaCredentials(value: unknown, origin: string): CredentialsInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw credentialsError(origin, 'must be a JSON object', []);
  }
  const record = value as Record<string, unknown>;
  const isOAuth = 'refresh_token' in record;
  const allowed: readonly string[] = isOAuth ? [...OAUTH_FIELDS, ...OAUTH_OPTIONAL] : TOKEN_FIELDS;
  const required: readonly string[] = isOAuth ? OAUTH_FIELDS : TOKEN_FIELDS;
  const unknown = Object.keys(record).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw credentialsError(origin, 'unexpected field', unknown);
  const missing = required.filter((key) => record[key] === undefined);
  if (missing.length > 0) throw credentialsError(origin, 'missing', missing);
  const notText = Object.keys(record).filter((key) => typeof record[key] !== 'string' || record[key] === '');
  if (notText.length > 0) throw credentialsError(origin, 'must be a non-empty string', notText);
  return record as Record<string, string>;
}

function toAuth(credentials: CredentialsInput): AsanaAuth {
  if (credentials.token !== undefined) return { token: credentials.token };
  return {
    refreshToken: credentials.refresh_token!,
    clientId: credentials.client_id!,
    clientSecret: credentials.client_secret!,
    ...(credentials.access_token === undefined ? {} : { accessToken: credentials.access_token }),
  };
}

/**
 * The Asana connector as the CLI runs it locally: a personal access token (`ASANA_TOKEN`) or an
 * OAuth refresh token with its app's client id and secret.
 */
export const asanaConnector: LocalConnector = {
  definition: asanaDefinition,
  credentialMethods: [
    { name: 'personal access token', fields: [{ json: 'token', setting: 'asana_token' }] },
    {
      name: 'OAuth refresh token',
      fields: [
        { json: 'refresh_token', setting: 'asana_refresh_token' },
        { json: 'client_id', setting: 'asana_client_id' },
        { json: 'client_secret', setting: 'asana_client_secret' },
      ],
    },
  ],
  parseCredentials: parseAsanaCredentials,
  baseUrlSetting: 'asana_base_url',
  defaultBaseUrl: ASANA_API_URL,
  createExecutor(options) {
    return createLocalExecutor({
      auth: toAuth(options.credentials),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      userAgent: options.userAgent,
      ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    });
  },
};
