import { childJobs, type RawPage, readSyncPage, type SyncJobKey } from '@conduit/connector-kit';
import { AuthenticationError, ServerError } from '@conduit/protocol';
import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createZendeskExecutor } from './local-executor';
import { zendeskSyncPlan } from './sync-plan';
import { createZendeskSupport } from './zendesk-support';

let sim: ZendeskSimulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

function client(s: ZendeskSimulator, extra: { retry?: false } = {}) {
  return createZendeskSupport({
    credentials: { email: s.credentials.email, api_token: s.credentials.apiToken },
    config: { base_url: s.baseUrl },
    ...extra,
  });
}

describe('faults', () => {
  it('a 429 with Retry-After (honoured), a 503 and a reset are retried; the call succeeds', async () => {
    sim = await startZendeskSimulator();
    sim.faults.push({ status: 429, retryAfter: 1, times: 1, path: '/tickets' });
    sim.faults.push({ status: 503, times: 1, path: '/tickets' });
    sim.faults.push({ kind: 'reset', times: 1, path: '/tickets' });
    const started = Date.now();
    const page = await client(sim).tickets.list({ limit: 5 });
    expect(page.records).toHaveLength(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sim.requests.all.filter((r) => r.status === 429)).toHaveLength(1);
  }, 30_000);

  it('the account limit: 30 concurrent gets under 10 per second all succeed, the 429s waited out', async () => {
    sim = await startZendeskSimulator({ rateLimit: { perMinute: 10, windowMs: 1_000 } });
    const zendesk = client(sim);
    const ids = sim.data
      .liveTickets()
      .slice(0, 30)
      .map((t) => t.id);
    const tickets = await Promise.all(ids.map((ticket_id) => zendesk.tickets.get({ ticket_id })));
    expect(tickets.map((t) => t.id)).toEqual(ids);
  }, 30_000);

  it('a 500 that persists becomes a ServerError; an expired OAuth token an AuthenticationError', async () => {
    sim = await startZendeskSimulator();
    sim.faults.push({ status: 500, times: 1 });
    const error = await client(sim, { retry: false })
      .users.list()
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(ServerError);
    const token = sim.issueAccessToken({ ttlSeconds: 600 });
    sim.clock.advance(601_000);
    const expired = createZendeskSupport({
      credentials: { access_token: token },
      config: { base_url: sim.baseUrl },
      retry: false,
    });
    await expect(expired.tickets.get({ ticket_id: 1 })).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('the sync plan', () => {
  async function syncAll(
    s: ZendeskSimulator,
    modifiedSince: string | null,
  ): Promise<Map<string, Array<Record<string, unknown>>>> {
    const executor = createZendeskExecutor({
      credentials: { email: s.credentials.email, api_token: s.credentials.apiToken },
      baseUrl: s.baseUrl,
      rateLimit: false,
    });
    const seen = new Map<string, Array<Record<string, unknown>>>();
    const queue: SyncJobKey<'groups' | 'tickets' | 'users' | 'organizations'>[] = [zendeskSyncPlan.root];
    const done = new Set<string>();
    while (queue.length > 0) {
      const job = queue.shift()!;
      if (done.has(job.kind)) continue;
      done.add(job.kind);
      let offset: string | null = null;
      do {
        const page: RawPage = await readSyncPage(executor, zendeskSyncPlan, job, offset, {
          pageSize: 100,
          modifiedSince,
        });
        const entity = zendeskSyncPlan.listings[job.kind].entity;
        seen.set(entity, [...(seen.get(entity) ?? []), ...page.records]);
        queue.push(...childJobs(zendeskSyncPlan, job.kind, page.records));
        offset = page.nextOffset;
      } while (offset !== null);
    }
    return seen;
  }

  it('a full run reads every live ticket through the export; an incremental run sees updates and deletions', async () => {
    sim = await startZendeskSimulator({
      dataset: { tickets: 1_500 },
      rateLimit: false,
      clock: 'manual',
      startAt: '2026-02-01T00:00:00Z',
    });
    const full = await syncAll(sim, null);
    expect(full.get('tickets')!.map((t) => t.id)).toHaveLength(sim.data.tickets.length);
    expect(full.get('tickets')!.every((t) => t.status !== 'deleted')).toBe(true);
    expect(full.get('users')).toHaveLength(sim.data.users.length);
    expect(full.get('organizations')).toHaveLength(sim.data.organizations.length);
    expect(full.get('groups')).toHaveLength(sim.data.groups.length);
    const since = new Date(sim.clock.now() - 1_000).toISOString();
    sim.clock.advance(5_000);
    sim.data.updateTicket(10, { status: 'solved' });
    sim.data.deleteTicket(11);
    sim.clock.advance(120_000);
    const incremental = await syncAll(sim, since);
    expect(incremental.get('tickets')!.map((t) => [t.id, t.status])).toEqual([
      [10, 'solved'],
      [11, 'deleted'],
    ]);
  });
});
