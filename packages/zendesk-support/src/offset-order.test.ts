import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { simulatedZendesk } from './test-support/simulated-zendesk';
import { ticketingSpec } from './test-support/ticketing-spec';

// Zendesk's offset order (`sort_by`, `sort_order`) and the list filters clients written against its
// API send (Airbyte's Python SDK among them; docs/airbyte-python-sdk.md): each list given them is
// read by Zendesk's numbered pages, which are the only ones Zendesk orders so.

const spec = ticketingSpec('Zendesk offset order: spec conformance');

const zd = simulatedZendesk(60);

type Row = Record<string, unknown> & { id: number };
type Page = { records: Row[]; meta: { next_page: { offset: string } | null } };
const list = (entity: string, params: Record<string, unknown>) =>
  zd.zendesk.execute(entity as 'tickets', 'list', params) as Promise<Page>;

/** Every record of a list, walked by `meta.next_page` from `params`. */
async function walk(entity: string, params: Record<string, unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  let offset: string | undefined;
  do {
    const page = await list(entity, offset === undefined ? params : { ...params, offset });
    rows.push(...page.records);
    offset = page.meta.next_page?.offset;
  } while (offset !== undefined);
  return rows;
}

/** Whether `values` are in order (`sign` 1 ascending, -1 descending), by JavaScript's comparison. */
function ordered(values: readonly (string | number)[], sign: 1 | -1): boolean {
  return values.every((value, index) => {
    if (index === 0) return true;
    const previous = values[index - 1]!;
    return sign === 1 ? !(value < previous) : !(value > previous);
  });
}

const lastRequest = () => zd.sim.requests.all.at(-1)!;

describe('Zendesk offset order on a list', () => {
  it('orders tickets by sort_by and sort_order, over every page, none skipped or repeated', async () => {
    const all = await walk('tickets', {});
    const bySubject = await walk('tickets', { sort_by: 'subject', per_page: 7 });
    expect(bySubject.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      all.map((t) => t.id).sort((a, b) => a - b),
    );
    expect(
      ordered(
        bySubject.map((t) => String(t.subject)),
        1,
      ),
    ).toBe(true);
    const newest = await walk('tickets', { sort_by: 'updated_at', sort_order: 'desc', limit: 25 });
    expect(newest).toHaveLength(all.length);
    expect(
      ordered(
        newest.map((t) => String(t.updated_at)),
        -1,
      ),
    ).toBe(true);
    // Read by Zendesk's numbered pages, with its own names: no cursor param is sent.
    const query = lastRequest().query;
    expect(query.get('sort_by')).toBe('updated_at');
    expect(query.get('sort_order')).toBe('desc');
    expect(query.has('page')).toBe(true);
    expect(query.has('page[size]')).toBe(false);
  });

  it('takes them beside page and per_page as the SDK sends them', async () => {
    const pages = [1, 2, 3].map((page) =>
      list('tickets', { page, per_page: 5, sort_by: 'id', sort_order: 'desc' }),
    );
    const ids = (await Promise.all(pages)).flatMap((page) => page.records.map((t) => t.id));
    const all = (await walk('tickets', {})).map((t) => t.id).sort((a, b) => b - a);
    expect(ids).toEqual(all.slice(0, 15));
  });

  it("orders a ticket's comments by sort_order alone (their order field is fixed)", async () => {
    const oldest = await walk('ticket_comments', { ticket_id: 2 });
    expect(oldest.length).toBeGreaterThan(1);
    const newest = await walk('ticket_comments', { ticket_id: 2, sort_order: 'desc' });
    expect(newest.map((c) => c.id)).toEqual(oldest.map((c) => c.id).reverse());
  });

  it('orders views and macros by their own sort_by values, with the documented default directions', async () => {
    const views = await walk('views', { sort_by: 'alphabetical' });
    expect(views.length).toBeGreaterThan(2);
    expect(
      ordered(
        views.map((v) => String(v.title)),
        1,
      ),
    ).toBe(true);
    const byPosition = await walk('views', {});
    const reversed = await walk('views', { sort_by: 'position', sort_order: 'desc' });
    expect(reversed.map((v) => v.id)).toEqual(byPosition.map((v) => v.id).reverse());
    // created_at sorts newest first unless told otherwise.
    const created = await walk('views', { sort_by: 'created_at' });
    expect(
      ordered(
        created.map((v) => String(v.created_at)),
        -1,
      ),
    ).toBe(true);
    const macros = await walk('macros', { sort_by: 'alphabetical', sort_order: 'desc' });
    expect(
      ordered(
        macros.map((m) => String(m.title)),
        -1,
      ),
    ).toBe(true);
    expect((await walk('macros', { sort_by: 'usage_7d' })).map((m) => m.id).sort()).toEqual(
      macros.map((m) => m.id).sort(),
    );
  });

  it('forwards the list filters of views, macros and ticket fields', async () => {
    const views = await walk('views', {});
    const shared = await walk('views', { access: 'shared' });
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.length).toBeLessThan(views.length);
    const group = (shared[0]!.restriction as { id: number }).id;
    expect((await walk('views', { group_id: group })).map((v) => v.id)).toEqual(shared.map((v) => v.id));
    const macros = await walk('macros', {});
    const viewable = await walk('macros', { only_viewable: true });
    expect(viewable.every((m) => m.active === true)).toBe(true);
    expect(viewable.length).toBeLessThan(macros.length);
    // The simulator's macros have no category, so one asked for holds none.
    expect(await walk('macros', { category: 7 })).toEqual([]);
    expect(lastRequest().query.get('category')).toBe('7');
    const fields = await walk('ticket_fields', { locale: 'de' });
    expect(fields.length).toBeGreaterThan(0);
    expect(lastRequest().query.get('locale')).toBe('de');
  });

  it('refuses, naming the param: sort beside sort_by, a sort_by the list lacks, start_time beside either', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['tickets', { sort: 'id', sort_by: 'id' }, 'params.sort_by'],
      ['ticket_comments', { ticket_id: 2, sort: 'created_at', sort_order: 'asc' }, 'params.sort_order'],
      ['tickets', { sort_by: 'position' }, 'params.sort_by'],
      ['views', { sort_by: 'subject' }, 'params.sort_by'],
      ['macros', { sort_order: 'up' }, 'params.sort_order'],
      ['tickets', { start_time: 0, sort_by: 'id' }, 'params.start_time'],
      ['users', { sort_by: 'id' }, 'params.sort_by'],
    ];
    for (const [entity, params, field] of cases) {
      const error = await list(entity, params).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(params)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details?.[0]?.field, JSON.stringify(params)).toBe(field);
    }
  });

  it.skipIf(spec.missing)(
    'sends only what ticketing.yaml allows',
    async () => {
      zd.sim.requests.clear();
      await walk('tickets', { sort_by: 'requester.name', sort_order: 'asc', per_page: 20 });
      await walk('ticket_comments', { ticket_id: 2, sort_order: 'desc' });
      await walk('views', { sort_by: 'updated_at', access: 'account', active: true });
      await walk('macros', { sort_by: 'usage_24h', only_viewable: false, category: 3 });
      await walk('ticket_fields', { locale: 'de' });
      expect(await spec.issues(zd.sim)).toEqual([]);
    },
    60_000,
  );
});
