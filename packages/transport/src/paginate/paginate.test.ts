import { ResponseValidationError } from '@conduit/protocol';
import { startTestServer, type TestServer } from '@conduit/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createTransport } from '../create-transport';
import { paginate } from './paginate';

interface Page {
  data: { gid: string }[];
  next_page: { offset: string } | null;
}

/** Pages of `size` items out of `total`, keyed by offset strings like Asana's. */
function fakeApi(total: number, size: number) {
  const fetchPage = vi.fn(async (cursor: string | undefined): Promise<Page> => {
    const start = cursor === undefined ? 0 : Number(cursor.replace('offset-', ''));
    const data = Array.from({ length: Math.min(size, total - start) }, (_, index) => ({
      gid: String(start + index),
    }));
    const next = start + size < total ? { offset: `offset-${start + size}` } : null;
    return { data, next_page: next };
  });
  const list = paginate({
    fetchPage,
    items: (page: Page) => page.data,
    nextCursor: (page: Page) => page.next_page?.offset,
  });
  return { fetchPage, list };
}

describe('paginate', () => {
  it('awaits to the first page, fetched once and cached', async () => {
    const { fetchPage, list } = fakeApi(10, 4);
    expect(fetchPage).not.toHaveBeenCalled(); // lazy: nothing until awaited or iterated
    const first = await list;
    expect(first.data.map((item) => item.gid)).toEqual(['0', '1', '2', '3']);
    expect(await list).toBe(first);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('iterates every item of every page, reusing the first page after an await', async () => {
    const { fetchPage, list } = fakeApi(10, 4);
    await list;
    const gids: string[] = [];
    for await (const item of list) gids.push(item.gid);
    expect(gids).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([undefined, 'offset-4', 'offset-8']);
  });

  it('fetches no further page after a break', async () => {
    const { fetchPage, list } = fakeApi(100, 10);
    const gids: string[] = [];
    for await (const item of list) {
      gids.push(item.gid);
      if (gids.length === 10) break; // the last item of the first page
    }
    expect(fetchPage).toHaveBeenCalledTimes(1);
    for await (const item of list) {
      if (item.gid === '12') break;
    }
    expect(fetchPage).toHaveBeenCalledTimes(2); // the first page came from the cache
  });

  it('collects items up to a limit without fetching more pages than needed', async () => {
    const { fetchPage, list } = fakeApi(100, 10);
    expect((await list.toArray({ limit: 15 })).map((item) => item.gid)).toEqual(
      Array.from({ length: 15 }, (_, index) => String(index)),
    );
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(await list.toArray({ limit: 0 })).toEqual([]);
    expect(await list.toArray()).toHaveLength(100);
    expect(fetchPage).toHaveBeenCalledTimes(11);
  });

  it('walks pages with pages()', async () => {
    const { list } = fakeApi(7, 3);
    const sizes: number[] = [];
    for await (const page of list.pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('serves concurrent next() calls in order, never fetching a page twice', async () => {
    const { fetchPage, list } = fakeApi(6, 2);
    const iterator = list[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 7 }, () => iterator.next()));
    expect(results.map((result) => (result.done ? 'done' : result.value.gid))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      'done',
    ]);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('rejects the call that hit a failed page, then ends the walk', async () => {
    const list = paginate({
      fetchPage: async (cursor: string | undefined) => {
        if (cursor === 'second') throw new Error('page two failed');
        return { items: [1, 2], next: 'second' };
      },
      items: (page) => page.items,
      nextCursor: (page) => page.next,
    });
    const iterator = list[Symbol.asyncIterator]();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => iterator.next()));
    expect(
      results.map((result) => (result.status === 'fulfilled' ? result.value : result.reason.message)),
    ).toEqual([
      { done: false, value: 1 },
      { done: false, value: 2 },
      'page two failed',
      { done: true, value: undefined },
    ]);
  });

  it('does not cache a failed first page', async () => {
    let calls = 0;
    const list = paginate({
      fetchPage: async () => {
        calls += 1;
        if (calls === 1) throw new Error('flaky');
        return { items: [1, 2] };
      },
      items: (page) => page.items,
      nextCursor: () => undefined,
    });
    await expect(Promise.resolve(list)).rejects.toThrow('flaky');
    expect(await list.toArray()).toEqual([1, 2]);
  });

  it('stops with an abort, passing the signal to fetchPage', async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    const list = paginate({
      fetchPage: async (cursor, signal) => {
        signals.push(signal);
        return { items: [cursor ?? 'first'], next: `${cursor ?? ''}x` };
      },
      items: (page) => page.items,
      nextCursor: (page) => page.next,
      signal: controller.signal,
    });
    const seen: string[] = [];
    const walk = (async () => {
      for await (const item of list) {
        seen.push(item);
        if (seen.length === 3) controller.abort(new DOMException('enough', 'AbortError'));
      }
    })();
    await expect(walk).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['first', 'x', 'xx']);
    expect(signals.every((signal) => signal === controller.signal)).toBe(true);
  });

  it('takes a fetchPage that answers with a thenable or throws, as plain JavaScript may', async () => {
    const pages: Page[] = [
      { data: [{ gid: '1' }], next_page: { offset: 'b' } },
      { data: [{ gid: '2' }], next_page: null },
    ];
    let calls = 0;
    const list = paginate({
      // Not a native promise: a thenable, as a hand-rolled client might return.
      fetchPage: (() => {
        const page = pages[calls++] as Page;
        // biome-ignore lint/suspicious/noThenProperty: the point of the test is a thenable.
        return { then: (resolve: (value: Page) => void) => resolve(page) };
      }) as unknown as (cursor: string | undefined) => Promise<Page>,
      items: (page: Page) => page.data,
      nextCursor: (page: Page) => page.next_page?.offset,
    });
    expect((await list.toArray()).map((item) => item.gid)).toEqual(['1', '2']);
    const failing = paginate<{ gid: string }, Page>({
      fetchPage: () => {
        throw new RangeError('bug in fetchPage');
      },
      items: (page) => page.data,
      nextCursor: () => undefined,
    });
    await expect(failing).rejects.toThrow('bug in fetchPage');
  });

  it('fails instead of looping when the cursor does not advance', async () => {
    const list = paginate({
      fetchPage: async () => ({ items: [1], next: 'same' }),
      items: (page) => page.items,
      nextCursor: (page) => page.next,
    });
    await expect(list.toArray()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('paginate over the transport', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('walks an offset-paginated API end to end', async () => {
    const all = Array.from({ length: 23 }, (_, index) => ({ gid: String(index), name: `task ${index}` }));
    server = await startTestServer({
      'GET /api/1.0/tasks': (request) => {
        const limit = Number(request.query.get('limit'));
        const start = Number(request.query.get('offset') ?? '0');
        const next = start + limit < all.length ? { offset: String(start + limit), path: '/tasks' } : null;
        return { json: { data: all.slice(start, start + limit), next_page: next } };
      },
    });
    const transport = createTransport({ baseUrl: `${server.url}/api/1.0` });
    const TaskPage = z.object({
      data: z.array(z.object({ gid: z.string(), name: z.string() })),
      next_page: z.object({ offset: z.string() }).nullable(),
    });
    const tasks = paginate({
      fetchPage: (offset, signal) =>
        transport.json({
          path: '/tasks',
          query: { limit: 10, offset },
          schema: TaskPage,
          ...(signal ? { signal } : {}),
        }),
      items: (page) => page.data,
      nextCursor: (page) => page.next_page?.offset,
    });
    expect((await tasks).data).toHaveLength(10);
    expect((await tasks.toArray()).map((task) => task.name)).toEqual(all.map((task) => task.name));
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/1.0/tasks?limit=10',
      '/api/1.0/tasks?limit=10&offset=10',
      '/api/1.0/tasks?limit=10&offset=20',
    ]);
  });
});
