import { type ExecuteRequest, ExecuteRequestSchema } from '@conduit/protocol';
import { parseBody } from '../validation/parse-body';

const KEYS = new Set(['entity', 'action', 'params']);

function isName(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= maxLength;
}

/**
 * The execute body checked without running its schema when it is plainly well-formed, which nearly
 * every body is: the same bounds as `ExecuteRequestSchema` (`entity` 1–128 characters, `action`
 * 1–64, `params` a JSON object, `null` or absent, nothing else), the same result (a copy of
 * `params`, `{}` for none). Undefined for anything else, which the schema then judges.
 */
function plainExecuteRequest(body: Record<string, unknown>): ExecuteRequest | undefined {
  for (const key of Object.keys(body)) if (!KEYS.has(key)) return undefined;
  const { entity, action, params } = body;
  if (!isName(entity, 128) || !isName(action, 64)) return undefined;
  if (params === undefined || params === null) return { entity, action, params: {} };
  if (
    typeof params !== 'object' ||
    Array.isArray(params) ||
    Object.getPrototypeOf(params) !== Object.prototype
  )
    return undefined;
  // The schema leaves out a `__proto__` key (it would replace the copy's prototype) and refuses
  // symbol keys: those are for it to decide.
  if (Object.hasOwn(params, '__proto__') || Object.getOwnPropertySymbols(params).length > 0) return undefined;
  return { entity, action, params: { ...(params as Record<string, unknown>) } };
}

/**
 * The `{entity, action, params}` of an execute body (contract §3), or the 400 naming every field at
 * fault (`missing_param`, `invalid_param`), exactly as `parseBody(ExecuteRequestSchema, body)`.
 *
 * @example
 * ```ts
 * const { entity, action, params } = parseExecuteRequest(await readJsonBody(c, limit));
 * ```
 */
export function parseExecuteRequest(body: Record<string, unknown>): ExecuteRequest {
  return plainExecuteRequest(body) ?? parseBody(ExecuteRequestSchema, body);
}
