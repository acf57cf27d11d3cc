import type { ConnectorDefinition } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';
import type { LocalConnectorExecutor, RawPage } from './create-connector-executor';
import { upstreamOf } from './upstream-spec';

/**
 * A listing a sync makes: its kind (a key of the plan's `listings`) and the id of the parent it
 * lists under (`''` for the root).
 *
 * @example
 * ```ts
 * const job: SyncJobKey = { kind: 'project_tasks', parent: '42' };
 * ```
 */
export interface SyncJobKey<Kind extends string = string> {
  readonly kind: Kind;
  readonly parent: string;
}

/**
 * How the run that makes a listing is configured.
 *
 * @example
 * ```ts
 * const context: SyncListingContext = { pageSize: 100, modifiedSince: null };
 * ```
 */
export interface SyncListingContext {
  readonly pageSize: number;
  /** Incremental runs: only records modified since this instant (ISO 8601); null in full runs. */
  readonly modifiedSince: string | null;
}

/**
 * One kind of listing of a sync plan. The upstream request is the definition's: `list` names the
 * definition entity whose `list` action (path, paging) reads it, so a plan never types a path.
 *
 * @example
 * ```ts
 * const sections: SyncListing = {
 *   entity: 'sections',
 *   list: 'project_sections',
 *   params: (project) => ({ project_gid: project }),
 *   incompleteOnFailure: ['sections'],
 * };
 * ```
 */
export interface SyncListing<Kind extends string = string, Entity extends string = string> {
  /** The searchable entity the records belong to. */
  readonly entity: Entity;
  /** The definition entity whose `list` action is read. */
  readonly list: string;
  /**
   * The params of that action for a parent. Incremental reading lives here: a listing that can
   * narrow to records modified since `context.modifiedSince` passes the upstream's param for it.
   */
  readonly params?: (parent: string, context: SyncListingContext) => Record<string, unknown>;
  /**
   * Records per page this listing reads, instead of the sync's page size: an upstream whose pages
   * for this listing are larger and scarcer (Zendesk's incremental export: 1,000 a page, 10
   * requests a minute) is read in its own pages. Capped at the largest `limit` the action takes.
   */
  readonly pageSize?: number;
  /** The listings the records of one page lead to. */
  readonly children?: (records: readonly Record<string, unknown>[]) => SyncJobKey<Kind>[];
  /**
   * The entity of the parent this listing lists under (a task's attachments: `tasks`). When the
   * upstream answers 404 because the parent went away while the run went on, the listing is empty
   * and the parent is deleted from the copy, instead of failing the run.
   */
  readonly parentEntity?: Entity;
  /**
   * Where a record of this listing names its parent (a dotted path, e.g. `parent.gid` of an Asana
   * attachment or subtask), for children that belong to their parent alone: when the parent is
   * deleted from the copy (a change stream's deletion, a tombstone, a 404 mid-run), the records
   * naming it there are deleted with it, and theirs in turn, without waiting for a full run's
   * sweep. Left out for records that may live under several parents (a task in two projects).
   */
  readonly parentField?: string;
  /**
   * The entities a failure of this listing leaves incomplete: a failed `projects` listing means
   * sections and tasks under it were never listed, so none of them may be swept.
   */
  readonly incompleteOnFailure: readonly Entity[];
  /**
   * Records the upstream lists as deleted (tombstones, like Zendesk's incremental export's
   * `status: "deleted"` tickets): the store removes them instead of keeping them, so an
   * incremental run sees deletions without waiting for the next full run's sweep.
   */
  readonly deleted?: (record: Record<string, unknown>) => boolean;
  /**
   * The records that are this listing's, when its upstream list also answers records another
   * listing reads (Asana's "My tasks" lists every task assigned to the user; the tasks in a project
   * are read under the project, so only those in no project are kept): the others are neither
   * stored nor lead to children here.
   */
  readonly keep?: (record: Record<string, unknown>) => boolean;
}

/**
 * How the hosted service keeps a synced copy of a connector for `search`: which entities, how
 * each is read (a tree of listings from `root`), in full and incrementally, and how deletions
 * are found.
 *
 * - Full runs make every listing and then sweep, per entity listed completely, every record not
 *   seen (`deletions: 'sweep'`); incremental runs make every listing with
 *   `context.modifiedSince` set and never sweep.
 * - `fieldsQuery` asks the upstream for every searchable field of an entity (replacing the
 *   action's fixed query), e.g. Asana's `opt_fields`.
 *
 * @example
 * ```ts
 * const plan: SyncPlan<'tickets', 'tickets'> = {
 *   entities: ['tickets'],
 *   root: { kind: 'tickets', parent: '' },
 *   listings: { tickets: { entity: 'tickets', list: 'tickets', incompleteOnFailure: ['tickets'] } },
 *   deletions: 'sweep',
 * };
 * ```
 */
export interface SyncPlan<Kind extends string = string, Entity extends string = string> {
  /** The synced entities, in the order a sync reports them. */
  readonly entities: readonly Entity[];
  /** The first listing of every run. */
  readonly root: SyncJobKey<Kind>;
  readonly listings: { readonly [K in Kind]: SyncListing<Kind, Entity> };
  fieldsQuery?(entity: Entity): QueryParams;
  readonly deletions: 'sweep';
  /**
   * Entities every run lists completely, incremental ones too (their listings do not narrow by
   * `modifiedSince`): an incremental run may sweep them as well. Default none.
   */
  readonly completeEveryRun?: readonly Entity[];
  /**
   * The upstream's own change mechanism, when it has one: the hosted service watches it between
   * runs, so edits, deletions, subtasks and attachments show up in search within seconds, without
   * a full run.
   */
  readonly changes?: SyncChangeStream<Entity>;
}

/**
 * One record that changed upstream: upserted (read it again) or deleted.
 *
 * @example
 * ```ts
 * const change: SyncChange = { entity: 'tasks', id: '42', operation: 'delete' };
 * ```
 */
export interface SyncChange<Entity extends string = string> {
  readonly entity: Entity;
  readonly id: string;
  readonly operation: 'upsert' | 'delete';
  /**
   * An upsert's record as the stream already read it, with the copy's fields (Salesforce's
   * `queryAll` answers whole rows): stored as is, without reading it again through `fetch`.
   */
  readonly record?: Record<string, unknown>;
}

/**
 * What one read of a change stream gave: the changes, the cursor to read from next time, whether
 * more are waiting, and whether the cursor given had expired (then `changes` is empty, `cursor` is
 * a fresh one, and whatever changed in between is only found by a full run).
 *
 * @example
 * ```ts
 * const page: SyncChangePage = { changes: [], cursor: 'de47…', more: false, expired: false };
 * ```
 */
export interface SyncChangePage<Entity extends string = string> {
  readonly changes: readonly SyncChange<Entity>[];
  readonly cursor: string;
  readonly more: boolean;
  readonly expired: boolean;
  /**
   * The least time before the next read of this scope, when the upstream's allocation asks for
   * more than the service's watch interval (Salesforce counts requests per 24 hours).
   */
  readonly nextReadInMs?: number;
  /**
   * A stream that paces itself (Asana's per-project subscriptions, read in rounds under a share of
   * the quota): read this scope again after this long, sooner or later than the watch interval.
   */
  readonly readAgainInMs?: number;
  /**
   * The changes are good, and a run must cover what the stream cannot: `incremental` after new
   * subscriptions (what changed before them), `full` after events were lost (a 412 on a token that
   * had worked), which only a full run's sweep repairs.
   */
  readonly resync?: 'incremental' | 'full';
}

/**
 * What the service tells a change stream on each read: its clock, and the upstream requests a
 * minute the stream may spend while nothing changes (a share of the connector's quota, e.g. 10% of
 * Asana's 1,500). A stream with many subscriptions paces its rounds to it.
 *
 * @example
 * ```ts
 * const context: SyncChangeReadContext = { now: Date.now(), requestsPerMinute: 150 };
 * ```
 */
export interface SyncChangeReadContext {
  readonly now: number;
  readonly requestsPerMinute: number;
  /**
   * Read every subscription now, whatever the pacing: a run is about to end and its outcome must
   * hold what the stream knows (it costs what one round costs, less than the run's own listings).
   */
  readonly everything?: boolean;
}

/**
 * An upstream's change mechanism as a sync plan declares it (Asana's Events API, Zendesk's
 * incremental exports, Salesforce's `queryAll` on `SystemModstamp`): which synced records scope it
 * (each one is watched with its own cursor), how to read the changes after a cursor, and how to
 * read one changed record again with the fields the copy keeps.
 *
 * @example
 * ```ts
 * const page = await plan.changes.read(executor, workspaceGid, cursor);
 * for (const change of page.changes) if (change.operation === 'upsert') await plan.changes.fetch(executor, change.entity, change.id);
 * ```
 */
export interface SyncChangeStream<Entity extends string = string> {
  /**
   * The entity whose synced records are the scopes to watch (Asana: `workspaces`); absent when
   * the whole connector is one scope, `''` (Salesforce: the org).
   */
  readonly scopeEntity?: Entity;
  /** The changes of `scope` after `cursor`; `null` starts watching from now (`expired`). */
  read(
    executor: LocalConnectorExecutor,
    scope: string,
    cursor: string | null,
    signal?: AbortSignal,
    context?: SyncChangeReadContext,
  ): Promise<SyncChangePage<Entity>>;
  /** The record as it is now, with the copy's fields, or `null` when it is gone. */
  fetch(
    executor: LocalConnectorExecutor,
    entity: Entity,
    id: string,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown> | null>;
}

/**
 * Whether a stored listing kind is one of the plan's.
 *
 * @example
 * ```ts
 * isSyncJobKind(plan, 'subtasks'); // true
 * ```
 */
export function isSyncJobKind<Kind extends string>(plan: SyncPlan<Kind>, kind: string): kind is Kind {
  return Object.hasOwn(plan.listings, kind);
}

/**
 * The listings a page of records leads to.
 *
 * @example
 * ```ts
 * childJobs(plan, 'projects', [{ gid: '7' }]); // [{ kind: 'sections', parent: '7' }, …]
 * ```
 */
export function childJobs<Kind extends string>(
  plan: SyncPlan<Kind>,
  kind: Kind,
  records: readonly Record<string, unknown>[],
): SyncJobKey<Kind>[] {
  return plan.listings[kind].children?.(records) ?? [];
}

/**
 * Reads one page of a listing through a connector's executor: the definition's path and paging,
 * the plan's params and fields, the run's page size; only the records the listing keeps.
 *
 * @example
 * ```ts
 * const page = await readSyncPage(executor, plan, { kind: 'workspaces', parent: '' }, null, { pageSize: 100, modifiedSince: null });
 * ```
 */
export function readSyncPage<Kind extends string, Entity extends string>(
  executor: LocalConnectorExecutor,
  plan: SyncPlan<Kind, Entity>,
  job: SyncJobKey<Kind>,
  offset: string | null,
  context: SyncListingContext,
  signal?: AbortSignal,
): Promise<RawPage> {
  const listing = plan.listings[job.kind];
  const page = executor.readPage(listing.list, listing.params?.(job.parent, context) ?? {}, {
    offset,
    limit: listing.pageSize ?? context.pageSize,
    query: plan.fieldsQuery?.(listing.entity),
    signal,
  });
  const keep = listing.keep;
  if (keep === undefined) return page;
  return page.then(({ records, nextOffset }) => ({
    records: records.filter((record) => keep(record)),
    nextOffset,
  }));
}

/**
 * The listings of a plan whose definition entity has no `list` action with an upstream request:
 * for a connector's own test (`expect(unreadableListings(definition, plan)).toEqual([])`).
 *
 * @example
 * ```ts
 * unreadableListings(definition, plan); // []
 * ```
 */
export function unreadableListings(definition: ConnectorDefinition, plan: SyncPlan): string[] {
  return Object.entries(plan.listings)
    .filter(([, listing]) => upstreamOf(definition.entities[listing.list]?.actions.list) === undefined)
    .map(([kind]) => kind);
}
