import { ResponseValidationError, zodIssueDetails } from '@conduit/protocol';
import type * as z from 'zod';

/**
 * Parses an upstream body with a schema, or throws `ResponseValidationError` naming the fields at
 * fault by their JSON path in the body (e.g. `data[1].resource_subtype`, protocol's
 * `zodIssueDetails`).
 *
 * @example
 * ```ts
 * const { data } = parseUpstream(z.object({ data: Task }), body, '/tasks/1');
 * ```
 */
export function parseUpstream<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details = zodIssueDetails(result.error.issues.slice(0, 10), {
    errorCode: 'invalid_response',
    whole: 'response body',
  });
  throw new ResponseValidationError(
    `The upstream's ${what} response does not have the expected shape: ${details[0]?.message ?? ''}`.trim(),
    { details },
  );
}
