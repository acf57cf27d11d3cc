import type * as z from 'zod';
import { configInvalidInput } from './config-api-errors';
import { badRequest } from './problem-responses';

const describeIssue = (issue: z.core.$ZodIssue): string =>
  `${issue.path.length === 0 ? 'body' : issue.path.join('.')}: ${issue.message}`;

/**
 * Validates a public-API request body; failures answer 400 `bad-request` naming the fields.
 *
 * @example
 * ```ts
 * const body = parsePublicBody(z.object({ name: z.string() }), context.body);
 * ```
 */
export function parsePublicBody<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw badRequest(`Invalid request body. ${result.error.issues.map(describeIssue).join('; ')}`);
}

/**
 * Validates a Config API request body; failures answer 422 `InvalidInputExceptionInfo`.
 *
 * @example
 * ```ts
 * const body = parseConfigBody(z.object({ connectionId: z.uuid() }), context.body);
 * ```
 */
export function parseConfigBody<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw configInvalidInput(
    'Some properties contained invalid input.',
    result.error.issues.map((issue) => ({
      propertyPath: issue.path.length === 0 ? 'body' : issue.path.join('.'),
      message: issue.message,
    })),
  );
}
