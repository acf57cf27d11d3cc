import { ResponseValidationError } from '@conduit/protocol';

/**
 * Options of {@link paginate}.
 *
 * @example
 * ```ts
 * const options: PaginateOptions<Task, TaskPage> = {
 *   fetchPage: (offset, signal) => transport.json({ path: '/tasks', query: { offset }, schema: TaskPage, signal }),
 *   items: (page) => page.data,
 *   nextCursor: (page) => page.next_page?.offset,
 * };
 * ```
 */
export interface PaginateOptions<Item, Page> {
  /** Fetches one page: the first with `cursor` undefined, then each cursor `nextCursor` gave. */
  fetchPage: (cursor: string | undefined, signal?: AbortSignal) => Promise<Page>;
  /** The items of a page. */
  items: (page: Page) => readonly Item[];
  /** The cursor of the next page; `undefined`, `null` or `''` when this page is the last. */
  nextCursor: (page: Page) => string | undefined | null;
  /** Stops the walk (the pending page fetch gets it too). */
  signal?: AbortSignal;
}

/**
 * Options of {@link ListResult.toArray}.
 *
 * @example
 * ```ts
 * const firstHundred = await list.toArray({ limit: 100 });
 * ```
 */
export interface ToArrayOptions {
  /** Stop after this many items (no page beyond the one holding the last of them is fetched). */
  limit?: number;
}

/**
 * A listing that is both a promise of its first page and an async iterable of all its items.
 *
 * - `await list` gives the first page, fetched once and cached;
 * - `for await (const item of list)` walks every item of every page, reusing the cached first
 *   page, and fetches nothing more after a `break`;
 * - `list.pages()` walks the pages themselves; `list.toArray({ limit })` collects items.
 *
 * Each walk fetches lazily, one page at a time; concurrent `next()` calls on one iterator are
 * served in order, never fetching a page twice.
 *
 * @example
 * ```ts
 * const tasks = paginate({ fetchPage, items: (p) => p.data, nextCursor: (p) => p.next_page?.offset });
 * const first = await tasks;                      // first page
 * for await (const task of tasks) console.log(task.name); // everything
 * const ten = await tasks.toArray({ limit: 10 });
 * ```
 */
export interface ListResult<Item, Page> extends PromiseLike<Page>, AsyncIterable<Item> {
  /** Every page, starting with the (cached) first. */
  pages(): AsyncIterable<Page>;
  /** Items of every page, up to `limit`. */
  toArray(options?: ToArrayOptions): Promise<Item[]>;
}

/**
 * Turns a page fetcher into a {@link ListResult}. Nothing is fetched until the result is awaited
 * or iterated. A server that hands back the cursor it was just given would loop forever; that
 * fails with `ResponseValidationError` instead.
 *
 * @example
 * ```ts
 * const projects = paginate({
 *   fetchPage: (offset, signal) =>
 *     asana.json({ path: '/projects', query: { workspace, limit: 100, offset }, schema: ProjectPage, signal }),
 *   items: (page) => page.data,
 *   nextCursor: (page) => page.next_page?.offset,
 * });
 * for await (const project of projects) if (project.archived) break;
 * ```
 */
export function paginate<Item, Page>(options: PaginateOptions<Item, Page>): ListResult<Item, Page> {
  let firstPage: Promise<Page> | undefined;

  const fetchFirst = (): Promise<Page> => {
    if (!firstPage) {
      const pending = fetchOne(undefined);
      firstPage = pending;
      // A failed first page is not cached: the next await or walk tries again.
      pending.catch(() => {
        if (firstPage === pending) firstPage = undefined;
      });
    }
    return firstPage;
  };

  // Not `async`: returning the page's own promise spares one more promise per page.
  const fetchOne = (cursor: string | undefined): Promise<Page> => {
    try {
      options.signal?.throwIfAborted();
      // A native promise whatever `fetchPage` returns (a thenable from plain JavaScript too): the
      // first page's is kept and caught below. `Promise.resolve` hands a native one back as it is.
      return Promise.resolve(options.fetchPage(cursor, options.signal));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  // An async generator queues concurrent next() calls and runs them one after another, which is
  // exactly the guard a page walk needs; its return() (on `break`) ends the walk before any fetch.
  async function* walkPages(): AsyncGenerator<Page, void, undefined> {
    let page = await fetchFirst();
    let cursor: string | undefined;
    for (;;) {
      yield page;
      const next = options.nextCursor(page);
      if (next === undefined || next === null || next === '') return;
      if (next === cursor) {
        throw new ResponseValidationError(`Pagination returned the cursor it was given ("${next}") again`, {
          details: [
            { field: 'cursor', message: 'the cursor did not advance', error_code: 'invalid_response' },
          ],
        });
      }
      cursor = next;
      page = await fetchOne(cursor);
    }
  }

  return {
    // biome-ignore lint/suspicious/noThenProperty: a ListResult is deliberately awaitable.
    then(onFulfilled, onRejected) {
      return fetchFirst().then(onFulfilled, onRejected);
    },
    [Symbol.asyncIterator]: () => new ItemIterator(walkPages(), options.items),
    pages: () => ({ [Symbol.asyncIterator]: () => walkPages() }),
    async toArray({ limit }: ToArrayOptions = {}) {
      const items: Item[] = [];
      if (limit !== undefined && limit <= 0) return items;
      for await (const item of new ItemIterator(walkPages(), options.items)) {
        items.push(item);
        if (limit !== undefined && items.length >= limit) break;
      }
      return items;
    },
  };
}

const noop = () => undefined;

/**
 * The items of a page walk. Not an async generator: a generator's `yield` costs several
 * microtask turns per item, which over a 200,000-item listing is more than the rest of the
 * client's work per item; here an item already fetched is one resolved promise.
 * Calls to `next()` made while a page is being fetched are answered in order after it.
 */
class ItemIterator<Item, Page> implements AsyncIterableIterator<Item> {
  readonly #pages: AsyncGenerator<Page, void, undefined>;
  readonly #itemsOf: (page: Page) => readonly Item[];
  #items: readonly Item[] = [];
  #index = 0;
  #done = false;
  /** Calls waiting for a page; while there are any, later calls queue behind them. */
  #waiting = 0;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(pages: AsyncGenerator<Page, void, undefined>, itemsOf: (page: Page) => readonly Item[]) {
    this.#pages = pages;
    this.#itemsOf = itemsOf;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Item, undefined>> {
    if (this.#waiting === 0 && this.#index < this.#items.length) {
      return Promise.resolve({ done: false, value: this.#items[this.#index++] as Item });
    }
    this.#waiting += 1;
    const result = this.#tail.then(() => this.#pull());
    this.#tail = result.then(noop, noop);
    return result.finally(() => {
      this.#waiting -= 1;
    });
  }

  async return(): Promise<IteratorResult<Item, undefined>> {
    this.#done = true;
    this.#items = [];
    await this.#pages.return();
    return { done: true, value: undefined };
  }

  async #pull(): Promise<IteratorResult<Item, undefined>> {
    while (this.#index >= this.#items.length) {
      if (this.#done) return { done: true, value: undefined };
      const page = await this.#pages.next();
      if (page.done) {
        this.#done = true;
        return { done: true, value: undefined };
      }
      this.#items = this.#itemsOf(page.value);
      this.#index = 0;
    }
    return { done: false, value: this.#items[this.#index++] as Item };
  }
}
