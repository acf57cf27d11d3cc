// Names that moved to @conduit/connector-kit, and the old local constructor shape, kept here (the
// `@conduit/asana/deprecated` entry) so existing imports keep working.
import type {
  ActionMethod as KitActionMethod,
  ConnectorClient as KitConnectorClient,
  EntityMethods as KitEntityMethods,
  ExecuteResult as KitExecuteResult,
} from '@conduit/connector-kit';
import { createConnectorClient as kitCreateConnectorClient } from '@conduit/connector-kit';
import type { ActionName, ConnectorDefinition, EntityName } from '@conduit/protocol';
import {
  type AsanaAuth as LocalAuth,
  type AsanaLocalOptions as LocalOptions,
  createLocalExecutor as localExecutor,
} from './local-executor';

/**
 * @deprecated Moved to `@conduit/connector-kit`; import it from there.
 *
 * @example
 * ```ts
 * import { createConnectorClient } from '@conduit/connector-kit';
 * ```
 */
export const createConnectorClient: typeof kitCreateConnectorClient = kitCreateConnectorClient;

/**
 * @deprecated Moved to `@conduit/connector-kit`; import it from there.
 *
 * @example
 * ```ts
 * import type { ConnectorClient } from '@conduit/connector-kit';
 * ```
 */
export type ConnectorClient<D extends ConnectorDefinition> = KitConnectorClient<D>;

/**
 * @deprecated Moved to `@conduit/connector-kit`; import it from there.
 *
 * @example
 * ```ts
 * import type { ActionMethod } from '@conduit/connector-kit';
 * ```
 */
export type ActionMethod<Action> = KitActionMethod<Action>;

/**
 * @deprecated Moved to `@conduit/connector-kit`; import it from there.
 *
 * @example
 * ```ts
 * import type { EntityMethods } from '@conduit/connector-kit';
 * ```
 */
export type EntityMethods<D extends ConnectorDefinition> = KitEntityMethods<D>;

/**
 * @deprecated Moved to `@conduit/connector-kit`; import it from there.
 *
 * @example
 * ```ts
 * import type { ExecuteResult } from '@conduit/connector-kit';
 * ```
 */
export type ExecuteResult<
  D extends ConnectorDefinition,
  E extends EntityName<D>,
  A extends ActionName<D, E>,
> = KitExecuteResult<D, E, A>;

/**
 * @deprecated The old local shape: create the connector with `createAsana({ credentials })`, or an
 * executor with `asanaModule.createExecutor({ credentials: asanaModule.parseCredentials({ token }) })`.
 *
 * @example
 * ```ts
 * import { asanaModule } from '@conduit/asana';
 * const executor = asanaModule.createExecutor({ credentials: asanaModule.parseCredentials({ token }) });
 * ```
 */
export const createLocalExecutor: typeof localExecutor = localExecutor;

/**
 * @deprecated The old local shape's options: pass `{ credentials, config: { base_url } }` to `createAsana`.
 *
 * @example
 * ```ts
 * import type { AsanaOptions } from '@conduit/asana';
 * ```
 */
export type AsanaLocalOptions = LocalOptions;

/**
 * @deprecated The old local shape's credentials: pass `credentials` (`{ token }`, or
 * `{ refresh_token, client_id, client_secret }`) to `createAsana`.
 *
 * @example
 * ```ts
 * import type { AsanaCredentials } from '@conduit/asana/kind';
 * ```
 */
export type AsanaAuth = LocalAuth;
