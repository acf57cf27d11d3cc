import type * as z from 'zod';
import { isSecretName } from '../redact';
import { CONFIG_SCHEMAS, TASK_MANAGEMENT_BASE_URL } from './connector-config';
import { CREDENTIAL_METHODS, type CredentialMethodSchema } from './connector-credentials';
import { CONNECTOR_TYPE_ALIASES, CONNECTOR_TYPES, type ConnectorType } from './connector-type';

/**
 * One field of a credential method or of a kind's configuration, for describing it to people.
 *
 * @example
 * ```ts
 * for (const field of connectorKinds.crm.configFields) console.log(field.name, field.required, field.default);
 * ```
 */
export interface ConnectorKindField {
  readonly name: string;
  readonly required: boolean;
  /** True for values that must never be shown or logged. */
  readonly secret: boolean;
  readonly description: string;
  /** The value used when the field is left out, when there is one. */
  readonly default?: string;
}

/**
 * One credential method of a kind.
 *
 * @example
 * ```ts
 * const [oauth]: readonly ConnectorCredentialMethod[] = connectorKinds.crm.credentialMethods;
 * ```
 */
export interface ConnectorCredentialMethod {
  /** Stable identifier, e.g. `oauth`. */
  readonly id: string;
  readonly displayName: string;
  readonly fields: readonly ConnectorKindField[];
  /** The strict schema of this method's credentials object. */
  readonly schema: z.ZodObject;
}

/**
 * What a CLI or a generated document says about one connector kind.
 *
 * @example
 * ```ts
 * const kind: ConnectorKind = connectorKinds['support-desk'];
 * console.log(`${kind.displayName} (${kind.vendor}): ${kind.upstreamUrlTemplate}`);
 * ```
 */
export interface ConnectorKind {
  readonly type: ConnectorType;
  readonly aliases: readonly string[];
  readonly displayName: string;
  /** The upstream product. */
  readonly vendor: string;
  /** The upstream base address, with `{variable}` for configuration variables in it. */
  readonly upstreamUrlTemplate: string;
  /** Credentials must match exactly one of these. */
  readonly credentialMethods: readonly ConnectorCredentialMethod[];
  /** Methods the upstream offers elsewhere but this kind does not accept, and why. */
  readonly unavailableMethods: readonly { readonly id: string; readonly reason: string }[];
  readonly configFields: readonly ConnectorKindField[];
  readonly configSchema: z.ZodObject;
}

// What each field means to the person filling it in. Keyed by field name: the names are the
// same across kinds wherever the meaning is.
const fieldDescriptions: Readonly<Record<string, string>> = {
  token: 'Personal access token of the upstream account',
  refresh_token: 'OAuth 2.0 refresh token, used to renew the access token automatically',
  client_id: 'Client identifier (consumer key) of the registered OAuth app',
  client_secret: 'Client secret (consumer secret) of the registered OAuth app',
  access_token: 'OAuth 2.0 access token',
  email: 'Email address of the upstream account',
  api_token: "API token created in the account's admin console",
  subdomain: 'Account subdomain, e.g. "acme" for acme.zendesk.com',
  instance_url:
    'Where the CRM account signs in (https): https://login.salesforce.com (the default), https://test.salesforce.com for a sandbox, or the org’s My Domain',
  base_url: 'Replaces the upstream address (proxies, self-managed upstreams, tests)',
};

function describeFields(schema: z.ZodObject): ConnectorKindField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const whenAbsent = (field as z.ZodType).safeParse(undefined);
    return {
      name,
      required: !whenAbsent.success,
      secret: isSecretName(name),
      description: fieldDescriptions[name] ?? name,
      ...(whenAbsent.success && typeof whenAbsent.data === 'string' ? { default: whenAbsent.data } : {}),
    };
  });
}

function describeMethods(type: ConnectorType): ConnectorCredentialMethod[] {
  return CREDENTIAL_METHODS[type].map((method: CredentialMethodSchema) => ({
    id: method.id,
    displayName: method.displayName,
    fields: describeFields(method.schema),
    schema: method.schema,
  }));
}

function kind(
  type: ConnectorType,
  details: Pick<ConnectorKind, 'displayName' | 'vendor' | 'upstreamUrlTemplate' | 'unavailableMethods'>,
): ConnectorKind {
  return {
    type,
    aliases: CONNECTOR_TYPE_ALIASES[type],
    ...details,
    credentialMethods: describeMethods(type),
    configFields: describeFields(CONFIG_SCHEMAS[type]),
    configSchema: CONFIG_SCHEMAS[type],
  };
}

/**
 * Every connector kind, described: names, credential methods with their fields, configuration
 * variables and the upstream address. What `conduit describe` and generated docs print.
 *
 * @example
 * ```ts
 * for (const method of connectorKinds['support-desk'].credentialMethods) {
 *   console.log(method.displayName, method.fields.map((field) => field.name).join(', '));
 * }
 * ```
 */
export const connectorKinds: { readonly [Type in ConnectorType]: ConnectorKind } = {
  'task-management': kind('task-management', {
    displayName: 'Task management',
    vendor: 'Asana',
    upstreamUrlTemplate: TASK_MANAGEMENT_BASE_URL,
    unavailableMethods: [],
  }),
  'support-desk': kind('support-desk', {
    displayName: 'Support desk',
    vendor: 'Zendesk Support',
    upstreamUrlTemplate: 'https://{subdomain}.zendesk.com/api/v2',
    unavailableMethods: [],
  }),
  crm: kind('crm', {
    displayName: 'CRM',
    vendor: 'Salesforce',
    upstreamUrlTemplate: '{instance_url}',
    unavailableMethods: [{ id: 'api_token', reason: 'the CRM offers no token method for this connector' }],
  }),
};

/**
 * The kinds in their canonical order, for listing.
 *
 * @example
 * ```ts
 * listConnectorKinds().map((kind) => kind.type); // ['task-management', 'support-desk', 'crm']
 * ```
 */
export function listConnectorKinds(): ConnectorKind[] {
  return CONNECTOR_TYPES.map((type) => connectorKinds[type]);
}
