import type { ConnectorDefinition, ConnectorKind, ErrorClasses, SearchFieldType } from '@conduit/protocol';
import type {
  OAuthTokenSet,
  RateLimiter,
  RateLimiterOptions,
  RefreshCoordinator,
  RetryOptions,
  TokenBodyEncoding,
  TransportHooks,
} from '@conduit/transport';
import type * as z from 'zod';
import type { LocalConnectorExecutor } from './create-connector-executor';
import type { SyncPlan } from './sync-plan';

/**
 * One field of a credential method: its JSON name, and whether it may be left out.
 *
 * @example
 * ```ts
 * const field: CredentialField = { name: 'access_token', optional: true };
 * ```
 */
export interface CredentialField {
  readonly name: string;
  readonly optional?: boolean;
}

/**
 * One way of authenticating to the upstream, as shells offer it (the CLI reads each field from
 * the setting `<module name>_<field>`, e.g. `asana_refresh_token`).
 *
 * @example
 * ```ts
 * const method: CredentialMethod = { id: 'personal_access_token', displayName: 'personal access token', fields: [{ name: 'token' }] };
 * ```
 */
export interface CredentialMethod {
  /** Stable identifier, e.g. `oauth`. */
  readonly id: string;
  /** For messages: `personal access token`. */
  readonly displayName: string;
  readonly fields: readonly CredentialField[];
}

/**
 * Where a connector's OAuth flow runs: its API root and its validated config (the upstream's
 * endpoints can depend on the account, e.g. a Zendesk subdomain or a Salesforce My Domain).
 *
 * @example
 * ```ts
 * const where: ConnectorOAuthTarget = { baseUrl: 'https://acme.zendesk.com/api/v2', config: { subdomain: 'acme' } };
 * ```
 */
export interface ConnectorOAuthTarget {
  /** The API root of the config (the module's `baseUrl`). */
  readonly baseUrl: string;
  /** The config as the kind's schema parsed it (defaults applied). */
  readonly config: Readonly<Record<string, unknown>>;
}

/**
 * The upstream's OAuth 2 authorization-code flow, as a connector declares it: where the consent
 * page and the token endpoint are for a connector's validated config, how the token endpoint
 * wants its body, the scopes the connector needs, and the credentials (and config) to store from
 * the exchange. The OAuth app's client id and secret are the shell operator's, never the module's.
 *
 * @example
 * ```ts
 * const oauth: ConnectorOAuth = {
 *   hosts: ['app.asana.com'],
 *   authorizeUrl: ({ baseUrl }) => new URL('/-/oauth_authorize', baseUrl).href,
 *   tokenUrl: ({ baseUrl }) => new URL('/-/oauth_token', baseUrl).href,
 *   scopes: ['tasks:read'],
 *   credentials: (tokens, client) => ({ refresh_token: tokens.refreshToken, client_id: client.clientId, client_secret: client.clientSecret }),
 * };
 * ```
 */
export interface ConnectorOAuth {
  /**
   * The upstream's identity hosts: names or `*.`-prefixed suffixes (`*.my.salesforce.com`) the
   * consent page, the token endpoint and a token response's account address may be on. A shell
   * that holds an operator's OAuth client refuses every other host, so a host named by an end
   * user never receives the client's secret (issue 28).
   */
  readonly hosts: readonly string[];
  /** The upstream's authorization (consent) endpoint for a connector with this config. */
  authorizeUrl(target: ConnectorOAuthTarget): string;
  /** The upstream's token endpoint for a connector with this config. */
  tokenUrl(target: ConnectorOAuthTarget): string;
  /** Requested scopes (sent space-separated); empty for the upstream's default. */
  readonly scopes: readonly string[];
  /** How the client authenticates at the token endpoint; default `body`. */
  readonly clientAuthentication?: 'body' | 'basic';
  /** How the token request's body is encoded; default `form`, `json` where the upstream takes only JSON. */
  readonly bodyEncoding?: TokenBodyEncoding;
  /**
   * The connector credentials (as `parseCredentials` accepts them) from a code exchange's tokens
   * and the operator's OAuth client.
   */
  credentials(
    tokens: OAuthTokenSet,
    client: { clientId: string; clientSecret: string },
  ): Record<string, unknown>;
  /**
   * The connector's config after the exchange, from what the user gave and the token response
   * (Salesforce's `instance_url`); the shell validates it as any config. Default: the config given.
   */
  config?(tokens: OAuthTokenSet, config: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/**
 * What a shell (the server, the CLI) gives a module to build its executor.
 *
 * @example
 * ```ts
 * const executor = module.createExecutor({ credentials, baseUrl, userAgent: 'conduit-cli/1.0' });
 * ```
 */
export interface ModuleExecutorOptions<Credentials = Readonly<Record<string, string | undefined>>> {
  /** Parsed by the module's `parseCredentials`. */
  readonly credentials: Credentials;
  /** The API root; default the module's `defaultBaseUrl`. */
  readonly baseUrl?: string;
  /**
   * Stores credentials an OAuth refresh renewed (same JSON shape); awaited before requests waiting
   * on the refresh go on.
   */
  saveCredentials?(credentials: Credentials): void | Promise<void>;
  /**
   * Serializes OAuth refreshes with every other holder of the same refresh token (the server's
   * sync and execute paths, other processes), so a rotating refresh token is never sent twice.
   */
  readonly coordinateRefresh?: RefreshCoordinator;
  readonly fetch?: typeof globalThis.fetch;
  /** Default the module's `rateLimit`; a shared limiter, or `false` for none. */
  readonly rateLimit?: RateLimiterOptions | RateLimiter | false;
  readonly retry?: Partial<RetryOptions> | false;
  readonly timeoutMs?: number;
  readonly hooks?: TransportHooks;
  /** Product token of the shell, e.g. `conduit-server/0.1.0`. */
  readonly userAgent?: string;
}

/**
 * Everything a shell needs of one connector, exported by the connector's package: the server, the
 * CLI and the MCP server know connectors only through the registry of these (`@conduit/connectors`).
 *
 * @example
 * ```ts
 * export const notesModule = defineConnectorModule({
 *   connectorKind: notesKind,
 *   displayName: 'Notes',
 *   definition: notesDefinition,
 *   defaultBaseUrl: 'https://api.notes.example/v1',
 *   createExecutor: (options) => createConnectorExecutor({ definition: notesDefinition, baseUrl: options.baseUrl!, auth: authFromCredentials(options.credentials) }),
 *   searchableFields: {},
 *   rateLimit: { requestsPerInterval: 100, intervalMs: 60_000 },
 * });
 * ```
 */
export interface ConnectorModule<
  D extends ConnectorDefinition = ConnectorDefinition,
  Kind extends string = string,
  Extra extends object = {},
  Credentials = Readonly<Record<string, string | undefined>>,
  Config = Readonly<Record<string, unknown>>,
> {
  /** Stable name, e.g. `asana`: the CLI's connector name and settings prefix. */
  readonly name: string;
  /** The connector kind in the hosted service. */
  readonly kind: Kind;
  /** The vendor facts of the kind: names, credential methods, config variables, upstream address. */
  readonly connectorKind: ConnectorKind<Kind, Credentials, Config>;
  readonly displayName: string;
  readonly definition: D;
  /** Ways to authenticate, in order of preference when several are complete (from the kind's schemas). */
  readonly credentialMethods: readonly CredentialMethod[];
  /**
   * Checks a credentials value; throws `ValidationError` (`invalid_credentials`) with one detail
   * per field at fault, naming fields and never values.
   */
  parseCredentials(value: unknown): Credentials;
  /** The API root when the config names none. */
  readonly defaultBaseUrl: string;
  /** The strict schema of the kind's configuration variables (`base_url` and the kind's own). */
  readonly config: z.ZodObject;
  /** The API root of a connector's config (validated; throws `ValidationError` `invalid_config`). */
  baseUrl(config: Partial<Config> | Record<string, unknown> | undefined): string;
  createExecutor(options: ModuleExecutorOptions<Credentials> & Partial<Extra>): LocalConnectorExecutor;
  /**
   * Local-mode options of this connector beyond the shared ones (credentials, config, transport),
   * e.g. Salesforce's `apiVersion`: `createConnector` passes them on to `createExecutor`.
   */
  readonly localOptions?: { readonly [Name in keyof Extra]-?: true };
  /** How the hosted service syncs the connector for search; absent when it has no search. */
  readonly sync?: SyncPlan;
  /** The fields `search` may filter, sort and project on, per searchable entity. */
  readonly searchableFields: { readonly [entity: string]: Readonly<Record<string, SearchFieldType>> };
  /** The upstream's published limits for one set of credentials. */
  readonly rateLimit: RateLimiterOptions;
  /** The upstream's authorization-code flow, when the connect page can offer it. */
  readonly oauth?: ConnectorOAuth;
  /**
   * The connector's own error classes by code, so hosted mode throws what local mode does (see
   * protocol's `decodeHostedError`).
   */
  readonly errorClasses?: ErrorClasses;
  /**
   * Hosts (`*.example.com` for subdomains) a download may be sent to besides the API's own: where
   * the upstream hands out files (signed storage URLs). The hosted service's egress policy refuses
   * every other download host unless its operator allows it.
   */
  readonly downloadHosts?: readonly string[];
  /**
   * The ids other hosted services know this connector's definition by (the agent API's
   * `definition_id`, which Airbyte's Python SDK sends to find and create connectors), first the
   * one to answer with. A server serving that API finds the connector by any of them.
   */
  readonly definitionIds?: readonly string[];
}

/**
 * What a connector package declares of its module: the kind's facts (`connectorKind`) and the
 * runtime; the name, kind, credential methods, config schema, `parseCredentials` and `baseUrl`
 * are derived from the kind unless the module refines them.
 *
 * @example
 * ```ts
 * const spec: ConnectorModuleSpec<typeof notesDefinition, 'notes'> = { connectorKind: notesKind, ... };
 * ```
 */
export type ConnectorModuleSpec<
  D extends ConnectorDefinition,
  Kind extends string,
  Extra extends object,
  Credentials,
  Config,
> = Omit<
  ConnectorModule<D, Kind, Extra, Credentials, Config>,
  'name' | 'kind' | 'credentialMethods' | 'config' | 'parseCredentials' | 'baseUrl'
> &
  Partial<
    Pick<ConnectorModule<D, Kind, Extra, Credentials, Config>, 'name' | 'parseCredentials' | 'baseUrl'>
  >;

/**
 * Declares a connector module, keeping its definition's literal type and deriving what the kind
 * already says (credential field lists come from the schemas, never restated).
 *
 * @example
 * ```ts
 * export const asanaModule = defineConnectorModule({ connectorKind: asanaKind, displayName: 'Asana', ... });
 * ```
 */
export function defineConnectorModule<
  const D extends ConnectorDefinition,
  const Kind extends string,
  Credentials,
  Config,
  Extra extends object = {},
>(
  spec: ConnectorModuleSpec<D, Kind, Extra, Credentials, Config>,
): ConnectorModule<D, Kind, Extra, Credentials, Config> {
  const kind = spec.connectorKind;
  return {
    name: kind.aliases[0] ?? kind.type,
    kind: kind.type,
    credentialMethods: kind.credentialMethods.map((method) => ({
      id: method.id,
      displayName: method.displayName,
      fields: method.fields.map((field) =>
        field.required ? { name: field.name } : { name: field.name, optional: true },
      ),
    })),
    config: kind.configSchema,
    parseCredentials: (value) => kind.parseCredentials(value),
    baseUrl: (config) => kind.baseUrl(config),
    ...spec,
  };
}
