import * as z from 'zod';

/** An upstream object identifier: a string of digits. */
export const gid = (what: string) =>
  z
    .string()
    .regex(/^\d{1,32}$/, `must be a ${what} gid (a string of digits)`)
    .describe(`gid of the ${what}`);

/** Items per page; the upstream accepts 1 to 100. */
export const limit = z.number().int().min(1).max(100).describe('items per page (1-100)');

/** The `next_page.offset` of the previous page. */
export const offset = z
  .string()
  .min(1)
  .max(4096)
  .describe('pagination offset token from meta.next_page.offset');

/** An ISO 8601 date-time, or `now` where the upstream allows it. */
export const since = (what: string) =>
  z
    .string()
    .refine(
      (value) => value === 'now' || !Number.isNaN(Date.parse(value)),
      'must be an ISO 8601 date-time or "now"',
    )
    .describe(what);

/** Params of a paginated list with no other options. */
export const pageParams = { limit: limit.optional(), offset: offset.optional() };
