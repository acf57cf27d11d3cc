import { CursorExpiredError, defineConnector, ResponseValidationError } from '@conduit/protocol';
import { type RecordedRequest, startTestServer, type TestServer } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createConnectorClient } from '../connector-client';
import { createConnectorExecutor } from '../create-connector-executor';
import { PageLimitExceededError } from '../page-limit-error';
import { pageParams } from '../page-params';
import { defineConnectorAction } from '../upstream-spec';
import { cursorPaging } from './cursor-paging';
import { localPaging } from './local-paging';
import { nextUrlPaging } from './next-url-paging';
import { offsetPaging } from './offset-paging';
import { offsetTokenPaging } from './offset-token-paging';
import { pageNumberPaging } from './page-number-paging';

// Each route below plays one upstream's paging contract as its own documentation states it
// (shared/reference): the kit's strategies must walk them without knowing the upstreams.

const TOTAL = 23;
const items = Array.from({ length: TOTAL }, (_, index) => ({
  id: String(index + 1),
  name: `Item ${index + 1}`,
}));
const Item = z.looseObject({ id: z.string(), name: z.string() });

const list = (path: string, upstream: Parameters<typeof defineConnectorAction>[0]['upstream']) => ({
  description: path,
  actions: {
    list: defineConnectorAction({
      kind: 'list',
      description: `List ${path}`,
      params: z.strictObject({ ...pageParams({ maxLimit: 100 }), status: z.string().optional() }),
      record: Item,
      upstream,
    }),
  },
});

const definition = defineConnector({
  name: 'paging-test',
  connectorType: 'test',
  displayName: 'Paging test',
  entities: {
    token_items: list('/token-items', { path: '/token-items', paging: offsetTokenPaging() }),
    cursor_items: list('/cursor-items', {
      path: '/cursor-items',
      recordsAt: 'items',
      paging: cursorPaging(),
    }),
    url_items: list('/url-items', {
      path: '/url-items',
      recordsAt: 'records',
      paging: nextUrlPaging({
        pathPrefix: '/api/url-items',
        limitHeader: { name: 'x-batch', value: 'batchSize={limit}' },
      }),
    }),
    offset_items: list('/offset-items', {
      path: '/offset-items',
      recordsAt: 'results',
      paging: offsetPaging({ totalAt: 'total' }),
    }),
    numbered_items: list('/numbered-items', {
      path: '/numbered-items',
      recordsAt: 'results',
      paging: pageNumberPaging(),
    }),
    whole_items: list('/whole-items', { path: '/whole-items', paging: localPaging() }),
    greedy_items: list('/greedy-items', { path: '/greedy-items', paging: offsetTokenPaging() }),
  },
});

function size(request: RecordedRequest, param: string): number {
  return Number(request.query.get(param) ?? '100');
}

const routes = {
  // Asana: `limit` and an opaque `offset`; `next_page: {offset, path, uri}` or null.
  'GET /api/token-items': (request: RecordedRequest) => {
    const start = request.query.has('offset') ? Number(request.query.get('offset')?.slice(3)) : 0;
    const end = start + size(request, 'limit');
    return {
      json: {
        data: items.slice(start, end),
        next_page:
          end < TOTAL ? { offset: `tok${end}`, path: `/token-items?offset=tok${end}`, uri: 'x' } : null,
      },
    };
  },
  // Zendesk cursor pagination: `page[size]`, `page[after]`; `meta.has_more`, `meta.after_cursor`, `links.next`.
  'GET /api/cursor-items': (request: RecordedRequest) => {
    const after = request.query.get('page[after]');
    const start = after === null ? 0 : Number(Buffer.from(after, 'base64url').toString());
    const end = start + size(request, 'page[size]');
    const more = end < TOTAL;
    const cursor = Buffer.from(String(end)).toString('base64url');
    return {
      json: {
        items: items.slice(start, end),
        meta: { has_more: more, after_cursor: more ? cursor : null, before_cursor: null },
        links: { next: more ? `http://elsewhere.test/api/cursor-items?page[after]=${cursor}` : null },
      },
    };
  },
  // Salesforce query: `records`, `done`, `nextRecordsUrl` (a path on the instance); batch size by header.
  'GET /api/url-items': (request: RecordedRequest) => respondUrl(request, 0),
  'GET /api/url-items/:position': (request: RecordedRequest) =>
    respondUrl(request, Number(request.params.position)),
  // Plain offset: `limit` and a numeric `offset`; `total`.
  'GET /api/offset-items': (request: RecordedRequest) => {
    const start = Number(request.query.get('offset'));
    return { json: { results: items.slice(start, start + size(request, 'limit')), total: TOTAL } };
  },
  // Page numbers from 1 and `per_page`; a short page is the last.
  'GET /api/numbered-items': (request: RecordedRequest) => {
    const perPage = size(request, 'per_page');
    const start = (Number(request.query.get('page')) - 1) * perPage;
    return { json: { results: items.slice(start, start + perPage) } };
  },
  // The whole list at once.
  'GET /api/whole-items': { json: { data: items } },
  // An upstream that ignores `limit`.
  'GET /api/greedy-items': { json: { data: items, next_page: null } },
};

function respondUrl(request: RecordedRequest, start: number) {
  const batch = Number(/batchSize=(\d+)/.exec(String(request.headers['x-batch']))?.[1] ?? 2000);
  const end = start + batch;
  const done = end >= TOTAL;
  return {
    json: {
      totalSize: TOTAL,
      done,
      records: items.slice(start, end),
      ...(done ? {} : { nextRecordsUrl: `/api/url-items/${end}` }),
    },
  };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup() {
  server = await startTestServer(routes);
  const executor = createConnectorExecutor({
    definition,
    baseUrl: `${server.url}/api`,
    rateLimit: false,
    retry: false,
  });
  return { server, client: createConnectorClient(definition, executor) };
}

const ENTITIES = [
  'token_items',
  'cursor_items',
  'url_items',
  'offset_items',
  'numbered_items',
  'whole_items',
] as const;

describe('paging strategies against a real server', () => {
  for (const entity of ENTITIES) {
    it(`${entity}: walks every record exactly once, 5 at a time`, async () => {
      const { client } = await setup();
      const seen: string[] = [];
      for await (const item of client[entity].list({ limit: 5 })) seen.push(item.id);
      expect(seen).toEqual(items.map((item) => item.id));
    });

    it(`${entity}: the first page is awaitable and its offset continues the listing`, async () => {
      const { client } = await setup();
      const first = await client[entity].list({ limit: 10 });
      expect(first.records.map((item) => item.id)).toEqual(items.slice(0, 10).map((item) => item.id));
      const offset = first.meta.next_page?.offset;
      expect(offset).toBeTypeOf('string');
      const second = await client[entity].list({ limit: 10, offset: offset as string });
      expect(second.records[0]?.id).toBe('11');
    });
  }

  it('offset-token: sends limit and offset, and passes the upstream next_page on as it came', async () => {
    const { client, server } = await setup();
    const first = await client.token_items.list({ limit: 20, status: 'open' });
    expect(first.meta.next_page).toEqual({ offset: 'tok20', path: '/token-items?offset=tok20', uri: 'x' });
    await client.token_items.list({ limit: 20, offset: 'tok20' });
    const [one, two] = server.requestsTo('GET /api/token-items');
    expect(Object.fromEntries(one?.query ?? [])).toEqual({ limit: '20', status: 'open' });
    expect(Object.fromEntries(two?.query ?? [])).toEqual({ limit: '20', offset: 'tok20' });
  });

  it('cursor: sends page[size] and page[after], and ends when has_more is false', async () => {
    const { client, server } = await setup();
    expect(await client.cursor_items.list().toArray()).toHaveLength(TOTAL);
    const requests = server.requestsTo('GET /api/cursor-items');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query.get('page[size]')).toBe('100');
    await client.cursor_items.list({ limit: 20 }).toArray();
    const second = server.requestsTo('GET /api/cursor-items')[2];
    expect(second?.query.get('page[after]')).toBe(Buffer.from('20').toString('base64url'));
  });

  it('cursor: takes the cursor from links.next when meta gives none', async () => {
    server = await startTestServer({
      'GET /api/cursor-items': (request) =>
        request.query.has('page[after]')
          ? { json: { items: [items[1]], meta: { has_more: false } } }
          : {
              json: {
                items: [items[0]],
                meta: { has_more: true },
                links: { next: 'https://x.test/api/cursor-items?page[after]=abc' },
              },
            },
    });
    const executor = createConnectorExecutor({
      definition,
      baseUrl: `${server.url}/api`,
      rateLimit: false,
      retry: false,
    });
    const all = await createConnectorClient(definition, executor).cursor_items.list({ limit: 1 }).toArray();
    expect(all.map((item) => item.id)).toEqual(['1', '2']);
    expect(server.requests[1]?.query.get('page[after]')).toBe('abc');
  });

  it('cursor: refuses has_more without a cursor', async () => {
    server = await startTestServer({
      'GET /api/cursor-items': {
        json: { items: [items[0]], meta: { has_more: true }, links: { next: null } },
      },
    });
    const executor = createConnectorExecutor({
      definition,
      baseUrl: `${server.url}/api`,
      rateLimit: false,
      retry: false,
    });
    await expect(
      createConnectorClient(definition, executor).cursor_items.list({ limit: 1 }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('next-url: follows nextRecordsUrl with the batch size header until done', async () => {
    const { client, server } = await setup();
    await client.url_items.list({ limit: 10 }).toArray();
    const requests = server.requests.map((request) => request.path);
    expect(requests).toEqual(['/api/url-items', '/api/url-items/10', '/api/url-items/20']);
    expect(server.requests.every((request) => request.headers['x-batch'] === 'batchSize=10')).toBe(true);
  });

  it('next-url: never follows an offset to another origin or outside the prefix', async () => {
    const { client, server } = await setup();
    for (const forged of ['http://evil.test/api/url-items/3', '/api/other/3', 'http://[::1']) {
      await expect(client.url_items.list({ offset: forged })).rejects.toBeInstanceOf(CursorExpiredError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('offset and page-number: send their numbers, refuse offsets that are not', async () => {
    const { client, server } = await setup();
    await client.offset_items.list({ limit: 10 }).toArray();
    expect(server.requestsTo('GET /api/offset-items').map((r) => r.query.get('offset'))).toEqual([
      '0',
      '10',
      '20',
    ]);
    await client.numbered_items.list({ limit: 10 }).toArray();
    expect(server.requestsTo('GET /api/numbered-items').map((r) => r.query.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    await expect(client.offset_items.list({ offset: 'abc' })).rejects.toBeInstanceOf(CursorExpiredError);
    await expect(client.numbered_items.list({ offset: '-1' })).rejects.toBeInstanceOf(CursorExpiredError);
  });

  it('local: one upstream request per page, offsets of our own', async () => {
    const { client, server } = await setup();
    const page = await client.whole_items.list({ limit: 4 });
    expect(page.records).toHaveLength(4);
    expect(page.meta.next_page?.offset).toMatch(/^cl1\./);
    expect(server.requests[0]?.query.has('limit')).toBe(false);
    await expect(client.whole_items.list({ offset: 'tok1' })).rejects.toBeInstanceOf(CursorExpiredError);
  });

  it('refuses a page holding more records than the limit it was sent', async () => {
    const { client } = await setup();
    const error = await client.greedy_items.list({ limit: 5 }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(PageLimitExceededError);
    expect(error).toMatchObject({ code: 'page_limit_exceeded', limit: 5, received: TOTAL });
    // Without a limit the default page size (100) is sent, and 23 records are within it.
    expect((await client.greedy_items.list()).records).toHaveLength(TOTAL);
  });
});
