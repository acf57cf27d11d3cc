import * as z from 'zod';

/**
 * The `limit` and `offset` params every list action declares: the typed client pages with them
 * (`offset` is the `meta.next_page.offset` of the previous page), and the executor sends `limit`
 * upstream as the page size its paging strategy names.
 *
 * @example
 * ```ts
 * params: z.strictObject({ ...pageParams({ maxLimit: 100 }), status: z.string().optional() })
 * ```
 */
export function pageParams(options: { maxLimit: number }) {
  return {
    limit: z
      .number()
      .int()
      .min(1)
      .max(options.maxLimit)
      .describe(`items per page (1-${options.maxLimit})`)
      .optional(),
    offset: z
      .string()
      .min(1)
      .max(4096)
      .describe('pagination offset token from meta.next_page.offset')
      .optional(),
  };
}
