import * as z from 'zod';

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
