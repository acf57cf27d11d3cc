import type {
  LocalConnectorExecutor,
  SyncChange,
  SyncChangePage,
  SyncChangeReadContext,
  SyncChangeStream,
} from '@conduit/connector-kit';
import { ApiError, NotFoundError } from '@conduit/protocol';
import type { SearchableEntity } from './definition/searchable-fields';
import { dueProjects, nextDueInMs, type RoundsState } from './project-event-rounds';

/** The synced entity of each event resource type, and where one record of it is read. */
const ENTITY_OF: Readonly<Record<string, { entity: SearchableEntity; path: string }>> = {
  task: { entity: 'tasks', path: '/tasks/' },
  attachment: { entity: 'attachments', path: '/attachments/' },
  project: { entity: 'projects', path: '/projects/' },
  section: { entity: 'sections', path: '/sections/' },
  tag: { entity: 'tags', path: '/tags/' },
  user: { entity: 'users', path: '/users/' },
  team: { entity: 'teams', path: '/teams/' },
};
const PATH_OF = Object.fromEntries(
  Object.values(ENTITY_OF).map(({ entity, path }) => [entity, path]),
) as Partial<Record<SearchableEntity, string>>;

/** Pages of one subscription read per watch (100 events each on a project, 1000 on a workspace). */
const MAX_PAGES_PER_SUBSCRIPTION = 5;
/** Subscriptions read at once. */
const READ_CONCURRENCY = 4;
/** How often the project list is read again: new projects get a subscription, removed ones go. */
const PROJECT_LIST_EVERY_MS = 60_000;
/**
 * How often a pass over the whole of "My tasks" starts (its tasks in no project are subscribed
 * to). A pass reads a few pages a minute (`LOOSE_PASS_SHARE` of the budget), so a user with
 * thousands of assigned tasks spreads them out instead of spending a minute's budget at once; in
 * between, each minute's read asks only for what was modified since (a page, usually).
 */
const LOOSE_PASS_EVERY_MS = 3_600_000;
/** The share of the watch's budget a pass over "My tasks" may spend each minute. */
const LOOSE_PASS_SHARE = 0.1;
/**
 * How far before the latest `modified_at` seen the next read of "My tasks" starts: a task saved
 * while the last read was paging may carry an earlier time than one already seen.
 */
const LOOSE_OVERLAP_MS = 120_000;
/** When the service gives no budget: 10% of Asana's paid quota of 1,500 a minute. */
const DEFAULT_REQUESTS_PER_MINUTE = 150;

interface AsanaEvent {
  action?: unknown;
  resource?: { gid?: unknown; resource_type?: unknown } | null;
  parent?: { gid?: unknown; resource_type?: unknown } | null;
}

interface EventsBody {
  data?: AsanaEvent[];
  sync?: string;
  has_more?: boolean;
}

function changesOf(events: readonly AsanaEvent[]): SyncChange<SearchableEntity>[] {
  const changes: SyncChange<SearchableEntity>[] = [];
  for (const event of events) {
    const type = event.resource?.resource_type;
    const gid = event.resource?.gid;
    if (typeof type !== 'string' || typeof gid !== 'string') continue;
    const target = ENTITY_OF[type];
    // Stories, portfolios, goals… are not in the copy.
    if (target === undefined) continue;
    // A task `removed` from a project stays a task (moved, or homed elsewhere): read it again.
    const gone = event.action === 'deleted' || (event.action === 'removed' && type === 'attachment');
    changes.push({ entity: target.entity, id: gid, operation: gone ? 'delete' : 'upsert' });
  }
  return changes;
}

function freshToken(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const sync = (error.responseBody as { sync?: unknown } | undefined)?.sync;
  return typeof sync === 'string' && sync !== '' ? sync : undefined;
}

/** The workspace stream is not for this token (reference §10: Enterprise+ service accounts only). */
function refused(error: unknown): boolean {
  return error instanceof ApiError && [402, 403, 404].includes(error.status ?? 0);
}

/** What a workspace's watch cursor holds. */
type WatchState =
  | { readonly v: 2; readonly mode: 'workspace'; readonly sync: string }
  | ({
      readonly v: 2;
      readonly mode: 'projects';
      listedAt: number;
      /** Requests a minute the listings spend (projects every minute, loose tasks as below). */
      listPages?: number;
      /**
       * The pass over the whole of "My tasks": when the last one started (epoch ms), where the one
       * under way goes on (`null` at its start; absent between passes), the loose tasks it has
       * seen, and the latest `modified_at` it has seen.
       */
      passAt?: number;
      passOffset?: string | null;
      passSeen?: string[];
      passSince?: string;
      /** The latest `modified_at` of a finished pass or a later read: the minute's read asks for what changed since. */
      looseSince?: string;
    } & RoundsState);

function parseState(cursor: string | null): WatchState | null {
  if (cursor === null || cursor === '') return null;
  // A cursor of the workspace-only stream was its sync token.
  if (!cursor.startsWith('{')) return { v: 2, mode: 'workspace', sync: cursor };
  try {
    const state = JSON.parse(cursor) as WatchState;
    if (state.v === 2 && (state.mode === 'workspace' || state.mode === 'projects')) return state;
  } catch {
    // A damaged cursor starts the watch again.
  }
  return null;
}

function projectsState(now: number): WatchState & { mode: 'projects' } {
  return { v: 2, mode: 'projects', listedAt: 0, listPages: 1, projects: {}, credit: 0, creditAt: now };
}

/** A list action of a workspace (the sync's own listing), its params, and the records it keeps. */
export interface AsanaWorkspaceList {
  readonly list: string;
  /** The params; `modifiedSince` narrows to records modified since then, where the list can. */
  readonly params: (workspace: string, modifiedSince?: string) => Record<string, string>;
  readonly keep?: (record: Record<string, unknown>) => boolean;
}

/** What `asanaChangeStream` needs from the sync plan. */
export interface AsanaChangeStreamOptions {
  /** The copy's `opt_fields` of an entity. */
  readonly optFields: (entity: SearchableEntity) => string;
  /** The listing of a workspace's projects. */
  readonly projectList: AsanaWorkspaceList;
  /** The listing of the workspace's tasks in no project (the user's "My tasks" that no project holds). */
  readonly looseTaskList: AsanaWorkspaceList;
}

/**
 * Asana's Events API as the sync's change stream, one watch per workspace, following reference
 * §10. The workspace stream (`GET /workspaces/{gid}/events`, one subscription for everything) is
 * used when the token may read it; most may not (only an Enterprise+ service account can), and its
 * refusal means "not available here", never a failed watch. Then every project gets its own
 * subscription (`GET /events?resource=<project>`), whose events bubble up from its tasks, their
 * subtasks at any depth and their attachments; the projects are read in rounds paced to
 * `context.requestsPerMinute` (a round of N projects costs N requests), busy projects every
 * couple of seconds, and the project list is read again every minute (new projects subscribed,
 * removed ones deleted from the copy). A task in no project (in the user's "My tasks" only) gets a
 * subscription of its own (`GET /events?resource=<task>`, which its subtasks and attachments
 * bubble up to), in the same rounds; that list is read again with the projects'. Users, teams,
 * tags and sections, which no project stream covers, are listed again by the service's periodic
 * runs.
 *
 * A 412 on a first read hands out a token: the page asks for an incremental run, which covers what
 * changed before the subscription. A 412 on a token that worked means events were lost (delivery
 * is at most once, tokens expire): it asks for a full run, whose sweep also finds lost deletions.
 * A changed record is read again by gid with the copy's `opt_fields`.
 *
 * @example
 * ```ts
 * const page = await asanaChangeStream({ optFields, projectList, looseTaskList }).read(executor, workspaceGid, cursor, signal, { now: Date.now(), requestsPerMinute: 150 });
 * ```
 */
export function asanaChangeStream(options: AsanaChangeStreamOptions): SyncChangeStream<SearchableEntity> {
  const { optFields, projectList, looseTaskList } = options;

  async function events(
    executor: LocalConnectorExecutor,
    path: string,
    query: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<EventsBody> {
    return executor.transport.json<EventsBody>({ path, query, ...(signal ? { signal } : {}) });
  }

  async function readWorkspace(
    executor: LocalConnectorExecutor,
    scope: string,
    state: (WatchState & { mode: 'workspace' }) | null,
    signal: AbortSignal | undefined,
  ): Promise<SyncChangePage<SearchableEntity> | 'refused'> {
    const path = `/workspaces/${encodeURIComponent(scope)}/events`;
    try {
      const body = await events(executor, path, state === null ? {} : { sync: state.sync }, signal);
      const sync = body.sync ?? state?.sync ?? '';
      return {
        changes: changesOf(body.data ?? []),
        cursor: JSON.stringify({ v: 2, mode: 'workspace', sync }),
        more: body.has_more === true,
        expired: false,
      };
    } catch (error) {
      if (refused(error)) return 'refused';
      const sync = freshToken(error);
      if (sync === undefined) throw error;
      return {
        changes: [],
        cursor: JSON.stringify({ v: 2, mode: 'workspace', sync }),
        more: false,
        expired: true,
      };
    }
  }

  /** Every record a workspace list answers from `offset` on, `maxPages` at most, and where it stopped. */
  async function listFrom(
    executor: LocalConnectorExecutor,
    params: Record<string, string>,
    list: string,
    entity: SearchableEntity,
    signal: AbortSignal | undefined,
    offset: string | null = null,
    maxPages = Number.POSITIVE_INFINITY,
  ): Promise<{ records: Record<string, unknown>[]; pages: number; next: string | null }> {
    const records: Record<string, unknown>[] = [];
    let next = offset;
    let pages = 0;
    do {
      const page = await executor.readPage(list, params, {
        offset: next,
        limit: 100,
        query: { opt_fields: optFields(entity) },
        ...(signal ? { signal } : {}),
      });
      pages += 1;
      records.push(...page.records);
      next = page.nextOffset;
    } while (next !== null && pages < maxPages);
    return { records, pages, next };
  }

  /**
   * Reads the project list again: new projects get a subscription, removed ones leave the copy.
   * Records come as upserts (the copy compares content before it writes, so unchanged ones cost
   * nothing downstream).
   */
  async function relistProjects(
    executor: LocalConnectorExecutor,
    scope: string,
    state: WatchState & { mode: 'projects' },
    signal: AbortSignal | undefined,
    changes: SyncChange<SearchableEntity>[],
  ): Promise<number> {
    const { records, pages } = await listFrom(
      executor,
      projectList.params(scope),
      projectList.list,
      'projects',
      signal,
    );
    const listed = new Set<string>();
    for (const record of records) {
      if (typeof record.gid !== 'string') continue;
      listed.add(record.gid);
      changes.push({ entity: 'projects', id: record.gid, operation: 'upsert', record });
      state.projects[record.gid] ??= { s: null, e: 0, r: 0 };
    }
    for (const [gid, subscription] of Object.entries(state.projects)) {
      if (subscription.t === 1 || listed.has(gid)) continue;
      delete state.projects[gid];
      changes.push({ entity: 'projects', id: gid, operation: 'delete' });
    }
    return pages;
  }

  /**
   * Reads "My tasks" again: what was modified since the latest `modified_at` seen, and the next
   * pages of the pass over the whole of it (one starts every hour). Its tasks in no project come
   * as upserts and get a subscription. Returns the subscribed tasks that left (listed in a project
   * or under a parent, or not met by a whole pass), whose streams are read a last time (a deletion
   * shows there, or as a 404) before their subscriptions go; whether the token can still see a
   * task that moved is for the full run's sweep. And the pages read.
   */
  async function relistLooseTasks(
    executor: LocalConnectorExecutor,
    scope: string,
    state: WatchState & { mode: 'projects' },
    context: SyncChangeReadContext,
    signal: AbortSignal | undefined,
    changes: SyncChange<SearchableEntity>[],
  ): Promise<{ leaving: string[]; pages: number }> {
    const { now } = context;
    const left = new Set<string>();
    const take = (records: readonly Record<string, unknown>[], seen?: string[]) => {
      let latest: string | undefined;
      for (const record of records) {
        if (typeof record.gid !== 'string') continue;
        if (typeof record.modified_at === 'string' && (latest === undefined || record.modified_at > latest))
          latest = record.modified_at;
        if (!(looseTaskList.keep?.(record) ?? true)) {
          left.add(record.gid);
          continue;
        }
        seen?.push(record.gid);
        changes.push({ entity: 'tasks', id: record.gid, operation: 'upsert', record });
        state.projects[record.gid] ??= { s: null, e: 0, r: 0, t: 1 };
      }
      return latest;
    };
    const later = (a: string | undefined, b: string | undefined) =>
      a === undefined ? b : b === undefined || a > b ? a : b;
    let pages = 0;
    // Until a pass has finished there is no watermark: the pass finds what there is.
    if (state.looseSince !== undefined) {
      const since = new Date(Date.parse(state.looseSince) - LOOSE_OVERLAP_MS).toISOString();
      const read = await listFrom(
        executor,
        looseTaskList.params(scope, since),
        looseTaskList.list,
        'tasks',
        signal,
      );
      pages += read.pages;
      state.looseSince = later(state.looseSince, take(read.records));
    }
    if (
      state.passOffset === undefined &&
      (state.passAt === undefined || now - state.passAt >= LOOSE_PASS_EVERY_MS)
    ) {
      state.passAt = now;
      state.passOffset = null;
      state.passSeen = [];
      delete state.passSince;
    }
    const leaving = new Set<string>();
    if (state.passOffset !== undefined) {
      const maxPages = Math.max(1, Math.floor(context.requestsPerMinute * LOOSE_PASS_SHARE));
      const seen = state.passSeen ?? [];
      const read = await listFrom(
        executor,
        looseTaskList.params(scope),
        looseTaskList.list,
        'tasks',
        signal,
        state.passOffset,
        maxPages,
      );
      pages += read.pages;
      state.passSince = later(state.passSince, take(read.records, seen));
      state.passSeen = seen;
      if (read.next === null) {
        const met = new Set(seen);
        for (const [gid, subscription] of Object.entries(state.projects))
          if (subscription.t === 1 && !met.has(gid)) leaving.add(gid);
        state.looseSince = later(state.looseSince, state.passSince);
        delete state.passOffset;
        delete state.passSeen;
        delete state.passSince;
      } else state.passOffset = read.next;
    }
    for (const gid of left) if (state.projects[gid]?.t === 1) leaving.add(gid);
    return { leaving: [...leaving], pages };
  }

  async function readProjects(
    executor: LocalConnectorExecutor,
    scope: string,
    state: WatchState & { mode: 'projects' },
    signal: AbortSignal | undefined,
    context: SyncChangeReadContext,
  ): Promise<SyncChangePage<SearchableEntity>> {
    const { now } = context;
    // Reading the lists again comes out of the same budget: their pages every minute.
    const listCost = (state.listPages ?? 1) * (60_000 / PROJECT_LIST_EVERY_MS);
    const perMinute = Math.max(context.requestsPerMinute - listCost, context.requestsPerMinute / 2);
    const changes: SyncChange<SearchableEntity>[] = [];
    let resync: 'incremental' | 'full' | undefined;
    const ask = (mode: 'incremental' | 'full') => {
      if (resync !== 'full') resync = mode;
    };
    let leaving: string[] = [];
    if (now - state.listedAt >= PROJECT_LIST_EVERY_MS || Object.keys(state.projects).length === 0) {
      const projectPages = await relistProjects(executor, scope, state, signal, changes);
      const loose = await relistLooseTasks(executor, scope, state, context, signal, changes);
      leaving = loose.leaving;
      state.listedAt = now;
      // A minute's listings: the projects, the changed loose tasks and the pass's pages.
      state.listPages = projectPages + loose.pages;
    }
    const readOne = async (gid: string): Promise<SyncChange<SearchableEntity>[]> => {
      const subscription = state.projects[gid]!;
      subscription.r = now;
      const found: SyncChange<SearchableEntity>[] = [];
      for (let pages = 0; pages < MAX_PAGES_PER_SUBSCRIPTION; pages += 1) {
        let body: EventsBody;
        try {
          body = await events(
            executor,
            '/events',
            { resource: gid, ...(subscription.s === null ? {} : { sync: subscription.s }) },
            signal,
          );
        } catch (error) {
          const sync = freshToken(error);
          if (sync !== undefined) {
            ask(subscription.s === null ? 'incremental' : 'full');
            subscription.s = sync;
            break;
          }
          if (error instanceof NotFoundError || (error instanceof ApiError && error.status === 403)) {
            // The project (or loose task) is gone or out of reach: so is its copy; the next list confirms it.
            delete state.projects[gid];
            found.push({ entity: subscription.t === 1 ? 'tasks' : 'projects', id: gid, operation: 'delete' });
            break;
          }
          throw error;
        }
        if (typeof body.sync === 'string' && body.sync !== '') subscription.s = body.sync;
        const data = body.data ?? [];
        if (data.length > 0) subscription.e = now;
        const changes = changesOf(data);
        found.push(...changes);
        if (
          subscription.t === 1 &&
          changes.some((change) => change.id === gid && change.operation === 'delete')
        ) {
          // The loose task itself was deleted: nothing more will come on its stream.
          delete state.projects[gid];
          break;
        }
        if (body.has_more !== true) break;
      }
      return found;
    };
    for (const gid of leaving) {
      if (state.projects[gid]?.s != null) changes.push(...(await readOne(gid)));
      delete state.projects[gid];
    }
    // A few subscriptions at once, so a round is not held up by one slow answer; the changes keep
    // the order of the projects (and each project's stream its own order).
    const due = dueProjects(state, now, perMinute, context.everything === true);
    for (let start = 0; start < due.length; start += READ_CONCURRENCY) {
      for (const found of await Promise.all(due.slice(start, start + READ_CONCURRENCY).map(readOne)))
        changes.push(...found);
    }
    return {
      changes,
      cursor: JSON.stringify(state),
      more: false,
      expired: false,
      readAgainInMs: nextDueInMs(state, now, perMinute),
      ...(resync === undefined ? {} : { resync }),
    };
  }

  return {
    scopeEntity: 'workspaces',
    async read(executor, scope, cursor, signal, context) {
      const read: SyncChangeReadContext = context ?? {
        now: Date.now(),
        requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
      };
      const state = parseState(cursor);
      if (state === null || state.mode === 'workspace') {
        const page = await readWorkspace(executor, scope, state, signal);
        if (page !== 'refused') return page;
        return readProjects(executor, scope, projectsState(read.now), signal, read);
      }
      return readProjects(executor, scope, state, signal, read);
    },
    async fetch(executor: LocalConnectorExecutor, entity, id, signal) {
      const path = PATH_OF[entity];
      if (path === undefined) return null;
      try {
        const body = await executor.transport.json<{ data?: Record<string, unknown> }>({
          path: `${path}${encodeURIComponent(id)}`,
          query: { opt_fields: optFields(entity) },
          ...(signal ? { signal } : {}),
        });
        return body.data ?? null;
      } catch (error) {
        // Deleted again since the event: its own `deleted` event follows.
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
