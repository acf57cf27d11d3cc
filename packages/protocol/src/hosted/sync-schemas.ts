import * as z from 'zod';

const timestamp = z.iso.datetime({ offset: true });

/**
 * Sync state of one entity: records held, when it last synced, and the last error if it failed.
 *
 * @example
 * ```ts
 * EntitySyncStatusSchema.parse({ entity: 'tasks', records: 120, synced_at: '2026-05-01T10:00:00Z' });
 * ```
 */
export const EntitySyncStatusSchema = z.object({
  entity: z.string().min(1),
  records: z.int().nonnegative(),
  synced_at: timestamp.nullable(),
  error: z.string().optional(),
});

/**
 * Sync state of one entity.
 *
 * @example
 * ```ts
 * const failed = (entities: EntitySyncStatus[]) => entities.filter((entity) => entity.error !== undefined);
 * ```
 */
export type EntitySyncStatus = z.output<typeof EntitySyncStatusSchema>;

/**
 * `idle` (nothing running), `running` or `failed` (the last run failed).
 *
 * @example
 * ```ts
 * SYNC_STATES.includes('running'); // true
 * ```
 */
export const SYNC_STATES = ['idle', 'running', 'failed'] as const;

/**
 * State of a connector's sync.
 *
 * @example
 * ```ts
 * const busy = (state: SyncState) => state === 'running';
 * ```
 */
export type SyncState = (typeof SYNC_STATES)[number];

/**
 * `GET /api/v1/connectors/sources/{id}/sync` and the `sync` of a connector: the search copy's state.
 *
 * @example
 * ```ts
 * const summary = SyncSummarySchema.parse(await response.json());
 * if (summary.state === 'failed') console.log(summary.entities.filter((entity) => entity.error));
 * ```
 */
export const SyncSummarySchema = z.object({
  state: z.enum(SYNC_STATES),
  last_success_at: timestamp.nullable(),
  entities: z.array(EntitySyncStatusSchema),
});

/**
 * The sync summary of a connector.
 *
 * @example
 * ```ts
 * const summary: SyncSummary = SyncSummarySchema.parse(await response.json());
 * ```
 */
export type SyncSummary = z.output<typeof SyncSummarySchema>;

/**
 * 202 response of `POST /api/v1/connectors/sources/{id}/sync`.
 *
 * @example
 * ```ts
 * const { sync_id } = SyncStartedSchema.parse(await response.json());
 * ```
 */
export const SyncStartedSchema = z.object({ sync_id: z.string().min(1) });

/**
 * Response of a sync request.
 *
 * @example
 * ```ts
 * const { sync_id }: SyncStarted = SyncStartedSchema.parse(await response.json());
 * ```
 */
export type SyncStarted = z.output<typeof SyncStartedSchema>;

/**
 * Body of `POST /api/v1/connectors/sources/{id}/sync` (optional): `{"full": true}` asks for a full
 * run instead of an incremental one.
 *
 * @example
 * ```ts
 * SyncRequestSchema.parse({ full: true });
 * ```
 */
export const SyncRequestSchema = z.strictObject({ full: z.boolean().optional() });

/**
 * Body of a sync request.
 *
 * @example
 * ```ts
 * const body: SyncRequest = { full: true };
 * ```
 */
export type SyncRequest = z.output<typeof SyncRequestSchema>;
