import type * as z from 'zod';
import { ValidationError } from '../errors/client-errors';
import type { ErrorDetail } from '../errors/conduit-error';
import { formatJsonPath } from '../json-path';
import { isSecretName } from '../redact';
import { zodIssueDetails } from '../zod-issue-details';

/**
 * One way of authenticating to an upstream system, as a connector declares it: its identifier,
 * name and the strict schema of its credentials object (the field list is read from the schema).
 *
 * @example
 * ```ts
 * const method: CredentialMethodSchema = { id: 'api_token', displayName: 'API token', schema: z.strictObject({ token: z.string() }) };
 * ```
 */
export interface CredentialMethodSchema {
  /** Stable identifier, e.g. `oauth` or `personal_access_token`. */
  readonly id: string;
  readonly displayName: string;
  readonly schema: z.ZodObject;
}

/**
 * One field of a credential method or of a kind's configuration, for describing it to people.
 *
 * @example
 * ```ts
 * for (const field of kind.configFields) console.log(field.name, field.required, field.default);
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
 * One credential method of a kind, with its fields derived from its schema.
 *
 * @example
 * ```ts
 * const [first]: readonly ConnectorCredentialMethod[] = kind.credentialMethods;
 * ```
 */
export interface ConnectorCredentialMethod extends CredentialMethodSchema {
  readonly fields: readonly ConnectorKindField[];
}

/**
 * What a connector declares about its kind, for {@link defineConnectorKind}: the vendor facts a
 * connector package, and only it, knows.
 *
 * @example
 * ```ts
 * const spec: ConnectorKindSpec<'notes', readonly CredentialMethodSchema[], typeof NotesConfigSchema> = { ... };
 * ```
 */
export interface ConnectorKindSpec<
  Type extends string,
  Methods extends readonly CredentialMethodSchema[],
  Config extends z.ZodObject,
> {
  /** The kind (the category) in the hosted service: `connector_type`. */
  readonly type: Type;
  /** The connector's name (its package, module and CLI word), accepted as a `connector_type` too. */
  readonly name: string;
  /** More names `connector_type` accepts. */
  readonly aliases?: readonly string[];
  /** The category, for people: `Task management`. */
  readonly displayName: string;
  /** The upstream product. */
  readonly vendor: string;
  /** How messages name the kind's credentials (`invalid CRM credentials`); default the type. */
  readonly label?: string;
  /** The upstream base address, with `{variable}` for configuration variables in it. */
  readonly upstreamUrlTemplate: string;
  /** Credentials must match exactly one of these, in the order they are offered. */
  readonly credentialMethods: Methods;
  /** Methods the upstream offers elsewhere but this kind does not accept, and why. */
  readonly unavailableMethods?: readonly { readonly id: string; readonly reason: string }[];
  /** The strict schema of the configuration variables; `base_url` among them. */
  readonly config: Config;
  /** The upstream address of a validated config that has no `base_url`. */
  upstreamUrl(config: z.output<Config>): string;
  /** What the kind's own fields mean to the person filling them in, by field name. */
  readonly fieldDescriptions?: Readonly<Record<string, string>>;
}

/**
 * One connector kind, described and checkable: names, credential methods with their fields,
 * configuration variables, the upstream address, and the checks the hosted service applies.
 *
 * @example
 * ```ts
 * const credentials = kind.parseCredentials(body.credentials);
 * const baseUrl = kind.baseUrl(body.config);
 * ```
 */
export interface ConnectorKind<
  Type extends string = string,
  Credentials = Readonly<Record<string, string | undefined>>,
  Config = Readonly<Record<string, unknown>>,
> {
  readonly type: Type;
  /** Every other name `connector_type` accepts: the connector's name first. */
  readonly aliases: readonly string[];
  readonly displayName: string;
  readonly vendor: string;
  readonly upstreamUrlTemplate: string;
  readonly credentialMethods: readonly ConnectorCredentialMethod[];
  readonly unavailableMethods: readonly { readonly id: string; readonly reason: string }[];
  readonly configFields: readonly ConnectorKindField[];
  readonly configSchema: z.ZodObject;
  /**
   * Checks credentials against the kind's methods: they must match exactly one method, with no
   * unknown or mixed fields. Throws a `ValidationError` (`invalid_credentials`, 422) with one
   * detail per bad field, e.g. `credentials.client_secret`; messages name fields, never values.
   */
  parseCredentials(value: unknown): Credentials;
  /**
   * Checks the configuration variables; an absent (`undefined` or `null`) config counts as `{}`.
   * Throws a `ValidationError` (`invalid_config`, 422) with one detail per bad field.
   */
  parseConfig(value: unknown): Config;
  /** The upstream base address of a config (validated first): `base_url`, else the kind's own. */
  baseUrl(config: unknown): string;
}

// What the fields every kind may share mean to the person filling them in.
const fieldDescriptions: Readonly<Record<string, string>> = {
  token: 'Personal access token of the upstream account',
  refresh_token: 'OAuth 2.0 refresh token, used to renew the access token automatically',
  client_id: 'Client identifier (consumer key) of the registered OAuth app',
  client_secret: 'Client secret (consumer secret) of the registered OAuth app',
  access_token: 'OAuth 2.0 access token',
  email: 'Email address of the upstream account',
  api_token: "API token created in the account's admin console",
  base_url: 'Replaces the upstream address (proxies, self-managed upstreams, tests)',
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeFields(
  schema: z.ZodObject,
  descriptions: Readonly<Record<string, string>>,
): ConnectorKindField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const whenAbsent = (field as z.ZodType).safeParse(undefined);
    return {
      name,
      required: !whenAbsent.success,
      secret: isSecretName(name),
      description: descriptions[name] ?? fieldDescriptions[name] ?? name,
      ...(whenAbsent.success && typeof whenAbsent.data === 'string' ? { default: whenAbsent.data } : {}),
    };
  });
}

function describeMethod(method: CredentialMethodSchema): string {
  const fields = Object.entries(method.schema.shape).map(([name, field]) =>
    (field as z.ZodType).safeParse(undefined).success ? `${name} (optional)` : name,
  );
  return `${method.displayName}: ${fields.join(', ')}`;
}

function methodsSummary(methods: readonly CredentialMethodSchema[]): string {
  const described = methods.map(describeMethod);
  return methods.length === 1
    ? `give ${described[0]}`
    : `give exactly one method: ${described.join('; or ')}`;
}

/**
 * Picks the method the caller most likely meant (the one naming most of the given keys) so the
 * faults reported are about that method's fields, not a union's every alternative.
 */
function closestMethod(
  methods: readonly CredentialMethodSchema[],
  keys: readonly string[],
): CredentialMethodSchema {
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

function credentialFaults(methods: readonly CredentialMethodSchema[], credentials: unknown): ErrorDetail[] {
  const code = 'invalid_credentials';
  if (!isPlainObject(credentials)) {
    return [
      {
        field: 'credentials',
        message: `credentials must be an object; ${methodsSummary(methods)}`,
        error_code: code,
      },
    ];
  }
  const keys = Object.keys(credentials);
  if (keys.length === 0) {
    return [
      {
        field: 'credentials',
        message: `credentials are empty; ${methodsSummary(methods)}`,
        error_code: code,
      },
    ];
  }
  const known = (key: string) => methods.some((m) => Object.hasOwn(m.schema.shape, key));
  if (!keys.some(known)) {
    // Nothing points at a method, so listing one method's missing fields would only guess.
    return [
      ...keys.map((key) => ({
        field: formatJsonPath(['credentials', key]),
        message: `unknown field ${JSON.stringify(key)}`,
        error_code: code,
      })),
      { field: 'credentials', message: methodsSummary(methods), error_code: code },
    ];
  }
  const method = closestMethod(methods, keys);
  const others = methods.filter((other) => other !== method);
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

/**
 * Describes a connector kind from what its connector declares, deriving every field list from the
 * schemas, and gives it the hosted service's checks of credentials and config.
 *
 * @example
 * ```ts
 * export const notesKind = defineConnectorKind({
 *   type: 'notes',
 *   name: 'notes',
 *   displayName: 'Notes',
 *   vendor: 'Notes Inc.',
 *   upstreamUrlTemplate: 'https://api.notes.example/v1',
 *   credentialMethods: [{ id: 'api_token', displayName: 'API token', schema: z.strictObject({ token: z.string() }) }],
 *   config: z.strictObject({ base_url: baseUrlOverride }),
 *   upstreamUrl: () => 'https://api.notes.example/v1',
 * });
 * notesKind.parseCredentials({ token: 't' });
 * ```
 */
export function defineConnectorKind<
  const Type extends string,
  const Methods extends readonly CredentialMethodSchema[],
  Config extends z.ZodObject,
>(
  spec: ConnectorKindSpec<Type, Methods, Config>,
): ConnectorKind<Type, z.output<Methods[number]['schema']>, z.output<Config>> {
  const descriptions = spec.fieldDescriptions ?? {};
  const methods = spec.credentialMethods;
  const label = spec.label ?? spec.type;
  const parseConfig = (value: unknown): z.output<Config> => {
    const input = value ?? {};
    const result = spec.config.safeParse(input);
    if (result.success) return result.data as z.output<Config>;
    const details = zodIssueDetails(result.error.issues, {
      root: 'config',
      errorCode: 'invalid_config',
      input,
      unknownKey: (key) => {
        const known = Object.keys(spec.config.shape).join(', ');
        return `unknown configuration variable ${JSON.stringify(key)}; ${spec.type} takes ${known}`;
      },
    });
    throw new ValidationError(
      `invalid ${spec.type} config: ${details.map((detail) => detail.message).join('; ')}`,
      { code: 'invalid_config', status: 422, details },
    );
  };
  return {
    type: spec.type,
    aliases: [spec.name, ...(spec.aliases ?? [])].filter((alias) => alias !== spec.type),
    displayName: spec.displayName,
    vendor: spec.vendor,
    upstreamUrlTemplate: spec.upstreamUrlTemplate,
    credentialMethods: methods.map((method) => ({
      id: method.id,
      displayName: method.displayName,
      schema: method.schema,
      fields: describeFields(method.schema, descriptions),
    })),
    unavailableMethods: spec.unavailableMethods ?? [],
    configFields: describeFields(spec.config, descriptions),
    configSchema: spec.config,
    parseCredentials(value) {
      for (const method of methods) {
        const result = method.schema.safeParse(value);
        if (result.success) return result.data as z.output<Methods[number]['schema']>;
      }
      const details = credentialFaults(methods, value);
      const summary = details.map((detail) => detail.message).join('; ');
      throw new ValidationError(`invalid ${label} credentials: ${summary}`, {
        code: 'invalid_credentials',
        status: 422,
        details,
      });
    },
    parseConfig,
    baseUrl(config) {
      const parsed = parseConfig(config);
      const override = (parsed as { base_url?: unknown }).base_url;
      return typeof override === 'string' ? override : spec.upstreamUrl(parsed);
    },
  };
}

/**
 * The kind of a name or alias among `kinds` (case-insensitive, surrounding space ignored), or
 * `undefined` when none has that name.
 *
 * @example
 * ```ts
 * resolveConnectorKind(kinds, 'task-management')?.type; // 'task-management'
 * ```
 */
export function resolveConnectorKind<Kind extends Pick<ConnectorKind, 'type' | 'aliases'>>(
  kinds: readonly Kind[],
  name: string,
): Kind | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = name.trim().toLowerCase();
  return kinds.find((kind) => kind.type === wanted || kind.aliases.includes(wanted));
}

/**
 * Like {@link resolveConnectorKind}, but an unknown name throws the service's 400
 * `unknown_connector_type` (a `ValidationError` naming `connector_type`).
 *
 * @example
 * ```ts
 * const kind = requireConnectorKind(CONNECTOR_KINDS, body.connector_type);
 * ```
 */
export function requireConnectorKind<Kind extends Pick<ConnectorKind, 'type' | 'aliases'>>(
  kinds: readonly Kind[],
  name: unknown,
): Kind {
  const kind = typeof name === 'string' ? resolveConnectorKind(kinds, name) : undefined;
  if (kind !== undefined) return kind;
  const known = kinds.map((each) => [each.type, ...each.aliases].join(' / ')).join(', ');
  const message =
    typeof name === 'string'
      ? `unknown connector type ${JSON.stringify(name)}; known: ${known}`
      : `connector_type must be a string; known: ${known}`;
  throw new ValidationError(message, {
    code: 'unknown_connector_type',
    status: 400,
    details: [{ field: 'connector_type', message, error_code: 'unknown_connector_type' }],
  });
}
