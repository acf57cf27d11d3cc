import type { ListEnvelope } from '@conduit/protocol';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor } from './local-executor';

// The `query` entity runs the caller's own SOQL: its pages hold exactly `limit` records (1 to
// 2,000) but the last, whatever batches Salesforce cuts the result into (200 at the least), and a
// walk hands out every row of the result once, in the query's order.

type Page = ListEnvelope<Record<string, unknown>>;

let one: SalesforceSimulator;
let many: SalesforceSimulator;

beforeAll(async () => {
  [one, many] = await Promise.all([
    startSalesforceSimulator({ dataset: { preset: 'empty', seed: 8, scale: { contacts: 150 } } }),
    startSalesforceSimulator({ dataset: { preset: 'empty', seed: 9, scale: { contacts: 2_300 } } }),
  ]);
});

afterAll(async () => {
  await Promise.all([one?.close(), many?.close()]);
});

async function walk(sim: SalesforceSimulator, limit: number, q: string) {
  const { clientId, clientSecret, refreshToken } = sim.credentials;
  const run = createSalesforceExecutor({
    credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    instanceUrl: sim.loginUrl,
  });
  const before = sim.requests.all().length;
  const ids: string[] = [];
  const sizes: number[] = [];
  let params: Record<string, unknown> = { q, limit };
  for (;;) {
    const page = (await run.execute({ entity: 'query', action: 'list', params })) as Page;
    sizes.push(page.records.length);
    for (const record of page.records) ids.push(record.Id as string);
    if (page.meta.next_page === null) break;
    params = { q, limit, offset: page.meta.next_page.offset };
  }
  const requests = sim.requests.all().slice(before);
  const queries = requests.filter((request) => /\/query$/.test(request.path)).length;
  return { ids, sizes, queries };
}

const expected = (sim: SalesforceSimulator) =>
  sim.data
    .records('Contact')
    .map((record) => record.Id as string)
    .sort();

describe('query.list pages of exactly limit', () => {
  it.each([1, 2, 7, 149, 150, 151, 2000])(
    'one batch (150 rows), limit %i',
    { timeout: 60_000 },
    async (limit) => {
      const { ids, sizes } = await walk(one, limit, 'SELECT Id FROM Contact ORDER BY Id');
      expect(ids).toEqual(expected(one));
      expect(sizes.slice(0, -1).every((size) => size === limit)).toBe(true);
      expect(sizes.at(-1)).toBeLessThanOrEqual(limit);
      expect(sizes.at(-1)).toBeGreaterThan(0);
    },
  );

  it.each([2, 199, 200, 201, 450, 2000])(
    'batches of a cursor (2,300 rows), limit %i',
    { timeout: 60_000 },
    async (limit) => {
      const { ids, sizes, queries } = await walk(many, limit, 'SELECT Id FROM Contact ORDER BY Id');
      expect(ids).toEqual(expected(many));
      expect(new Set(ids).size).toBe(ids.length);
      expect(sizes.slice(0, -1).every((size) => size === limit)).toBe(true);
      // The query runs once: every later page reads Salesforce's cursor at its position.
      expect(queries).toBe(1);
    },
  );

  it('refuses an offset that is not one of its own, naming it', async () => {
    const { clientId, clientSecret, refreshToken } = many.credentials;
    const run = createSalesforceExecutor({
      credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
      instanceUrl: many.loginUrl,
    });
    await expect(
      run.execute({
        entity: 'query',
        action: 'list',
        params: { q: 'SELECT Id FROM Contact', offset: 'q1.bm90LWpzb24' },
      }),
    ).rejects.toMatchObject({ details: [{ field: 'params.offset' }] });
  });
});
