import { type ErrorDetail, ValidationError } from '@conduit/protocol';
import type * as z from 'zod';

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || typeof segment === 'symbol') return undefined;
    value = Object.hasOwn(value, segment) ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return value;
}

/**
 * Error details for a request body that failed its schema: unknown fields and wrong types are
 * `invalid_param`, absent required fields `missing_param`, each naming its field. Messages never
 * quote the input (it may hold secrets).
 *
 * @example
 * ```ts
 * bodyIssueDetails(result.error.issues, body); // [{ field: 'client_id', message: 'client_id is required', error_code: 'missing_param' }]
 * ```
 */
export function bodyIssueDetails(issues: readonly z.core.$ZodIssue[], input: unknown): ErrorDetail[] {
  return issues.flatMap((issue): ErrorDetail[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const field = fieldName([...issue.path, key]);
        return { field, message: `unknown field "${field}"`, error_code: 'invalid_param' };
      });
    }
    const field = fieldName(issue.path);
    const absent = valueAt(input, issue.path) === undefined;
    if (issue.code === 'invalid_type' && absent) {
      return [{ field, message: `${field} is required`, error_code: 'missing_param' }];
    }
    // A refinement's message is written for people already (e.g. "external_user_id is required").
    const message = issue.code === 'custom' ? issue.message : `${field}: ${issue.message}`;
    return [
      { field, message, error_code: issue.code === 'custom' && absent ? 'missing_param' : 'invalid_param' },
    ];
  });
}

/**
 * Parses a request body with a zod schema, or throws the service's 400 naming every field at fault
 * (`code` is `missing_param` when only required fields are absent, else `invalid_param`).
 *
 * @example
 * ```ts
 * const { client_id, client_secret } = parseBody(ApplicationTokenRequestSchema, await readJsonObject(c.req.raw, limit));
 * ```
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = bodyIssueDetails(result.error.issues, input);
  const code = details.every((detail) => detail.error_code === 'missing_param')
    ? 'missing_param'
    : 'invalid_param';
  throw new ValidationError(details.map((detail) => detail.message).join('; '), {
    status: 400,
    code,
    details,
  });
}
