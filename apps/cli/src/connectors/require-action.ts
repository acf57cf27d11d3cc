import { type ActionDefinition, type ConnectorDefinition, findAction } from '@conduit/protocol';
import { didYouMean } from '../framework/suggest';
import { UsageError } from '../framework/usage-error';

/**
 * The entity of a definition, or a usage error suggesting the closest name.
 *
 * @example
 * ```ts
 * requireEntity(definition, 'taks'); // throws: unknown entity "taks" of Example; did you mean tasks?
 * ```
 */
export function requireEntity(definition: ConnectorDefinition, entity: string): string {
  if (Object.hasOwn(definition.entities, entity)) return entity;
  const known = Object.keys(definition.entities);
  throw new UsageError(`unknown entity "${entity}" of ${definition.displayName}`, {
    code: 'unknown_entity',
    hint: didYouMean(entity, known) ?? `run conduit describe ${definition.name} to see its entities`,
  });
}

/**
 * The action of an entity (by its kind or an alias), or a usage error listing the actions the
 * entity offers.
 *
 * @example
 * ```ts
 * requireAction(definition, 'teams', 'list'); // throws: teams has no action "list" (actions: get, search)
 * ```
 */
export function requireAction(
  definition: ConnectorDefinition,
  entity: string,
  action: string,
): ActionDefinition {
  const entityDefinition = definition.entities[requireEntity(definition, entity)]!;
  // By its kind or an action alias the connector's definition gives the entity.
  const found = findAction(definition, entity, action);
  if (!('error' in found)) return found;
  const offered = Object.keys(entityDefinition.actions);
  throw new UsageError(
    `${definition.name} ${entity} has no action "${action}" (actions: ${offered.join(', ')})`,
    {
      code: 'unsupported_action',
      ...(didYouMean(action, offered) ? { hint: didYouMean(action, offered)! } : {}),
    },
  );
}
