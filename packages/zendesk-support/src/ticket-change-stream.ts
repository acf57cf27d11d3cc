import type { LocalConnectorExecutor, SyncChange, SyncChangeStream } from '@conduit/connector-kit';
import { NotFoundError } from '@conduit/protocol';
import * as z from 'zod';
import type { AccountRateLimit } from './account-rate-limit';
import type { SearchableEntity } from './definition/searchable-fields';
import type { ZendeskLocalExecutor } from './local-executor';

/**
 * Why the stream polls what it polls (shared/reference/support-desk-upstream.md §7 and
 * ticketing.yaml): the incremental exports allow 10 requests a minute and withhold the last minute,
 * so they cannot be read every few seconds; List Tickets sorted by `-updated_at` and Count Tickets
 * draw only on the account's budget (200–2,500 a minute by plan); List Deleted Tickets has its own
 * budget of 10 a minute, so it is read only when the count says a ticket went away (or, as a safety
 * net, every {@link DELETED_SAFETY_MS}), at most {@link DELETED_PER_MINUTE} times a minute.
 */
const PAGE_SIZE = 100;
/** Pages of the sorted list read back to the watermark before the stream gives up (`expired`). */
const MAX_LIST_PAGES = 10;
/** Pages of deleted tickets read back to their watermark before the stream gives up. */
const MAX_DELETED_PAGES = 3;
/** Deleted tickets are listed for 30 days (ticketing.yaml, List Deleted Tickets): older cursors expire. */
const MAX_CURSOR_AGE_MS = 30 * 86_400_000;
/** Count Tickets is live only up to this many tickets (ticketing.yaml, Count Tickets). */
const COUNT_LIVE_UP_TO = 100_000;
/** The share of `GET /deleted_tickets`' 10 a minute the stream may take when tickets go away. */
const DELETED_PER_MINUTE = 8;
/** A token bucket of this size keeps any minute at ≤ 2 + 8 = 10 reads (the endpoint's limit). */
const DELETED_BURST = 2;
/** Deleted tickets are read at least this often, for deletions the count cannot show. */
const DELETED_SAFETY_MS = 120_000;
/**
 * Share of the account's per-minute limit idle watching may spend: below the 10% a background
 * sync is allowed, leaving room for the runs and for the connector's own calls.
 *
 * @example
 * ```ts
 * WATCH_SHARE * 200; // 16 requests a minute on a Team plan
 * ```
 */
export const WATCH_SHARE = 0.08;
/** Requests an idle read sends on the account's budget: the sorted list and the count. */
const IDLE_READ_REQUESTS = 2;

/**
 * The least time between reads so that idle watching spends at most {@link WATCH_SHARE} of the
 * account's limit as Zendesk last reported it (`X-Rate-Limit`) in any minute, not only on
 * average: a minute holds that many reads of {@link IDLE_READ_REQUESTS} each, and one deleted
 * tickets read (the safety net, every {@link DELETED_SAFETY_MS}). 0 when the limit is not known.
 * On a Team plan (200 a minute: 16 requests) 7 reads a minute, 8.6 s apart; from 400 a minute up
 * it is below the service's 5 s watch, which then applies.
 *
 * @example
 * ```ts
 * watchIntervalMs({ perMinute: 200, remaining: 150 }); // 8_572
 * ```
 */
export function watchIntervalMs(limit: AccountRateLimit | undefined): number {
  if (limit === undefined || limit.perMinute <= 0) return 0;
  const budget = WATCH_SHARE * limit.perMinute;
  const reads = Math.floor((budget - 1) / IDLE_READ_REQUESTS);
  if (reads >= 1) return Math.ceil(60_000 / reads);
  // Not even one read a minute (a plan of a few requests a minute): every read then also lists
  // the deleted tickets, and the share holds on average.
  return Math.ceil((60_000 * (IDLE_READ_REQUESTS + 1)) / budget);
}

const Cursor = z.object({
  v: z.literal(1),
  /** Newest `updated_at` seen on the sorted list (epoch seconds), and the ids seen at that second. */
  u: z.number(),
  ids: z.array(z.number()),
  /** The last Count Tickets value, null when it was not live. */
  n: z.number().nullable(),
  /** Newest `deleted_at` seen (epoch seconds), and the ids deleted at that second. */
  d: z.number(),
  dIds: z.array(z.number()),
  /** Deleted-tickets reads available (token bucket), as of `at`. */
  tokens: z.number(),
  /** When the deleted tickets were last read, and when this cursor was made (client ms). */
  dAt: z.number(),
  at: z.number(),
  /** The count says a ticket went away and the deleted tickets were not read yet. */
  pending: z.boolean(),
});
type Cursor = z.infer<typeof Cursor>;

const ListedTicket = z.looseObject({ id: z.number(), updated_at: z.string(), created_at: z.string() });
const CountBody = z.looseObject({
  count: z.looseObject({ value: z.number(), refreshed_at: z.string().nullable().optional() }),
});
const DeletedBody = z.looseObject({
  deleted_tickets: z.array(z.looseObject({ id: z.number(), deleted_at: z.string() })),
  next_page: z.string().nullable().optional(),
});

/** Where one record of each synced entity is read, and the key it comes under. */
const RECORD_OF: Readonly<Record<SearchableEntity, { path: string; key: string }>> = {
  tickets: { path: '/tickets/', key: 'ticket' },
  users: { path: '/users/', key: 'user' },
  organizations: { path: '/organizations/', key: 'organization' },
  groups: { path: '/groups/', key: 'group' },
};

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** A ticket of the sorted list: its watermark fields, and the record as the listing parsed it. */
interface Listed {
  readonly ticket: z.infer<typeof ListedTicket>;
  readonly record: Record<string, unknown>;
}

function encode(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(text: string): Cursor | undefined {
  try {
    const parsed = Cursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What the stream needs besides the executor; `now` is injectable for tests. */
export interface ZendeskChangeStreamOptions {
  readonly now?: () => number;
}

/**
 * Zendesk's tickets as the sync's change stream, for the whole account (one scope). Each read:
 *
 * 1. `GET /tickets?sort=-updated_at` (cursor pages) back to the newest `updated_at` of the last
 *    read: every ticket edited, commented on or given an attachment since (each bumps
 *    `updated_at`) is an upsert, with the listed ticket as its record (nothing is read again);
 * 2. `GET /tickets/count`: when it is not what the last count and the new tickets make it, a ticket
 *    went away, and `GET /deleted_tickets?sort_by=deleted_at&sort_order=desc` (its own budget of
 *    10 a minute, paced by a token bucket) turns the newest deletions into deletes.
 *
 * Idle, that is two requests on the account's budget per read; each read asks the watcher to
 * wait ({@link watchIntervalMs}) so that idle watching stays within {@link WATCH_SHARE} of the
 * account's limit (`X-Rate-Limit`, through a {@link ZendeskLocalExecutor}). The incremental
 * exports stay the runs' catch-up. A cursor that does not parse, is older than the 30 days
 * deleted tickets are kept, or trails more than 1,000 changed tickets is `expired`: the service
 * runs a full sync.
 *
 * @example
 * ```ts
 * const page = await zendeskChangeStream().read(executor, '', cursor);
 * ```
 */
export function zendeskChangeStream(
  options: ZendeskChangeStreamOptions = {},
): SyncChangeStream<SearchableEntity> {
  const now = options.now ?? Date.now;
  /** The pace the account's limit asks for, as the responses of this read reported it. */
  const pace = (executor: LocalConnectorExecutor) =>
    watchIntervalMs((executor as Partial<ZendeskLocalExecutor>).accountRateLimit);

  async function newestTickets(
    executor: LocalConnectorExecutor,
    since: { u: number; ids: readonly number[] } | null,
    signal: AbortSignal | undefined,
  ): Promise<{ changed: Listed[]; newest: number; reached: boolean }> {
    const changed: Listed[] = [];
    let newest = since?.u ?? 0;
    let offset: string | null = null;
    for (let pages = 0; pages < MAX_LIST_PAGES; pages += 1) {
      const page = await executor.readPage(
        'tickets',
        { sort: '-updated_at' },
        { offset, limit: PAGE_SIZE, ...(signal === undefined ? {} : { signal }) },
      );
      for (const raw of page.records) {
        const ticket = ListedTicket.parse(raw);
        const updated = seconds(ticket.updated_at);
        newest = Math.max(newest, updated);
        // The list is newest first: once past the watermark, nothing older changed. Without one,
        // the tickets of the newest second are the watermark's.
        const floor = since?.u ?? newest;
        if (updated < floor) return { changed, newest, reached: true };
        if (updated > floor || since === null || !since.ids.includes(ticket.id))
          changed.push({ ticket, record: raw });
      }
      if (page.nextOffset === null) return { changed, newest, reached: true };
      offset = page.nextOffset;
    }
    return { changed, newest, reached: false };
  }

  async function ticketCount(
    executor: LocalConnectorExecutor,
    signal: AbortSignal | undefined,
  ): Promise<number | null> {
    const body = await executor.transport.json({
      path: '/tickets/count',
      schema: CountBody,
      ...(signal === undefined ? {} : { signal }),
    });
    const { value, refreshed_at: refreshed } = body.count;
    // Above 100,000 the count is refreshed once a day: it says nothing about the last seconds.
    return value >= COUNT_LIVE_UP_TO || refreshed === null || refreshed === undefined ? null : value;
  }

  async function newestDeletions(
    executor: LocalConnectorExecutor,
    since: { d: number; dIds: readonly number[] },
    signal: AbortSignal | undefined,
  ): Promise<{ deleted: number[]; newest: number; newestIds: number[] }> {
    const deleted: number[] = [];
    let newest = since.d;
    let newestIds = [...since.dIds];
    for (let page = 1; page <= MAX_DELETED_PAGES; page += 1) {
      const body = await executor.transport.json({
        path: '/deleted_tickets',
        query: { sort_by: 'deleted_at', sort_order: 'desc', per_page: PAGE_SIZE, page },
        schema: DeletedBody,
        ...(signal === undefined ? {} : { signal }),
      });
      for (const ticket of body.deleted_tickets) {
        const at = seconds(ticket.deleted_at);
        if (at < since.d) return { deleted, newest, newestIds };
        if (at > newest) {
          newest = at;
          newestIds = [];
        }
        if (at === newest && !newestIds.includes(ticket.id)) newestIds.push(ticket.id);
        if (at > since.d || !since.dIds.includes(ticket.id)) deleted.push(ticket.id);
      }
      if (!body.next_page) break;
    }
    return { deleted, newest, newestIds };
  }

  /** A cursor from now on: the newest ticket, the count, the newest deletion. */
  async function fresh(executor: LocalConnectorExecutor, signal: AbortSignal | undefined): Promise<string> {
    const at = now();
    const listed = await newestTickets(executor, null, signal);
    const n = await ticketCount(executor, signal);
    const deletions = await newestDeletions(executor, { d: 0, dIds: [] }, signal);
    return encode({
      v: 1,
      // More than 1,000 tickets changed in the newest second: start after it (the run the
      // expiry queues reads them) rather than page through them on every read.
      u: listed.reached ? listed.newest : listed.newest + 1,
      ids: listed.reached ? listed.changed.map(({ ticket }) => ticket.id) : [],
      n,
      d: deletions.newest,
      dIds: deletions.newestIds,
      tokens: DELETED_BURST - 1,
      dAt: at,
      at,
      pending: false,
    });
  }

  return {
    async read(executor, _scope, text, signal) {
      const cursor = text === null ? undefined : decode(text);
      const at = now();
      if (cursor === undefined || at - cursor.at > MAX_CURSOR_AGE_MS) {
        const restart = await fresh(executor, signal);
        return { changes: [], cursor: restart, more: false, expired: true, nextReadInMs: pace(executor) };
      }
      const listed = await newestTickets(executor, cursor, signal);
      if (!listed.reached) {
        const restart = await fresh(executor, signal);
        return { changes: [], cursor: restart, more: false, expired: true, nextReadInMs: pace(executor) };
      }
      const n = await ticketCount(executor, signal);
      const created = listed.changed.filter(({ ticket }) => seconds(ticket.created_at) >= cursor.u).length;
      const gone = n === null || cursor.n === null || n !== cursor.n + created;
      // The sorted list is the definition's `tickets.list`, the action the sync's listing reads
      // (through the incremental export): both answer Zendesk's `Ticket` (ticketing.yaml's
      // TicketsResponse and CursorBasedExportIncrementalTicketsResponse), parsed by the same
      // record schema, with no sideloads either way. So the listed ticket is the copy's record
      // and is handed over as it is, without a `GET /tickets/{id}` per change.
      const changes: SyncChange<SearchableEntity>[] = listed.changed.map(({ ticket, record }) => ({
        entity: 'tickets',
        id: String(ticket.id),
        operation: 'upsert',
        record,
      }));
      const tokens = Math.min(
        DELETED_BURST,
        cursor.tokens + ((at - cursor.at) * DELETED_PER_MINUTE) / 60_000,
      );
      const pending = cursor.pending || (gone && n !== null && cursor.n !== null);
      const due = (pending && tokens >= 1) || at - cursor.dAt >= DELETED_SAFETY_MS;
      let next: Cursor = {
        ...cursor,
        u: listed.newest,
        ids: [
          ...(listed.newest === cursor.u ? cursor.ids : []),
          ...listed.changed
            .filter(({ ticket }) => seconds(ticket.updated_at) === listed.newest)
            .map(({ ticket }) => ticket.id),
        ],
        n,
        tokens,
        at,
        pending,
      };
      if (due) {
        const deletions = await newestDeletions(executor, cursor, signal);
        for (const id of deletions.deleted)
          changes.push({ entity: 'tickets', id: String(id), operation: 'delete' });
        next = {
          ...next,
          d: deletions.newest,
          dIds: deletions.newestIds,
          tokens: Math.max(0, tokens - 1),
          dAt: at,
          pending: false,
        };
      }
      return { changes, cursor: encode(next), more: false, expired: false, nextReadInMs: pace(executor) };
    },
    async fetch(executor, entity, id, signal) {
      const { path, key } = RECORD_OF[entity];
      try {
        const body = await executor.transport.json<Record<string, unknown>>({
          path: `${path}${encodeURIComponent(id)}`,
          ...(signal === undefined ? {} : { signal }),
        });
        const record = body[key];
        return typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : null;
      } catch (error) {
        // Deleted since it changed: the deleted tickets list brings its delete.
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
