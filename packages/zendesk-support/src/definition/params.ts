import * as z from 'zod';
import { LAST_OFFSET_PAGE } from '../page-numbers';

const idMessage = 'must be a positive integer id (a number, or its digits as a string)';

/**
 * A record id param: Zendesk ids are integers; the string form (as search hits carry them) is
 * accepted too.
 *
 * @example
 * ```ts
 * z.strictObject({ ticket_id: recordId('ticket') });
 * ```
 */
export const recordId = (what: string) =>
  z
    // zod's own messages ("Invalid input" for the union, "Too small" for 0) do not say what an id
    // looks like: every branch says it the same way.
    .union(
      [
        z.number().int(idMessage).positive(idMessage),
        z.string().regex(/^[1-9][0-9]{0,19}$/, 'must be a numeric id'),
      ],
      { error: idMessage },
    )
    .describe(`${what} id`);

/**
 * Epoch seconds, as Zendesk's `start_time`/`end_time` take them.
 *
 * @example
 * ```ts
 * z.strictObject({ start_time: epochSeconds('ratings created at or after') });
 * ```
 */
export const epochSeconds = (what: string) =>
  z.number().int().min(0).describe(`${what} (Unix epoch seconds)`);

/**
 * A cursor-pagination `sort` param: `field` ascending, `-field` descending.
 *
 * @example
 * ```ts
 * cursorSort(['updated_at', 'created_at']); // 'updated_at' | '-updated_at' | 'created_at' | '-created_at'
 * ```
 */
export const cursorSort = <const Field extends string>(fields: readonly Field[]) =>
  z
    .enum(
      fields.flatMap((field) => [field, `-${field}`]) as [
        `${Field}` | `-${Field}`,
        ...Array<`${Field}` | `-${Field}`>,
      ],
    )
    .describe('sort order: a field ascending, or -field descending')
    .optional();

/**
 * Zendesk's page number (`page`, 1-based), as clients written against its offset pagination
 * send it with `per_page` (Airbyte's Python SDK among them; docs/airbyte-python-sdk.md): the list
 * reads that page of `limit` records. Zendesk serves the first 100 pages only (reference §4.2).
 *
 * @example
 * ```ts
 * z.strictObject({ page: pageNumber() });
 * ```
 */
export const pageNumber = () =>
  z
    .number()
    .int()
    .min(1)
    .max(LAST_OFFSET_PAGE)
    .describe(
      "page number (1-100) of Zendesk's offset pagination, limit records each; meta.next_page.offset goes on from it",
    )
    .optional();

/**
 * Zendesk's offset-pagination order (`sort_by`, `sort_order`), as clients written against its
 * offset pages send it (Airbyte's Python SDK among them; docs/airbyte-python-sdk.md). Zendesk
 * orders only its numbered pages so, and serves numbered pages whenever no cursor param is given:
 * a list given either is read by page numbers from page 1 (see `OFFSET_ORDER_PARAMS` in
 * page-numbers.ts), up to Zendesk's 100th page. `fields` are the endpoint's documented `sort_by`
 * values; a list whose order field is fixed (ticket comments, by creation) takes `sort_order` only.
 *
 * @example
 * ```ts
 * z.strictObject({ ...offsetOrder(['alphabetical', 'created_at', 'updated_at', 'position']) });
 * ```
 */
export function offsetOrder<const Field extends string>(fields: readonly [Field, ...Field[]]) {
  return {
    sort_by: z
      .enum(fields)
      .describe("Zendesk's offset order field (numbered pages; give sort_order for its direction)")
      .optional(),
    ...offsetDirection(),
  };
}

/**
 * Zendesk's `sort_order` alone, for lists whose offset order field is fixed (see
 * {@link offsetOrder}).
 *
 * @example
 * ```ts
 * z.strictObject({ ...offsetDirection() });
 * ```
 */
export function offsetDirection() {
  return {
    sort_order: z
      .enum(['asc', 'desc'])
      .describe("Zendesk's offset order direction (numbered pages; default per endpoint)")
      .optional(),
  };
}

/**
 * Refuses a cursor `sort` beside Zendesk's offset order (`sort_by`/`sort_order`): they are two
 * pagination's orders, and which one was meant is not knowable.
 *
 * @example
 * ```ts
 * z.strictObject({ sort: cursorSort(['id']), ...offsetOrder(['id']) }).superRefine(oneOrder);
 * ```
 */
export function oneOrder(params: Record<string, unknown>, context: z.RefinementCtx): void {
  if (params.sort === undefined) return;
  for (const name of ['sort_by', 'sort_order'] as const) {
    if (params[name] === undefined) continue;
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `give sort (cursor order) or ${name} (Zendesk's offset order), not both`,
    });
    return;
  }
}
