import { readSyncPage, type SyncChangePage } from '@conduit/connector-kit';
import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createZendeskExecutor } from './local-executor';
import { zendeskSyncPlan } from './sync-plan';
import { ticketingSpec } from './test-support/ticketing-spec';
import { WATCH_SHARE, watchIntervalMs, zendeskChangeStream } from './ticket-change-stream';

const spec = ticketingSpec('Zendesk ticket change stream: requests valid for ticketing.yaml');

let sim: ZendeskSimulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** A simulator, an executor on it and the stream, with a clock the test moves. */
async function setUp(options: Parameters<typeof startZendeskSimulator>[0] = {}) {
  // The simulator's clock is the stream's: the upstream's rate-limit windows move with the test.
  sim = await startZendeskSimulator({ dataset: { tickets: 300 }, clock: 'manual', ...options });
  const s = sim;
  const executor = createZendeskExecutor({
    credentials: { email: s.credentials.email, api_token: s.credentials.apiToken },
    baseUrl: s.baseUrl,
    rateLimit: false,
  });
  const clock = { advance: (ms: number) => s.clock.advance(ms), now: () => s.clock.now() };
  const stream = zendeskChangeStream({ now: clock.now });
  const read = (cursor: string | null): Promise<SyncChangePage> => stream.read(executor, '', cursor);
  const requests = (pattern: RegExp) => s.requests.all.filter((request) => pattern.test(request.path)).length;
  return { sim: s, executor, stream, clock, read, requests };
}

const ids = (page: SyncChangePage, operation: 'upsert' | 'delete') =>
  page.changes.filter((change) => change.operation === operation).map((change) => change.id);

describe('the Zendesk change stream', () => {
  it('is the sync plan’s, one scope for the whole account', () => {
    expect(zendeskSyncPlan.changes).toBeDefined();
    expect(zendeskSyncPlan.changes?.scopeEntity).toBeUndefined();
  });

  it('starts expired, then an idle read costs the sorted list and the count, no deleted tickets', async () => {
    const { sim, read, requests, clock } = await setUp();
    const first = await read(null);
    expect(first).toMatchObject({ changes: [], expired: true, more: false });
    sim.requests.clear();
    clock.advance(5_000);
    const idle = await read(first.cursor);
    expect(idle).toMatchObject({ changes: [], expired: false });
    expect(sim.requests.all.map((request) => request.path.replace(/\.json$/, ''))).toEqual([
      '/api/v2/tickets',
      '/api/v2/tickets/count',
    ]);
    expect(requests(/deleted_tickets/)).toBe(0);
  });

  it('edits, new comments and new attachments are upserts with the listed ticket, read once', async () => {
    const { sim, read, stream, executor, clock } = await setUp();
    const { cursor } = await read(null);
    const [edited, commented, attached] = sim.data.liveTickets().slice(10, 13);
    sim.data.updateTicket(edited!.id, { subject: 'the new subject' });
    sim.data.addComment(commented!.id, { body: 'a new comment' });
    sim.data.addComment(attached!.id, {
      body: 'with a file',
      attachments: [{ fileName: 'invoice.pdf', size: 1_234 }],
    });
    const created = sim.data.addTicket({ subject: 'a brand new ticket' });
    clock.advance(5_000);
    sim.requests.clear();
    const page = await read(cursor);
    expect(page.expired).toBe(false);
    expect(ids(page, 'upsert').sort()).toEqual(
      [edited!.id, commented!.id, attached!.id, created.id].map(String).sort(),
    );
    // A new ticket moves the count as expected: no deleted tickets read for it.
    expect(ids(page, 'delete')).toEqual([]);
    // Each upsert carries its ticket as listed: the sorted list and the count, nothing read again.
    expect(sim.requests.all.map((request) => request.path.replace(/\.json$/, ''))).toEqual([
      '/api/v2/tickets',
      '/api/v2/tickets/count',
    ]);
    const handed = new Map(page.changes.map((change) => [change.id, change.record]));
    expect(handed.get(String(edited!.id))).toMatchObject({ id: edited!.id, subject: 'the new subject' });
    expect(handed.get(String(created.id))).toMatchObject({ id: created.id, subject: 'a brand new ticket' });
    // The record is the one the sync's own ticket listing (the incremental export) stores, and
    // the one `fetch` reads: the same fields, the same values.
    clock.advance(65_000); // past the minute the export withholds
    const exported = await readSyncPage(executor, zendeskSyncPlan, { kind: 'tickets', parent: '' }, null, {
      pageSize: 100,
      modifiedSince: null,
    });
    for (const change of page.changes) {
      expect(change.record).toEqual(exported.records.find((record) => String(record.id) === change.id));
    }
    expect(handed.get(String(edited!.id))).toEqual(
      await stream.fetch(executor, 'tickets', String(edited!.id)),
    );
    // Seen once: the next read has nothing.
    clock.advance(5_000);
    expect((await read(page.cursor)).changes).toEqual([]);
  });

  it('a deletion: the count drops, the deleted tickets list gives the delete, fetch answers null', async () => {
    const { sim, read, stream, executor, clock, requests } = await setUp();
    const { cursor } = await read(null);
    const gone = sim.data.liveTickets()[20]!;
    sim.data.deleteTicket(gone.id);
    clock.advance(5_000);
    const before = requests(/deleted_tickets/);
    const page = await read(cursor);
    expect(ids(page, 'delete')).toEqual([String(gone.id)]);
    expect(requests(/deleted_tickets/) - before).toBe(1);
    expect(await stream.fetch(executor, 'tickets', String(gone.id))).toBeNull();
    clock.advance(5_000);
    expect((await read(page.cursor)).changes).toEqual([]);
  });

  it('many deletions: every one is reported, deleted tickets read at most 10 times in any minute', async () => {
    const { sim, read, clock } = await setUp({ rateLimit: {} });
    let { cursor } = await read(null);
    const victims = sim.data
      .liveTickets()
      .slice(30, 60)
      .map((ticket) => ticket.id);
    const reported: string[] = [];
    const readsAt: number[] = [];
    for (let tick = 0; tick < 40; tick += 1) {
      const victim = victims[tick];
      if (victim !== undefined) sim.data.deleteTicket(victim);
      clock.advance(5_000);
      const before = sim.requests.all.length;
      const page = await read(cursor);
      if (sim.requests.all.slice(before).some((request) => request.path.includes('deleted_tickets')))
        readsAt.push(clock.now());
      reported.push(...ids(page, 'delete'));
      cursor = page.cursor;
    }
    expect(reported.sort()).toEqual(victims.map(String).sort());
    for (const at of readsAt) {
      expect(readsAt.filter((other) => other >= at && other < at + 60_000).length).toBeLessThanOrEqual(10);
    }
    expect(sim.requests.all.filter((request) => request.status === 429)).toEqual([]);
  }, 120_000);

  it('paces idle reads to ≤ 8% of the account’s limit from X-Rate-Limit (Team plan, 200 a minute)', async () => {
    const { sim, read, clock } = await setUp({ rateLimit: { perMinute: 200 } });
    let page = await read(null);
    expect(page.nextReadInMs).toBe(watchIntervalMs({ perMinute: 200, remaining: undefined }));
    expect(page.nextReadInMs).toBeGreaterThan(5_000);
    sim.requests.clear();
    const start = clock.now();
    // The watcher waits its 5 s, or longer when the stream asks.
    while (clock.now() - start < 10 * 60_000) {
      clock.advance(Math.max(5_000, page.nextReadInMs ?? 0));
      page = await read(page.cursor);
      expect(page.changes).toEqual([]);
    }
    const at = sim.requests.all.map((request) => request.at);
    expect(at.length).toBeGreaterThan(0);
    // Every minute, sliding: at most 8% of 200 requests (the deleted-tickets safety net included).
    for (const from of at) {
      expect(at.filter((t) => t >= from && t < from + 60_000).length).toBeLessThanOrEqual(WATCH_SHARE * 200);
    }
    expect(sim.requests.all.filter((request) => request.status === 429)).toEqual([]);
  }, 60_000);

  it('keeps the 5 s watch on an Enterprise plan (700 a minute), and follows the limit the account reports', async () => {
    const { sim, read, clock } = await setUp({ rateLimit: { perMinute: 700 } });
    const first = await read(null);
    expect(first.nextReadInMs).toBeLessThanOrEqual(5_000);
    expect(first.nextReadInMs).toBeGreaterThan(0);
    // The plan changes (the header says so): the next read paces by it.
    sim.setRateLimit({ perMinute: 200 });
    clock.advance(5_000);
    const next = await read(first.cursor);
    expect(next.nextReadInMs).toBe(watchIntervalMs({ perMinute: 200, remaining: undefined }));
    // Reads 5 s apart on 700 a minute: 12 reads of 2 and a deleted tickets read in a minute, 25
    // requests (3.6%); on 200 a minute, 8.6 s apart: 7 reads and one deleted tickets read, 15 (7.5%).
    expect(2 * Math.ceil(60_000 / 5_000) + 1).toBeLessThanOrEqual(WATCH_SHARE * 700);
    expect(2 * Math.ceil(60_000 / next.nextReadInMs!) + 1).toBeLessThanOrEqual(WATCH_SHARE * 200);
  });

  it('a cursor that does not parse, is older than 30 days or trails 1,000 changes is expired', async () => {
    const { sim, read, clock } = await setUp({ dataset: { tickets: 1_200 } });
    expect(await read('not a cursor')).toMatchObject({ changes: [], expired: true });
    const { cursor } = await read(null);
    clock.advance(31 * 86_400_000);
    expect(await read(cursor)).toMatchObject({ changes: [], expired: true });
    const recent = (await read(null)).cursor;
    for (const ticket of sim.data.liveTickets().slice(0, 1_050))
      sim.data.updateTicket(ticket.id, { priority: 'high' });
    clock.advance(5_000);
    const behind = await read(recent);
    expect(behind).toMatchObject({ changes: [], expired: true });
    clock.advance(5_000);
    expect(await read(behind.cursor)).toMatchObject({ changes: [], expired: false });
  }, 60_000);

  it('a 429 during a read is waited out (Retry-After) and the read completes', async () => {
    const { sim, read, clock } = await setUp();
    const { cursor } = await read(null);
    const edited = sim.data.liveTickets()[5]!;
    sim.data.updateTicket(edited.id, { status: 'solved' });
    sim.faults.push({ status: 429, retryAfter: 1, times: 1, path: '/tickets/count' });
    clock.advance(5_000);
    const page = await read(cursor);
    expect(ids(page, 'upsert')).toEqual([String(edited.id)]);
    expect(sim.requests.all.filter((request) => request.status === 429)).toHaveLength(1);
  }, 20_000);

  it.skipIf(spec.missing)(
    'every request the stream sends is valid for ticketing.yaml',
    async () => {
      const { sim, read, stream, executor, clock } = await setUp();
      const { cursor } = await read(null);
      const ticket = sim.data.liveTickets()[3]!;
      sim.data.deleteTicket(sim.data.liveTickets()[4]!.id);
      sim.data.updateTicket(ticket.id, { subject: 'checked' });
      clock.advance(5_000);
      await read(cursor);
      await stream.fetch(executor, 'tickets', String(ticket.id));
      await stream.fetch(executor, 'users', String(sim.data.users[0]!.id));
      await stream.fetch(executor, 'organizations', String(sim.data.organizations[0]!.id));
      await stream.fetch(executor, 'groups', String(sim.data.groups[0]!.id));
      expect(sim.requests.all.length).toBeGreaterThan(5);
      expect(await spec.issues(sim)).toEqual([]);
    },
    60_000,
  );
});
