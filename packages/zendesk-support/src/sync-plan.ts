import type { SyncPlan } from '@conduit/connector-kit';
import type { SearchableEntity } from './definition/searchable-fields';
import { zendeskChangeStream } from './ticket-change-stream';
import { EXPORT_PAGE_SIZE } from './zendesk-paging';

type Job = 'groups' | 'tickets' | 'users' | 'organizations';

// The incremental export withholds the last minute and refuses a start_time inside it (§4.4).
const EXPORT_DELAY_SECONDS = 61;

function startTime(modifiedSince: string | null): number {
  const horizon = Math.floor(Date.now() / 1000) - EXPORT_DELAY_SECONDS;
  if (modifiedSince === null) return 0;
  const since = Math.floor(Date.parse(modifiedSince) / 1000);
  return Number.isNaN(since) ? 0 : Math.max(0, Math.min(since, horizon));
}

/**
 * How the hosted service syncs the support-desk connector for `search`: tickets through the
 * incremental ticket export (a full run from the beginning without deleted tickets, so the sweep
 * removes them; an incremental run from the last one, where a deleted ticket comes back with
 * `status: "deleted"`), users, organizations and groups through their lists. Groups are read
 * first and lead to the three other listings, which depend on no record. Between runs the
 * {@link zendeskChangeStream} keeps tickets fresh within seconds.
 *
 * @example
 * ```ts
 * expect(unreadableListings(zendeskDefinition, zendeskSyncPlan)).toEqual([]);
 * ```
 */
export const zendeskSyncPlan: SyncPlan<Job, SearchableEntity> = {
  entities: ['tickets', 'users', 'organizations', 'groups'],
  // The small groups list is read first; the other listings hang off it.
  root: { kind: 'groups', parent: '' },
  listings: {
    groups: {
      entity: 'groups',
      list: 'groups',
      children: () => [
        { kind: 'tickets', parent: '' },
        { kind: 'users', parent: '' },
        { kind: 'organizations', parent: '' },
      ],
      incompleteOnFailure: ['groups', 'tickets', 'users', 'organizations'],
    },
    tickets: {
      entity: 'tickets',
      list: 'tickets',
      // The export's own pages (reference §4.4): a tenth of the requests of the sync's page size.
      pageSize: EXPORT_PAGE_SIZE,
      params: (_parent, context) =>
        context.modifiedSince === null
          ? { start_time: 0, exclude_deleted: true }
          : { start_time: startTime(context.modifiedSince) },
      incompleteOnFailure: ['tickets'],
      // The export lists a deleted ticket with status "deleted" (reference §4.4): remove it.
      deleted: (record) => record.status === 'deleted',
    },
    users: { entity: 'users', list: 'users', incompleteOnFailure: ['users'] },
    organizations: { entity: 'organizations', list: 'organizations', incompleteOnFailure: ['organizations'] },
  },
  deletions: 'sweep',
  // Users, organizations and groups are listed whole every run: every run may sweep them.
  completeEveryRun: ['users', 'organizations', 'groups'],
  // Between runs: tickets by `-updated_at`, the ticket count and deleted tickets (the exports'
  // 10 a minute are the runs' own).
  changes: zendeskChangeStream(),
};
