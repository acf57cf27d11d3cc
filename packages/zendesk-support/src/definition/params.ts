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
