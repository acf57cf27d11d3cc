import type * as z from 'zod';

/**
 * The four actions an entity can offer.
 *
 * @example
 * ```ts
 * ACTION_KINDS.includes('search'); // true
 * ```
 */
export const ACTION_KINDS = ['list', 'get', 'search', 'download'] as const;

/**
 * One of `list`, `get`, `search`, `download`.
 *
 * @example
 * ```ts
 * const kind: ActionKind = 'download';
 * ```
 */
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * The type of a searchable field, as seed 001 lists them.
 *
 * @example
 * ```ts
 * const fields: Record<string, SearchFieldType> = { completed: 'boolean', assignee: 'object' };
 * ```
 */
export type SearchFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

/**
 * A rule across several parameters that a schema of single fields cannot say.
 *
 * - `one-of-groups`: one of the groups must be given in full (every parameter of it). With
 *   `exclusive`, no parameter of another group may be given alongside it.
 * - `at-least-one`: at least one of the parameters must be given.
 *
 * @example
 * ```ts
 * const ruleA: ParamRule = {
 *   kind: 'one-of-groups',
 *   groups: [['project'], ['section'], ['workspace', 'assignee']],
 *   message: 'give project, or section, or workspace and assignee',
 * };
 * ```
 */
export type ParamRule =
  | {
      readonly kind: 'one-of-groups';
      readonly groups: readonly (readonly string[])[];
      readonly exclusive?: boolean;
      /** Said to the caller when the rule is broken, e.g. "give project, or section, or workspace and assignee". */
      readonly message: string;
    }
  | {
      readonly kind: 'at-least-one';
      readonly params: readonly string[];
      readonly message: string;
    };

/**
 * One action of an entity: its parameters (a zod object; unknown keys are refused), the rules
 * across them, and the shape of what it returns.
 *
 * @example
 * ```ts
 * const get: ActionDefinition<'get'> = defineAction({
 *   kind: 'get',
 *   description: 'Get a task',
 *   params: z.strictObject({ task_gid: z.string() }),
 *   record: z.looseObject({ gid: z.string() }),
 * });
 * ```
 */
export interface ActionDefinition<
  Kind extends ActionKind = ActionKind,
  Params extends z.ZodObject = z.ZodObject,
  Output extends z.ZodType = z.ZodType,
> {
  readonly kind: Kind;
  /** One line for `conduit describe` and generated docs. */
  readonly description: string;
  readonly params: Params;
  readonly rules?: readonly ParamRule[];
  /**
   * `list`: one record of the page; `get`: the record; `search`: the `data` of a hit;
   * `download`: unused (the result is a byte stream).
   */
  readonly record: Output;
  /** `search` only: the fields a query may name, with their types. */
  readonly searchableFields?: Readonly<Record<string, SearchFieldType>>;
  /**
   * Other names a caller may give a param by, each mapped to the param it stands for (e.g.
   * `{ per_page: 'limit' }` for clients written against the upstream's own names). Resolved
   * before validation, wherever params are validated (see `validateActionParams`), so every mode
   * and every surface accepts them with one implementation.
   */
  readonly paramAliases?: Readonly<Record<string, string>>;
  /**
   * `search` only: fields of the upstream's record that the sync cannot store, each with why
   * (e.g. a short-lived signed URL). A query naming one is refused with that reason (400
   * `invalid_query`) rather than silently matching nothing; `conduit describe` lists them.
   */
  readonly unsearchableFields?: Readonly<Record<string, string>>;
  /**
   * `list` only: how surfaces that answer in another service's shape (the agent API's
   * `connector_metadata`) give the next page: `object` (default) as `{ next_page: { offset } }`,
   * `string` as `{ next_page: offset }`, for clients whose typed results read the upstream's own
   * `next_page` as a string (where the upstream's is a URL). `null` on the last page either way.
   */
  readonly nextPageForm?: 'object' | 'string';
}

/**
 * Another name an entity's action may be called by (clients written against another service's
 * action names, e.g. Airbyte's `api_search`): the same action, validated and run as it is.
 *
 * @example
 * ```ts
 * const alias: ActionAlias = { action: 'list', recordsKey: 'searchRecords' };
 * ```
 */
export interface ActionAlias {
  /** The action it stands for. */
  readonly action: ActionKind;
  /**
   * A `list` alias whose callers expect the upstream's own body rather than a page: surfaces
   * that answer in that service's shape (the agent API) give the records under this key, e.g.
   * `{ searchRecords: [...] }`.
   */
  readonly recordsKey?: string;
}

/**
 * An entity (a resource family in lower snake case) and the actions it offers.
 *
 * @example
 * ```ts
 * const tasks: EntityDefinition = { description: 'Tasks', actions: { get } };
 * ```
 */
export interface EntityDefinition {
  readonly description: string;
  readonly actions: { readonly [K in ActionKind]?: ActionDefinition<K> };
  /** Other names of its actions (see {@link ActionAlias}), resolved wherever actions are looked up. */
  readonly actionAliases?: { readonly [name: string]: ActionAlias };
}

/**
 * A connector: what a caller can do with one upstream system, declared once. Typed methods,
 * validation (local and hosted), `conduit describe` and the hosted server's dispatch all derive
 * from it.
 *
 * @example
 * ```ts
 * function entityNames(definition: ConnectorDefinition): string[] {
 *   return Object.keys(definition.entities);
 * }
 * ```
 */
export interface ConnectorDefinition {
  /** Stable identifier, e.g. `notes`. */
  readonly name: string;
  /** The connector kind in the hosted service, e.g. `task-management`. */
  readonly connectorType: string;
  readonly displayName: string;
  readonly entities: { readonly [entity: string]: EntityDefinition };
}

/**
 * Declares a connector, keeping every literal type so methods and results can be derived from it.
 *
 * @example
 * ```ts
 * const definition = defineConnector({
 *   name: 'example',
 *   connectorType: 'example',
 *   displayName: 'Example',
 *   entities: {
 *     items: {
 *       description: 'Items',
 *       actions: {
 *         get: defineAction({
 *           kind: 'get',
 *           description: 'Get one item',
 *           params: z.strictObject({ item_id: z.string() }),
 *           record: z.looseObject({ id: z.string() }),
 *         }),
 *       },
 *     },
 *   },
 * });
 * ```
 */
export function defineConnector<const Definition extends ConnectorDefinition>(
  definition: Definition,
): Definition {
  return definition;
}

/**
 * Declares one action, keeping its literal kind and schema types. See {@link defineConnector}.
 *
 * @example
 * ```ts
 * const get = defineAction({
 *   kind: 'get',
 *   description: 'Get a task',
 *   params: z.strictObject({ task_gid: z.string() }),
 *   record: z.looseObject({ gid: z.string() }),
 * });
 * ```
 */
export function defineAction<
  const Kind extends ActionKind,
  Params extends z.ZodObject,
  Output extends z.ZodType,
>(action: ActionDefinition<Kind, Params, Output>): ActionDefinition<Kind, Params, Output> {
  return action;
}

/**
 * The entity names of a connector.
 *
 * @example
 * ```ts
 * type TasksEntity = EntityName<typeof tasksDefinition>; // 'tasks' | 'projects' | …
 * ```
 */
export type EntityName<D extends ConnectorDefinition> = Extract<keyof D['entities'], string>;

/**
 * The action names an entity of a connector offers.
 *
 * @example
 * ```ts
 * type TaskAction = ActionName<typeof tasksDefinition, 'tasks'>; // 'list' | 'get' | 'search'
 * ```
 */
export type ActionName<D extends ConnectorDefinition, E extends EntityName<D>> = Extract<
  keyof D['entities'][E]['actions'],
  ActionKind
>;

/**
 * The definition of one action of one entity.
 *
 * @example
 * ```ts
 * type TaskGet = ActionOf<typeof tasksDefinition, 'tasks', 'get'>;
 * ```
 */
export type ActionOf<
  D extends ConnectorDefinition,
  E extends EntityName<D>,
  A extends ActionName<D, E>,
> = NonNullable<D['entities'][E]['actions'][A]>;

/**
 * What a caller passes as `params` (before defaults apply).
 *
 * @example
 * ```ts
 * type TaskListParams = ParamsOf<ActionOf<typeof tasksDefinition, 'tasks', 'list'>>;
 * ```
 */
export type ParamsOf<Action> =
  Action extends ActionDefinition<ActionKind, infer P, z.ZodType> ? z.input<P> : never;

/**
 * The record type an action returns (per item for `list`, `data` of a hit for `search`).
 *
 * @example
 * ```ts
 * type Task = RecordOf<ActionOf<typeof tasksDefinition, 'tasks', 'get'>>;
 * ```
 */
export type RecordOf<Action> =
  Action extends ActionDefinition<ActionKind, z.ZodObject, infer O> ? z.output<O> : never;

/**
 * Looks up an action (by its kind or one of its entity's action aliases), or says exactly what
 * is missing.
 *
 * @returns the action, or `{ error: 'unknown_entity' | 'unsupported_action' }`
 *
 * @example
 * ```ts
 * const action = findAction(definition, 'tasks', 'list');
 * if ('error' in action) console.log(action.error); // 'unknown_entity' or 'unsupported_action'
 * ```
 */
export function findAction(
  definition: ConnectorDefinition,
  entity: string,
  action: string,
): ActionDefinition | { error: 'unknown_entity' | 'unsupported_action' } {
  const entityDefinition = Object.hasOwn(definition.entities, entity)
    ? definition.entities[entity]
    : undefined;
  if (!entityDefinition) return { error: 'unknown_entity' };
  const kind = Object.hasOwn(entityDefinition.actions, action)
    ? (action as ActionKind)
    : findActionAlias(definition, entity, action)?.action;
  const actionDefinition = kind === undefined ? undefined : entityDefinition.actions[kind];
  return actionDefinition ?? { error: 'unsupported_action' };
}

/**
 * The alias an entity declares under `name`, if any (see {@link ActionAlias}).
 *
 * @example
 * ```ts
 * findActionAlias(definition, 'accounts', 'api_search'); // { action: 'list', recordsKey: 'searchRecords' }
 * ```
 */
export function findActionAlias(
  definition: ConnectorDefinition,
  entity: string,
  name: string,
): ActionAlias | undefined {
  const aliases = Object.hasOwn(definition.entities, entity)
    ? definition.entities[entity]?.actionAliases
    : undefined;
  return aliases !== undefined && Object.hasOwn(aliases, name) ? aliases[name] : undefined;
}
