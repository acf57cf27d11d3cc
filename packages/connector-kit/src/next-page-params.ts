import type { ActionDefinition } from '@conduit/protocol';
import type * as z from 'zod';
import { compileRecordCheck, type RecordCheck } from './record-check';

interface ObjectDefinition {
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
}

/** How a later page's offset is checked on its own: by hand when the schema allows, else by zod. */
interface OffsetCheck {
  readonly schema: z.ZodType;
  readonly check: RecordCheck | undefined;
}

const offsetChecks = new WeakMap<object, OffsetCheck | null>();

/**
 * The check of the action's `offset` param when that param can be checked on its own: the params
 * object has no refinement of its own (which would see every param) and no rule names `offset`.
 * `null` otherwise.
 */
function offsetCheckOf(action: ActionDefinition): OffsetCheck | null {
  let found = offsetChecks.get(action);
  if (found === undefined) {
    const definition = (action.params as unknown as { _zod?: { def?: ObjectDefinition } })._zod?.def;
    const independent =
      (definition?.checks?.length ?? 0) === 0 &&
      !(action.rules ?? []).some((rule) =>
        (rule.kind === 'at-least-one' ? rule.params : rule.groups.flat()).includes('offset'),
      );
    const schema = independent ? definition?.shape?.offset : undefined;
    found = schema === undefined ? null : { schema, check: compileRecordCheck(schema) };
    offsetChecks.set(action, found);
  }
  return found;
}

/**
 * The params of the next page of a list walk whose params were validated on its first page: those
 * params with the next `offset`, when the `offset` param alone accepts it. Only the offset changes
 * from page to page, so checking it alone gives what validating every param again would, without
 * running the whole params schema for every page. An offset schema of plain string checks (the
 * `pageParams` one: a string of 1 to 4096 characters) is checked by hand, as `compileRecordCheck`
 * does records: zod's `safeParse` of it was about 2.5 ms of CPU over a 2000-page walk. `undefined`
 * when the offset must be validated with the rest (the action's schema does not allow checking it
 * alone, or rejects it): the caller then validates everything, which throws the usual
 * `ValidationError`.
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
  const found = offsetCheckOf(action);
  if (found === null) return undefined;
  if (found.check !== undefined) {
    // The check accepts only what zod accepts and returns unchanged; what it refuses goes back to
    // the caller, whose validation of every param judges it.
    return found.check(offset) ? { ...validated, offset } : undefined;
  }
  const result = found.schema.safeParse(offset);
  return result.success ? { ...validated, offset: result.data } : undefined;
}
