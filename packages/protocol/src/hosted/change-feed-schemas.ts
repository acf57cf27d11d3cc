import * as z from 'zod';

/**
 * What happened to a synced record: `upsert` (created or changed; `record` is its state now) or
 * `delete` (gone upstream; `record` is `null`, a tombstone).
 *
 * @example
 * ```ts
 * CHANGE_OPERATIONS.includes('delete'); // true
 * ```
 */
export const CHANGE_OPERATIONS = ['upsert', 'delete'] as const;

/**
 * One item of a connector's change feed (`GET /api/v1/connectors/sources/{id}/changes`): which
 * record of which entity changed, how, when the service saw it, and the cursor that resumes the
 * feed right after this item.
 *
 * @example
 * ```ts
 * const change = ChangeSchema.parse(item);
 * if (change.operation === 'delete') forget(change.entity, change.id);
 * ```
 */
export const ChangeSchema = z.object({
  entity: z.string().min(1),
  id: z.string().min(1),
  operation: z.enum(CHANGE_OPERATIONS),
  record: z.record(z.string(), z.unknown()).nullable(),
  changed_at: z.iso.datetime({ offset: true }),
  next_cursor: z.string().min(1),
});

/**
 * One item of a connector's change feed.
 *
 * @example
 * ```ts
 * const ids = (changes: Change[]) => changes.map((change) => `${change.entity}/${change.id}`);
 * ```
 */
export type Change = z.output<typeof ChangeSchema>;

/**
 * One page of a connector's change feed: the changes after the cursor, oldest first, at most one
 * per record (a record changed twice shows once, in its latest state), and `next_cursor` to pass
 * back as `?cursor=` (the same cursor when nothing changed, so a follower can keep asking).
 *
 * @example
 * ```ts
 * const page = ChangePageSchema.parse(await response.json());
 * for (const change of page.changes) apply(change);
 * cursor = page.next_cursor;
 * ```
 */
export const ChangePageSchema = z.object({
  changes: z.array(ChangeSchema),
  next_cursor: z.string().min(1),
});

/**
 * One page of a connector's change feed.
 *
 * @example
 * ```ts
 * const caughtUp = (page: ChangePage) => page.changes.length === 0;
 * ```
 */
export type ChangePage = z.output<typeof ChangePageSchema>;

/** Limits of the change feed's query parameters. */
export const CHANGE_FEED_LIMITS = {
  /** Changes per page when `limit` is not given. */
  defaultLimit: 100,
  /** The largest `limit`. */
  maxLimit: 1000,
  /** The longest long-poll a caller may ask for with `wait`, in seconds. */
  maxWaitSeconds: 60,
} as const;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/**
 * The query of `GET /api/v1/connectors/sources/{id}/changes`: `cursor` (a `next_cursor`; none
 * starts at the beginning), `limit` (changes per page) and `wait` (seconds to hold the request open
 * when there is no change yet; 0, the default, answers at once).
 *
 * @example
 * ```ts
 * ChangeFeedQuerySchema.parse({ wait: '30' }); // { wait: 30 }
 * ```
 */
export const ChangeFeedQuerySchema = z.strictObject({
  cursor: z.string().optional(),
  limit: wholeNumber('limit', 1, CHANGE_FEED_LIMITS.maxLimit).optional(),
  wait: wholeNumber('wait', 0, CHANGE_FEED_LIMITS.maxWaitSeconds).optional(),
});
