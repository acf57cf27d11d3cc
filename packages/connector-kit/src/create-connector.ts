import type { ConnectorDefinition, ConnectorExecutor } from '@conduit/protocol';
import type * as z from 'zod';
import { type ConnectorClient, createConnectorClient } from './connector-client';
import type { ConnectorModule, ModuleExecutorOptions } from './connector-module';
import { type HostedModeOptions, hostedModeExecutor } from './hosted-mode';
import { invalidOption } from './invalid-option';
import { refuseUnknownOptions, TRANSPORT_OPTIONS } from './unknown-options';

// biome-ignore lint/suspicious/noExplicitAny: any module, whatever its definition, kind and extras.
type AnyModule = ConnectorModule<ConnectorDefinition, string, any, any, any>;

type Parts<M> =
  M extends ConnectorModule<ConnectorDefinition, string, infer Extra, infer Credentials, infer Config>
    ? { extra: Extra; credentials: Credentials; config: Config }
    : never;

/**
 * Options of local mode, the same for every connector: the credentials by the field names the
 * hosted service's create body takes, the kind's configuration variables under `config`
 * (`base_url` for every kind; `subdomain`, `instance_url` where the kind has them), and the
 * transport options.
 *
 * @example
 * ```ts
 * const options: LocalModeOptions<ZendeskSupportCredentials, { subdomain: string }> = {
 *   credentials: { email: 'agent@acme.example', api_token: process.env.ZENDESK_API_TOKEN! },
 *   config: { subdomain: 'acme' },
 * };
 * ```
 */
export type LocalModeOptions<Credentials, Config> = Omit<
  ModuleExecutorOptions<Credentials>,
  'baseUrl' | 'credentials'
> & {
  /** The upstream credentials, as the hosted create body's `credentials`. */
  readonly credentials: Credentials;
  /** The configuration variables, as the hosted create body's `config`. */
  readonly config?: Config;
};

/**
 * How to make a connector, the same for every connector: local mode (`credentials`, `config`,
 * transport options), hosted mode (`{ hosted: {...} }`), or any executor (a test double, a custom
 * one).
 *
 * @example
 * ```ts
 * const options: ConnectorOptions<typeof asanaModule> = { credentials: { token }, config: {} };
 * ```
 */
export type ConnectorOptions<M extends AnyModule> =
  | (LocalModeOptions<Parts<M>['credentials'], Partial<Parts<M>['config']>> & Partial<Parts<M>['extra']>)
  | { readonly hosted: HostedModeOptions }
  | { readonly executor: ConnectorExecutor };

/**
 * How a connector package names its constructor, for messages, and the old option shapes it still
 * takes for a minor version (`legacy` builds their executor, or returns `undefined` for options
 * of the current shape).
 *
 * @example
 * ```ts
 * const maker: ConnectorConstructor = { name: 'createAsana' };
 * ```
 */
export interface ConnectorConstructor {
  /** E.g. `createAsana`: every error of a bad option starts with it. */
  readonly name: string;
  readonly legacy?: (options: Record<string, unknown>) => ConnectorExecutor | undefined;
}

/** The option names other connectors used to take, for the hint of an unknown option. */
const RENAMED: Readonly<Record<string, string>> = {
  auth: 'credentials',
  baseUrl: 'config.base_url',
  subdomain: 'config.subdomain',
  instanceUrl: 'config.instance_url',
};

const LOCAL_OPTIONS = {
  credentials: true,
  config: true,
  saveCredentials: true,
  coordinateRefresh: true,
  ...TRANSPORT_OPTIONS,
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldList(schema: z.ZodObject, required: boolean): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => (field as z.ZodType).safeParse(undefined).success !== required)
    .map(([name]) => name);
}

/** `{ token }, or { refresh_token, client_id, client_secret }`: the required fields of each method. */
function credentialShapes(module: AnyModule): string {
  return module.credentialMethods
    .map(
      (method) =>
        `{ ${method.fields
          .filter((field) => !field.optional)
          .map((field) => field.name)
          .join(', ')} }`,
    )
    .join(', or ');
}

function localModeExecutor(
  module: AnyModule,
  options: Record<string, unknown>,
  maker: ConnectorConstructor,
): ConnectorExecutor {
  const name = maker.name;
  const known: Readonly<Record<string, true>> = { ...LOCAL_OPTIONS, ...module.localOptions };
  refuseUnknownOptions(options, known, name, RENAMED);
  const { credentials, config, ...rest } = options;
  if (!isObject(credentials)) {
    throw invalidOption(name, 'credentials', `credentials are required: ${credentialShapes(module)}`);
  }
  const required = fieldList(module.config, true);
  if (config === undefined && required.length > 0) {
    throw invalidOption(
      name,
      'config',
      `config is required: { ${required.join(', ')} }, or { base_url } for another address of the upstream`,
    );
  }
  if (config !== undefined && !isObject(config)) {
    throw invalidOption(
      name,
      'config',
      `config must be an object of ${Object.keys(module.config.shape).join(', ')}`,
    );
  }
  const baseUrl = module.baseUrl(config ?? {});
  return module.createExecutor({
    ...(rest as Omit<ModuleExecutorOptions, 'credentials' | 'baseUrl'>),
    credentials: module.parseCredentials(credentials),
    baseUrl,
  });
}

/**
 * Makes a connector from its module: the one constructor every connector package's `createX` is
 * a line over. Local mode checks the options first (an unknown option, missing credentials or
 * config, a bad field: a `ValidationError` naming it, before any request); hosted mode goes
 * through the hosted service with the same definition, so both modes answer alike.
 *
 * @example
 * ```ts
 * export const createAsana = (options: AsanaOptions): Asana =>
 *   createConnector(asanaModule, options, { name: 'createAsana' });
 *
 * const asana = createAsana({ credentials: { token: process.env.ASANA_TOKEN! } });
 * const hosted = createAsana({ hosted: { externalUserId: 'user-42', platformClientId, platformClientSecret } });
 * ```
 */
export function createConnector<M extends AnyModule>(
  module: M,
  options: ConnectorOptions<M>,
  maker: ConnectorConstructor = { name: `createConnector(${module.name})` },
): ConnectorClient<M['definition']> {
  const definition: M['definition'] = module.definition;
  if (!isObject(options)) {
    throw invalidOption(
      maker.name,
      'options',
      'options are required: { credentials, config } for local mode, or { hosted } for hosted mode',
    );
  }
  if ('executor' in options) return createConnectorClient(definition, options.executor as ConnectorExecutor);
  if ('hosted' in options) {
    return createConnectorClient(definition, hostedModeExecutor(module, options.hosted as HostedModeOptions));
  }
  const legacy = maker.legacy?.(options);
  if (legacy !== undefined) return createConnectorClient(definition, legacy);
  return createConnectorClient(definition, localModeExecutor(module, options, maker));
}
