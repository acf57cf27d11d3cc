import * as z from 'zod';
import { ValidationError } from '../errors/client-errors';
import type { ErrorDetail } from '../errors/conduit-error';
import { formatJsonPath } from '../json-path';
import { zodIssueDetails } from '../zod-issue-details';
import { type ConnectorType, requireConnectorType } from './connector-type';

// Long enough for any vendor token (JWT access tokens run to a few KiB), short enough that a
// credentials object cannot be used to store arbitrary data.
const secretValue = z.string().min(1).max(8192);
const identifier = z.string().min(1).max(1024);

/**
 * Task-management credentials, personal access token method: `{token}`.
 *
 * @example
 * ```ts
 * TaskManagementTokenCredentialsSchema.parse({ token: process.env.ASANA_TOKEN });
 * ```
 */
export const TaskManagementTokenCredentialsSchema = z.strictObject({ token: secretValue });

/**
 * Task-management credentials, OAuth method: `{refresh_token, client_id, client_secret, access_token?}`.
 * The access token, when given, is used until it expires; the refresh token renews it.
 *
 * @example
 * ```ts
 * TaskManagementOAuthCredentialsSchema.parse({ refresh_token: 'r', client_id: 'id', client_secret: 's' });
 * ```
 */
export const TaskManagementOAuthCredentialsSchema = z.strictObject({
  refresh_token: secretValue,
  client_id: identifier,
  client_secret: secretValue,
  access_token: secretValue.optional(),
});

/**
 * Credentials of the task-management kind: exactly one of the token or OAuth methods.
 *
 * @example
 * ```ts
 * const credentials = TaskManagementCredentialsSchema.parse({ token: 'pat' });
 * if ('token' in credentials) useToken(credentials.token);
 * ```
 */
export const TaskManagementCredentialsSchema = z.union([
  TaskManagementTokenCredentialsSchema,
  TaskManagementOAuthCredentialsSchema,
]);

/**
 * Credentials of the task-management kind.
 *
 * @example
 * ```ts
 * const credentials: TaskManagementCredentials = { token: 'pat' };
 * ```
 */
export type TaskManagementCredentials = z.output<typeof TaskManagementCredentialsSchema>;

/**
 * Support-desk credentials, OAuth method: `{access_token, refresh_token?}`.
 *
 * @example
 * ```ts
 * SupportDeskOAuthCredentialsSchema.parse({ access_token: 'a' });
 * ```
 */
export const SupportDeskOAuthCredentialsSchema = z.strictObject({
  access_token: secretValue,
  refresh_token: secretValue.optional(),
});

/**
 * Support-desk credentials, API token method: `{email, api_token}` (sent upstream as basic auth
 * of `email/token`).
 *
 * @example
 * ```ts
 * SupportDeskTokenCredentialsSchema.parse({ email: 'agent@example.com', api_token: 't' });
 * ```
 */
export const SupportDeskTokenCredentialsSchema = z.strictObject({
  email: z.email().max(320),
  api_token: secretValue,
});

/**
 * Credentials of the support-desk kind: exactly one of the OAuth or API token methods.
 *
 * @example
 * ```ts
 * SupportDeskCredentialsSchema.parse({ email: 'agent@example.com', api_token: 't' });
 * ```
 */
export const SupportDeskCredentialsSchema = z.union([
  SupportDeskOAuthCredentialsSchema,
  SupportDeskTokenCredentialsSchema,
]);

/**
 * Credentials of the support-desk kind.
 *
 * @example
 * ```ts
 * const credentials: SupportDeskCredentials = { email: 'agent@example.com', api_token: 't' };
 * ```
 */
export type SupportDeskCredentials = z.output<typeof SupportDeskCredentialsSchema>;

/**
 * CRM credentials, OAuth method: `{refresh_token, client_id, client_secret}` (the consumer key and
 * secret of the registered app), plus the `access_token` the service stores after a refresh. The
 * CRM kind has no token method.
 *
 * @example
 * ```ts
 * CrmOAuthCredentialsSchema.parse({ refresh_token: 'r', client_id: 'key', client_secret: 'secret' });
 * ```
 */
export const CrmOAuthCredentialsSchema = z.strictObject({
  refresh_token: secretValue,
  client_id: identifier,
  client_secret: secretValue,
  access_token: secretValue.optional(),
});

/**
 * Credentials of the CRM kind (OAuth only).
 *
 * @example
 * ```ts
 * CrmCredentialsSchema.parse({ refresh_token: 'r', client_id: 'key', client_secret: 'secret' });
 * ```
 */
export const CrmCredentialsSchema = z.union([CrmOAuthCredentialsSchema]);

/**
 * Credentials of the CRM kind.
 *
 * @example
 * ```ts
 * const credentials: CrmCredentials = { refresh_token: 'r', client_id: 'key', client_secret: 'secret' };
 * ```
 */
export type CrmCredentials = z.output<typeof CrmCredentialsSchema>;

/**
 * Credentials by connector kind.
 *
 * @example
 * ```ts
 * const credentials: ConnectorCredentialsByType['crm'] = { refresh_token: 'r', client_id: 'key', client_secret: 's' };
 * ```
 */
export interface ConnectorCredentialsByType {
  'task-management': TaskManagementCredentials;
  'support-desk': SupportDeskCredentials;
  crm: CrmCredentials;
}

/**
 * Credentials of any kind.
 *
 * @example
 * ```ts
 * function isOAuth(credentials: ConnectorCredentials): boolean {
 *   return 'refresh_token' in credentials || 'access_token' in credentials;
 * }
 * ```
 */
export type ConnectorCredentials = ConnectorCredentialsByType[ConnectorType];

/**
 * One way of authenticating to an upstream system: its identifier, name and fields.
 *
 * @example
 * ```ts
 * const method: CredentialMethodSchema = CREDENTIAL_METHODS.crm[0]!;
 * method.schema.safeParse(input).success;
 * ```
 */
export interface CredentialMethodSchema {
  /** Stable identifier, e.g. `oauth` or `personal_access_token`. */
  readonly id: string;
  readonly displayName: string;
  readonly schema: z.ZodObject;
}

/**
 * The credential methods of each kind, in the order they are offered. The registry and the error
 * reporting of {@link parseConnectorCredentials} both read this.
 *
 * @example
 * ```ts
 * CREDENTIAL_METHODS['support-desk'].map((method) => method.id); // ['oauth', 'api_token']
 * ```
 */
export const CREDENTIAL_METHODS: { readonly [Type in ConnectorType]: readonly CredentialMethodSchema[] } = {
  'task-management': [
    {
      id: 'personal_access_token',
      displayName: 'personal access token',
      schema: TaskManagementTokenCredentialsSchema,
    },
    { id: 'oauth', displayName: 'OAuth', schema: TaskManagementOAuthCredentialsSchema },
  ],
  'support-desk': [
    { id: 'oauth', displayName: 'OAuth', schema: SupportDeskOAuthCredentialsSchema },
    { id: 'api_token', displayName: 'API token', schema: SupportDeskTokenCredentialsSchema },
  ],
  crm: [{ id: 'oauth', displayName: 'OAuth', schema: CrmOAuthCredentialsSchema }],
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeMethod(method: CredentialMethodSchema): string {
  const fields = Object.entries(method.schema.shape).map(([name, field]) =>
    (field as z.ZodType).safeParse(undefined).success ? `${name} (optional)` : name,
  );
  return `${method.displayName}: ${fields.join(', ')}`;
}

function methodsSummary(type: ConnectorType): string {
  const methods = CREDENTIAL_METHODS[type];
  const described = methods.map(describeMethod);
  return methods.length === 1
    ? `give ${described[0]}`
    : `give exactly one method: ${described.join('; or ')}`;
}

/**
 * Picks the method the caller most likely meant (the one naming most of the given keys) so the
 * faults reported are about that method's fields, not a union's every alternative.
 */
function closestMethod(type: ConnectorType, keys: readonly string[]): CredentialMethodSchema {
  const methods = CREDENTIAL_METHODS[type];
  let best = methods[0]!;
  let bestScore = -1;
  for (const method of methods) {
    const score = keys.filter((key) => Object.hasOwn(method.schema.shape, key)).length;
    if (score > bestScore) {
      best = method;
      bestScore = score;
    }
  }
  return best;
}

function credentialFaults(type: ConnectorType, credentials: unknown): ErrorDetail[] {
  const code = 'invalid_credentials';
  if (!isPlainObject(credentials)) {
    return [
      {
        field: 'credentials',
        message: `credentials must be an object; ${methodsSummary(type)}`,
        error_code: code,
      },
    ];
  }
  const keys = Object.keys(credentials);
  if (keys.length === 0) {
    return [
      { field: 'credentials', message: `credentials are empty; ${methodsSummary(type)}`, error_code: code },
    ];
  }
  const known = (key: string) => CREDENTIAL_METHODS[type].some((m) => Object.hasOwn(m.schema.shape, key));
  if (!keys.some(known)) {
    // Nothing points at a method, so listing one method's missing fields would only guess.
    return [
      ...keys.map((key) => ({
        field: formatJsonPath(['credentials', key]),
        message: `unknown field ${JSON.stringify(key)}`,
        error_code: code,
      })),
      { field: 'credentials', message: methodsSummary(type), error_code: code },
    ];
  }
  const method = closestMethod(type, keys);
  const others = CREDENTIAL_METHODS[type].filter((other) => other !== method);
  const result = method.schema.safeParse(credentials);
  if (result.success) return [];
  return zodIssueDetails(result.error.issues, {
    root: 'credentials',
    errorCode: code,
    input: credentials,
    unknownKey: (key) => {
      const owner = others.find((other) => Object.hasOwn(other.schema.shape, key));
      return owner
        ? `${key} belongs to the ${owner.displayName} method, but the other fields are of the ${method.displayName} method; use exactly one method`
        : `unknown field ${JSON.stringify(key)}; ${describeMethod(method)}`;
    },
  });
}

const kindNames: { readonly [Type in ConnectorType]: string } = {
  'task-management': 'task-management',
  'support-desk': 'support-desk',
  crm: 'CRM',
};

/**
 * Checks credentials against the methods of a connector kind: they must match exactly one method,
 * with no unknown or mixed fields. Returns them parsed, or throws a `ValidationError` (code
 * `invalid_credentials`, status 422) with one detail per bad field, e.g. `credentials.client_secret`.
 * Messages name fields, never values.
 *
 * @example
 * ```ts
 * const credentials = parseConnectorCredentials('task-management', { token: 'pat' });
 * ```
 */
export function parseConnectorCredentials<Type extends ConnectorType>(
  type: Type,
  credentials: unknown,
): ConnectorCredentialsByType[Type] {
  // Callers without types may pass an alias or anything at all.
  const kind = requireConnectorType(type);
  for (const method of CREDENTIAL_METHODS[kind]) {
    const result = method.schema.safeParse(credentials);
    if (result.success) return result.data as ConnectorCredentialsByType[Type];
  }
  const details = credentialFaults(kind, credentials);
  const summary = details.map((detail) => detail.message).join('; ');
  throw new ValidationError(`invalid ${kindNames[kind]} credentials: ${summary}`, {
    code: 'invalid_credentials',
    status: 422,
    details,
  });
}
