import type { ListEnvelope } from '@conduit/protocol';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor } from './local-executor';

type Page = ListEnvelope<Record<string, unknown>>;

let small: SalesforceSimulator;
let large: SalesforceSimulator;

beforeAll(async () => {
  [small, large] = await Promise.all([
    startSalesforceSimulator({ dataset: { seed: 5, scale: { contacts: 300 } } }),
    startSalesforceSimulator({ dataset: { seed: 6, scale: { contacts: 4_500 } } }),
  ]);
});

afterAll(async () => {
  await Promise.all([small?.close(), large?.close()]);
});

function executorOf(sim: SalesforceSimulator) {
  const { clientId, clientSecret, refreshToken } = sim.credentials;
  return createSalesforceExecutor({
    credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    instanceUrl: sim.loginUrl,
  });
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Walks `contacts.list` at `limit` to the end while, between pages, records are edited (both ones
 * already handed out and ones still ahead), deleted and inserted, and says what it saw.
 */
async function walk(sim: SalesforceSimulator, limit: number, seed: number) {
  const run = executorOf(sim);
  const next = random(seed);
  const live = () => sim.data.records('Contact').filter((record) => record.IsDeleted !== true);
  const initial = new Set(live().map((record) => record.Id));
  const deleted = new Set<string>();
  const inserted = new Set<string>();
  const seen: string[] = [];
  const sizes: number[] = [];
  let edits = 0;
  let params: Record<string, unknown> = { limit };
  for (;;) {
    const page = (await run.execute({ entity: 'contacts', action: 'list', params })) as Page;
    sizes.push(page.records.length);
    for (const record of page.records) seen.push(record.Id as string);
    if (page.meta.next_page === null) break;
    params = { ...page.meta.next_page, limit };
    // Each page, about 1% of the table is edited (at least one record); every tenth page one
    // record is deleted and one inserted.
    const rows = live();
    const count = Math.max(1, Math.round(rows.length * 0.01 * Math.min(1, limit / 50)));
    for (let i = 0; i < count; i += 1) {
      const row = rows[Math.floor(next() * rows.length)];
      if (row === undefined) continue;
      sim.update(row.Id, { Title: `Edited ${edits}` });
      edits += 1;
    }
    if (sizes.length % 10 === 0) {
      const victim = rows[Math.floor(next() * rows.length)];
      if (victim !== undefined && !deleted.has(victim.Id)) {
        sim.delete(victim.Id);
        deleted.add(victim.Id);
      }
      inserted.add(sim.insert('Contact', { LastName: `Inserted ${sizes.length}` }).Id);
    }
  }
  const unique = new Set(seen);
  const skipped = [...initial].filter((id) => !deleted.has(id) && !unique.has(id));
  const unknown = [...unique].filter((id) => !initial.has(id) && !inserted.has(id));
  return { seen, unique, skipped, unknown, sizes, edits, deleted, inserted };
}

describe('contacts.list by keyset while records change', () => {
  it.each([
    [1, 'small'],
    [2, 'small'],
    [50, 'small'],
    [200, 'large'],
    [2000, 'large'],
  ] as const)(
    'limit %i: nothing skipped, nothing repeated, every page but the last exactly limit',
    async (limit, which) => {
      const sim = which === 'small' ? small : large;
      const result = await walk(sim, limit, limit);
      expect(result.edits).toBeGreaterThan(0);
      expect(result.skipped).toEqual([]);
      expect(result.seen.length - result.unique.size).toBe(0);
      expect(result.unknown).toEqual([]);
      const last = result.sizes.at(-1) as number;
      expect(result.sizes.slice(0, -1).every((size) => size === limit)).toBe(true);
      expect(last).toBeLessThanOrEqual(limit);
      // An empty last page only where a full page cannot say whether another follows (2,000).
      if (limit < 2000) expect(last).toBeGreaterThan(0);
      // Records inserted during the walk have ids ahead of the cursor here, so they come too.
      for (const id of result.inserted) if (!result.deleted.has(id)) expect(result.unique.has(id)).toBe(true);
    },
    240_000,
  );

  it('keeps the filters of the first page on every later one, from the offset alone', async () => {
    const run = executorOf(small);
    const account = small.data.records('Contact').find((record) => typeof record.AccountId === 'string')
      ?.AccountId as string;
    const expected = small.data
      .records('Contact')
      .filter((record) => record.AccountId === account && record.IsDeleted !== true).length;
    expect(expected).toBeGreaterThan(1);
    let page = (await run.execute({
      entity: 'contacts',
      action: 'list',
      params: { account_id: account, limit: 1 },
    })) as Page;
    let count = page.records.length;
    while (page.meta.next_page !== null) {
      page = (await run.execute({
        entity: 'contacts',
        action: 'list',
        params: { ...page.meta.next_page, limit: 1 },
      })) as Page;
      for (const record of page.records) expect(record.AccountId).toBe(account);
      count += page.records.length;
    }
    expect(count).toBe(expected);
  });

  it('fills a page from its own query’s nextRecordsUrl when Salesforce returns smaller batches', async () => {
    // Salesforce "may return fewer" than batchSize (crm-upstream.md §4.1): with batches capped
    // at 200, a page of 500 is one query and two follow-ups of its locator, still exactly 500.
    large.setBatchCeiling(200);
    try {
      const run = executorOf(large);
      const before = large.requests.all().length;
      const first = (await run.execute({
        entity: 'contacts',
        action: 'list',
        params: { limit: 500 },
      })) as Page;
      const second = (await run.execute({
        entity: 'contacts',
        action: 'list',
        params: { ...first.meta.next_page, limit: 500 },
      })) as Page;
      expect(first.records).toHaveLength(500);
      expect(second.records).toHaveLength(500);
      const ids = [...first.records, ...second.records].map((record) => record.Id as string);
      expect(new Set(ids).size).toBe(1000);
      expect([...ids].sort()).toEqual(ids);
      const requests = large.requests.all().slice(before);
      expect(requests.filter((request) => /\/query$/.test(request.path))).toHaveLength(2);
      expect(requests.filter((request) => /\/query\/[^/]+$/.test(request.path))).toHaveLength(4);
    } finally {
      large.setBatchCeiling(undefined);
    }
  });
});
