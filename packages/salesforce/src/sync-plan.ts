import { readSyncPage, type SyncListing, type SyncPlan } from '@conduit/connector-kit';
import {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
import { modstampChangeStream } from './modstamp-change-stream';
import { MAX_BATCH, SELECT_FIELDS_KEY } from './soql-list-paging';

/** The SELECT list of an entity's synced rows: its searchable fields. */
const syncedFields = (entity: SearchableEntity) => Object.keys(SEARCHABLE_FIELDS[entity]).join(', ');

/** The listings that follow the stages: every other searchable entity, from the top. */
const AFTER_STAGES = SEARCHABLE_ENTITIES.filter((entity) => entity !== 'opportunity_stages');

function listing(entity: SearchableEntity): SyncListing<SearchableEntity, SearchableEntity> {
  return {
    entity,
    list: entity,
    // Incremental runs read what changed since the last run by SystemModstamp, through queryAll
    // so deletions (IsDeleted true, kept 15 days in the recycle bin) come along.
    params: (_parent, context) =>
      context.modifiedSince === null ? {} : { modified_since: context.modifiedSince, include_deleted: true },
    ...(entity === 'opportunity_stages'
      ? {
          // Stages are reference data of a handful of rows (one page), so their one page starts
          // the independent top-level listings of the other entities.
          children: () => AFTER_STAGES.map((kind) => ({ kind, parent: '' })),
        }
      : {}),
    incompleteOnFailure: entity === 'opportunity_stages' ? SEARCHABLE_ENTITIES : [entity],
    // What queryAll returns only to say it is gone: the service removes it from its copy.
    deleted: (record) => record.IsDeleted === true,
  };
}

/**
 * How the hosted service syncs the CRM connector for `search`: every searchable entity by SOQL
 * with just its searchable fields; full runs read everything and sweep what disappeared;
 * incremental runs read `SystemModstamp >= last run` through `queryAll`, deleted records included
 * with `IsDeleted: true` (`deleted` says so, and the service removes them from its copy); between
 * runs the same query, per watched object, is the change stream ({@link modstampChangeStream}).
 *
 * @example
 * ```ts
 * salesforceSyncPlan.entities; // ['accounts', 'contacts', …]
 * ```
 */
export const salesforceSyncPlan: SyncPlan<SearchableEntity, SearchableEntity> = {
  entities: SEARCHABLE_ENTITIES,
  root: { kind: 'opportunity_stages', parent: '' },
  listings: Object.fromEntries(SEARCHABLE_ENTITIES.map((entity) => [entity, listing(entity)])) as SyncPlan<
    SearchableEntity,
    SearchableEntity
  >['listings'],
  fieldsQuery: (entity) => ({ [SELECT_FIELDS_KEY]: syncedFields(entity) }),
  deletions: 'sweep',
  // Between runs: the listings' own queryAll on SystemModstamp, read every few seconds.
  changes: modstampChangeStream(
    (executor, entity, offset, modifiedSince, signal) =>
      readSyncPage(
        executor,
        salesforceSyncPlan,
        { kind: entity, parent: '' },
        offset,
        { pageSize: MAX_BATCH, modifiedSince },
        signal,
      ),
    syncedFields,
  ),
};
