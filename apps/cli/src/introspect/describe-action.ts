import {
  type ActionDefinition,
  type ParamRule,
  paramsWithAliases,
  type SearchFieldType,
} from '@conduit/protocol';
import { describeRule } from './describe-rule';
import { acceptsUnknownFields, describeFields, type FieldDescription } from './field-description';
import { type JsonSchema, jsonSchemaOf } from './json-schema';

/** A rule across params: its kind, the params it names, and how people read it. */
export interface RuleDescription {
  readonly kind: ParamRule['kind'];
  readonly text: string;
  /** The connector's own message when the rule is broken. */
  readonly message: string;
  readonly params: readonly string[];
  readonly groups?: readonly (readonly string[])[];
  readonly exclusive?: boolean;
}

/** Everything `conduit describe` says about one action, derived from its definition. */
export interface ActionDescription {
  readonly name: string;
  readonly description: string;
  readonly params: readonly FieldDescription[];
  /** False when params the definition does not list are refused. */
  readonly accepts_unknown_params: boolean;
  readonly rules: readonly RuleDescription[];
  /** The record a `list` returns per item, a `get` returns, or a `search` hit carries as `data`; none for `download`. */
  readonly record: readonly FieldDescription[] | null;
  /** True when records keep upstream fields beyond those listed. */
  readonly record_keeps_unknown_fields: boolean;
  /** Other names the action is called by (its entity's action aliases, e.g. `api_search`). */
  readonly aliases?: readonly string[];
  readonly searchable_fields?: readonly { readonly name: string; readonly type: SearchFieldType }[];
  /** Fields of the upstream's record the sync cannot store, with why: a search naming one is refused. */
  readonly unsearchable_fields?: readonly { readonly name: string; readonly reason: string }[];
  readonly params_schema: JsonSchema;
  readonly record_schema: JsonSchema | null;
}

function ruleDescription(rule: ParamRule): RuleDescription {
  if (rule.kind === 'at-least-one') {
    return { kind: rule.kind, text: describeRule(rule), message: rule.message, params: [...rule.params] };
  }
  return {
    kind: rule.kind,
    text: describeRule(rule),
    message: rule.message,
    params: [...new Set(rule.groups.flat())],
    groups: rule.groups.map((group) => [...group]),
    exclusive: rule.exclusive === true,
  };
}

/**
 * Describes an action from its definition: its params as a caller sends them (types, required,
 * limits), its rules, the other names it is called by, and the fields of its record.
 *
 * @example
 * ```ts
 * const list = describeAction('list', definition.entities.tasks.actions.list);
 * list.params.find((param) => param.name === 'limit')?.type; // 'integer'
 * ```
 */
export function describeAction(
  name: string,
  action: ActionDefinition,
  aliases: readonly string[] = [],
): ActionDescription {
  // Aliases are listed as params of their own ("alias of limit"): a caller may give either.
  const paramsSchema = jsonSchemaOf(paramsWithAliases(action), 'input');
  const recordSchema = action.kind === 'download' ? null : jsonSchemaOf(action.record, 'output');
  return {
    name,
    description: action.description,
    params: describeFields(paramsSchema),
    accepts_unknown_params: acceptsUnknownFields(paramsSchema),
    rules: (action.rules ?? []).map(ruleDescription),
    record: recordSchema === null ? null : describeFields(recordSchema),
    record_keeps_unknown_fields: recordSchema !== null && acceptsUnknownFields(recordSchema),
    ...(aliases.length > 0 ? { aliases: [...aliases] } : {}),
    ...(action.searchableFields
      ? {
          searchable_fields: Object.entries(action.searchableFields).map(([field, type]) => ({
            name: field,
            type,
          })),
        }
      : {}),
    // Fields of the upstream's record the sync cannot store: named, with why, so nobody expects a
    // search on them to match (the service refuses them with the same reason).
    ...(action.unsearchableFields
      ? {
          unsearchable_fields: Object.entries(action.unsearchableFields).map(([field, reason]) => ({
            name: field,
            reason,
          })),
        }
      : {}),
    params_schema: paramsSchema,
    record_schema: recordSchema,
  };
}
