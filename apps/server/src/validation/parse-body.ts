import { type ErrorDetail, ValidationError, zodIssueDetails } from '@conduit/protocol';
import type * as z from 'zod';

// A body's fields are named from its top (`client_id`), absent ones are `missing_param`.
const BODY_CODES = { errorCode: 'invalid_param', missingCode: 'missing_param' } as const;

/**
 * Error details for a request body that failed its schema.
 *
 * @deprecated Use `zodIssueDetails` from `@conduit/protocol` (the one issue mapper):
 * `zodIssueDetails(issues, { errorCode: 'invalid_param', missingCode: 'missing_param', input })`.
 *
 * @example
 * ```ts
 * bodyIssueDetails(result.error.issues, body); // [{ field: 'client_id', message: 'client_id is required', error_code: 'missing_param' }]
 * ```
 */
export function bodyIssueDetails(issues: readonly z.core.$ZodIssue[], input: unknown): ErrorDetail[] {
  return zodIssueDetails(issues, { ...BODY_CODES, input });
}

/**
 * Parses a request body with a zod schema, or throws the service's 400 naming every field at fault
 * (`code` is `missing_param` when only required fields are absent, else `invalid_param`). The
 * details come from protocol's `zodIssueDetails`, as every other parse's do.
 *
 * @example
 * ```ts
 * const { client_id, client_secret } = parseBody(ApplicationTokenRequestSchema, await readJsonObject(c.req.raw, limit));
 * ```
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = zodIssueDetails(result.error.issues, { ...BODY_CODES, input });
  const code = details.every((detail) => detail.error_code === 'missing_param')
    ? 'missing_param'
    : 'invalid_param';
  throw new ValidationError(details.map((detail) => detail.message).join('; '), {
    status: 400,
    code,
    details,
  });
}
