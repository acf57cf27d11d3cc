import * as z from 'zod';
import type { ActionDefinition } from './connector-definition';
import { ValidationError } from './errors/client-errors';
import { formatJsonPath } from './json-path';

/**
 * Renames each alias a caller gave (see `ActionDefinition.paramAliases`) to the param it stands
 * for, and says which names were renamed, so a fault in the value can be reported under the name
 * the caller used. Giving a param and its alias together is refused: which one was meant is not
 * knowable.
 *
 * @example
 * ```ts
 * resolveParamAliases(action, { per_page: 10 }); // { params: { limit: 10 }, renamed: Map { 'limit' => 'per_page' } }
 * ```
 */
export function resolveParamAliases(
  action: Pick<ActionDefinition, 'paramAliases'>,
  params: Record<string, unknown>,
): { params: Record<string, unknown>; renamed: ReadonlyMap<string, string> } {
  const aliases = action.paramAliases;
  const renamed = new Map<string, string>();
  if (!aliases) return { params, renamed };
  const resolved = { ...params };
  for (const [alias, name] of Object.entries(aliases)) {
    if (!Object.hasOwn(params, alias)) continue;
    if (Object.hasOwn(params, name)) {
      const message = `give ${name} or its alias ${alias}, not both`;
      throw new ValidationError(message, {
        status: 400,
        details: [{ field: formatJsonPath(['params', alias]), message, error_code: 'invalid_param' }],
      });
    }
    resolved[name] = params[alias];
    delete resolved[alias];
    renamed.set(name, alias);
  }
  return { params: resolved, renamed };
}

/**
 * An action's params schema with its aliases as fields too (optional, same type, described as
 * the alias they are), for surfaces that publish a schema callers are checked against before the
 * executor sees the call: MCP tools, `conduit describe`. What it parses still goes through
 * `validateActionParams`, which resolves the aliases.
 *
 * @example
 * ```ts
 * Object.keys(paramsWithAliases(action).shape); // ['limit', 'offset', …, 'per_page']
 * ```
 */
export function paramsWithAliases(action: Pick<ActionDefinition, 'params' | 'paramAliases'>): z.ZodObject {
  const aliases = Object.entries(action.paramAliases ?? {});
  if (aliases.length === 0) return action.params;
  const shape = { ...(action.params.shape as Record<string, z.ZodType>) };
  for (const [alias, name] of aliases) {
    const target = shape[name];
    if (!target) continue;
    shape[alias] = target.optional().describe(`alias of ${name}`);
  }
  return z.strictObject(shape);
}
