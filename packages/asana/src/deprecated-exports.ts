// Names that moved to @conduit/connector-kit, kept here so existing imports keep working.
import type {
  ActionMethod as KitActionMethod,
  ConnectorClient as KitConnectorClient,
  EntityMethods as KitEntityMethods,
  ExecuteResult as KitExecuteResult,
} from '@conduit/connector-kit';
import { createConnectorClient as kitCreateConnectorClient } from '@conduit/connector-kit';
import type { ActionName, ConnectorDefinition, EntityName } from '@conduit/protocol';

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
