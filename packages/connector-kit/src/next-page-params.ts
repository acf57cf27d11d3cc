import type { ActionDefinition } from '@conduit/protocol';
import type * as z from 'zod';

interface ObjectDefinition {
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
}

const offsetSchemas = new WeakMap<object, z.ZodType | null>();

/**
 * The action's `offset` param schema when that param can be checked on its own: the params
 * object has no refinement of its own (which would see every param) and no rule names `offset`.
 * `null` otherwise.
 */
function offsetSchemaOf(action: ActionDefinition): z.ZodType | null {
  let schema = offsetSchemas.get(action);
  if (schema === undefined) {
    const definition = (action.params as unknown as { _zod?: { def?: ObjectDefinition } })._zod?.def;
    const independent =
      (definition?.checks?.length ?? 0) === 0 &&
      !(action.rules ?? []).some((rule) =>
        (rule.kind === 'at-least-one' ? rule.params : rule.groups.flat()).includes('offset'),
      );
    schema = (independent ? definition?.shape?.offset : undefined) ?? null;
    offsetSchemas.set(action, schema);
  }
  return schema;
}

/**
 * The params of the next page of a list walk whose params were validated on its first page: those
 * params with the next `offset`, when the `offset` param alone accepts it. Only the offset changes
 * from page to page, so checking it alone gives what validating every param again would, without
 * running the whole params schema for every page. `undefined` when the offset must be validated
 * with the rest (the action's schema does not allow checking it alone, or rejects it): the caller
 * then validates everything, which throws the usual `ValidationError`.
 *
 * @example
 * ```ts
 * const params = nextPageParams(action, firstPageParams, 'eyJ0eXAiOiJKV1Qi') ?? validateAgain();
 * ```
 */
export function nextPageParams(
  action: ActionDefinition,
  validated: Readonly<Record<string, unknown>>,
  offset: string,
): Record<string, unknown> | undefined {
  const schema = offsetSchemaOf(action);
  if (schema === null) return undefined;
  const result = schema.safeParse(offset);
  return result.success ? { ...validated, offset: result.data } : undefined;
}
