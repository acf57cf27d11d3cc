import type { ActionKind, ConnectorDefinition } from '@conduit/protocol';
import { type ActionDescription, describeAction } from './describe-action';

/** One entity as `conduit describe` reports it. */
export interface EntityDescription {
  readonly name: string;
  readonly description: string;
  readonly actions: readonly ActionDescription[];
}

/** A whole connector as `conduit describe --json` reports it. */
export interface ConnectorDescription {
  readonly name: string;
  readonly display_name: string;
  readonly connector_type: string;
  readonly aliases: readonly string[];
  readonly entities: readonly EntityDescription[];
}

/** One line per entity, without schemas: what the overview needs. */
export interface EntitySummary {
  readonly name: string;
  readonly description: string;
  readonly actions: readonly ActionKind[];
}

/**
 * The entities of a definition with their action names, cheaply (no schema is converted).
 *
 * @example
 * ```ts
 * summarizeEntities(definition)[0]; // { name: 'tasks', description: 'Tasks', actions: ['list', 'get', 'search'] }
 * ```
 */
export function summarizeEntities(definition: ConnectorDefinition): EntitySummary[] {
  return Object.entries(definition.entities).map(([name, entity]) => ({
    name,
    description: entity.description,
    actions: Object.keys(entity.actions) as ActionKind[],
  }));
}

/**
 * Describes one entity and every action it offers.
 *
 * @example
 * ```ts
 * describeEntity(definition, 'tasks').actions.map((action) => action.name); // ['list', 'get', 'search']
 * ```
 */
export function describeEntity(definition: ConnectorDefinition, entity: string): EntityDescription {
  const entityDefinition = definition.entities[entity]!;
  return {
    name: entity,
    description: entityDefinition.description,
    actions: Object.entries(entityDefinition.actions).map(([name, action]) =>
      describeAction(
        name,
        action!,
        Object.entries(entityDefinition.actionAliases ?? {})
          .filter(([, alias]) => alias.action === name)
          .map(([alias]) => alias),
      ),
    ),
  };
}

/**
 * Describes a whole connector: every entity, action, param, rule and record field.
 *
 * @example
 * ```ts
 * describeConnector(definition, ['task-management']).entities.length; // 22
 * ```
 */
export function describeConnector(
  definition: ConnectorDefinition,
  aliases: readonly string[],
): ConnectorDescription {
  return {
    name: definition.name,
    display_name: definition.displayName,
    connector_type: definition.connectorType,
    aliases,
    entities: Object.keys(definition.entities).map((entity) => describeEntity(definition, entity)),
  };
}
