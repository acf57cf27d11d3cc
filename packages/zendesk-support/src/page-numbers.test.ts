import { type ConnectorDefinition, ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { zendeskDefinition } from './definition/definition';
import { simulatedZendesk } from './test-support/simulated-zendesk';
import { ticketingSpec } from './test-support/ticketing-spec';

// Zendesk's page numbers (`page` with `per_page`), as clients written against its offset
// pagination send them (Airbyte's Python SDK among them; docs/airbyte-python-sdk.md).

const spec = ticketingSpec('Zendesk page numbers: spec conformance');

const zd = simulatedZendesk(130);

type Row = Record<string, unknown>;
type Page = { records: Row[]; meta: { next_page: { offset: string } | null } };
const list = (entity: string, params: Record<string, unknown>) =>
  zd.zendesk.execute(entity as 'tickets', 'list', params) as Promise<Page>;
const keyOf = (row: Row) => String(row.id ?? row.name);

/** Every record, page after page: by page number as the SDK asks (`page` 1, 2, …), or by offset. */
async function walk(entity: string, params: Record<string, unknown>, by: 'page' | 'offset' | 'cursor') {
  const seen: string[] = [];
  let offset: string | undefined;
  for (let number = 1; number <= 100; number += 1) {
    const asked =
      by === 'page'
        ? { ...params, page: number }
        : by === 'offset' && offset === undefined
          ? { ...params, page: 1 }
          : { ...params, ...(offset === undefined ? {} : { offset }) };
    const page = await list(entity, asked);
    expect(page.records.length, `${entity} page ${number}`).toBeLessThanOrEqual(
      (params.per_page ?? params.limit ?? 100) as number,
    );
    seen.push(...page.records.map(keyOf));
    if (page.meta.next_page === null) return seen;
    offset = page.meta.next_page.offset;
  }
  throw new Error(`${entity}: more than 100 pages`);
}

/** The params each list needs, with a page size that makes several pages of the simulator's data. */
function paramsOf(entity: string): Record<string, unknown> {
  if (entity === 'ticket_comments' || entity === 'ticket_audits') return { ticket_id: 1, per_page: 2 };
  if (['tickets', 'users', 'ticket_metrics'].includes(entity)) return { per_page: 20 };
  return { per_page: 2 };
}

describe('page numbers on a Zendesk list', () => {
  it('are declared on every list', () => {
    const entities: ConnectorDefinition['entities'] = zendeskDefinition.entities;
    for (const [entity, { actions }] of Object.entries(entities)) {
      if (actions.list) expect(Object.keys(actions.list.params.shape), entity).toContain('page');
    }
  });

  it('walk every list, page 1, 2, … as the SDK asks, with no record skipped or repeated', async () => {
    const entities: ConnectorDefinition['entities'] = zendeskDefinition.entities;
    for (const [entity, { actions }] of Object.entries(entities)) {
      if (!actions.list) continue;
      const params = paramsOf(entity);
      const [byNumber, byOffset, byCursor] = await Promise.all([
        walk(entity, params, 'page'),
        walk(entity, params, 'offset'),
        walk(entity, params, 'cursor'),
      ]);
      expect(byNumber.length, entity).toBeGreaterThan(0);
      expect(new Set(byNumber).size, entity).toBe(byNumber.length);
      // The offset of a numbered page goes on to the next number: the same walk.
      expect(byOffset, entity).toEqual(byNumber);
      // The same records as the cursor walk (ticket fields come by position there, by id here).
      expect([...byNumber].sort(), entity).toEqual([...byCursor].sort());
    }
  }, 120_000);

  it('page n holds the records after page n-1, in the order of the cursor pages', async () => {
    const first = await list('tickets', { limit: 30 });
    const second = await list('tickets', { page: 2, per_page: 10 });
    expect(second.records.map(keyOf)).toEqual(first.records.slice(10, 20).map(keyOf));
    const descending = await list('tickets', { page: 1, per_page: 5, sort: '-id' });
    const ids = descending.records.map((ticket) => ticket.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(Math.max(...(await walk('tickets', { per_page: 100 }, 'page')).map(Number)));
    const newest = await list('ticket_comments', {
      ticket_id: 1,
      page: 1,
      per_page: 100,
      sort: '-created_at',
    });
    const oldest = await list('ticket_comments', { ticket_id: 1, page: 1, per_page: 100 });
    expect(newest.records.map(keyOf)).toEqual(oldest.records.map(keyOf).reverse());
    // The last page says so.
    const count = (await walk('tickets', { per_page: 100 }, 'cursor')).length;
    const last = await list('tickets', { page: Math.ceil(count / 10), per_page: 10 });
    expect(last.meta.next_page).toBeNull();
    expect(last.records.length).toBe(count % 10 || 10);
  });

  it('are refused where Zendesk has none, and past page 100, naming the param', async () => {
    for (const [entity, params, field] of [
      ['tickets', { page: 101 }, 'params.page'],
      ['tickets', { page: 0 }, 'params.page'],
      ['tickets', { page: 2, start_time: 0 }, 'params.page'],
      ['ticket_audits', { page: 1 }, 'params.page'],
    ] as const) {
      const error = await list(entity, params).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(params)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details?.[0]?.field, JSON.stringify(params)).toBe(field);
    }
  });

  it.skipIf(spec.missing)(
    'send only what ticketing.yaml and the reference allow',
    async () => {
      zd.sim.requests.clear();
      await walk('tickets', { per_page: 50, sort: '-updated_at' }, 'page');
      await walk('ticket_comments', { ticket_id: 2, per_page: 1, sort: '-created_at' }, 'page');
      await walk('ticket_audits', { ticket_id: 2, per_page: 1 }, 'page');
      await walk('users', { per_page: 30, role: 'agent' }, 'page');
      expect(zd.sim.requests.all.some((request) => request.query.has('page'))).toBe(true);
      expect(await spec.issues(zd.sim)).toEqual([]);
    },
    60_000,
  );
});
