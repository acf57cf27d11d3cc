import { ResponseValidationError } from '@conduit/protocol';
import type * as z from 'zod';

/**
 * Parses an upstream body with a schema, or throws `ResponseValidationError` naming the fields at
 * fault by their dotted path in the body (e.g. `data.1.resource_subtype`).
 *
 * @example
 * ```ts
 * const { data } = parseUpstream(z.object({ data: Task }), body, '/tasks/1');
 * ```
 */
export function parseUpstream<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ResponseValidationError(
    `The upstream's ${what} response does not have the expected shape: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    {
      details: result.error.issues.slice(0, 10).map((i) => ({
        field: i.path.join('.'),
        message: i.message,
        error_code: 'invalid_response',
      })),
    },
  );
}
