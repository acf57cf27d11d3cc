import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { HostedClient } from '@conduit/hosted';
import { type ChangePage, ChangePageSchema, CreatedConnectorSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { collectionLayout } from '../search/collection-layout';
import { createSearchExtension } from '../search/search-extension';
import { SearchIndexWriter } from '../search/search-index-writer';
import { writeRecords } from '../search/test-support/search-fixture';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

const FIELDS = SEARCHABLE_FIELDS.tasks;
const task = (gid: string, name: string) => ({ gid, name, completed: false, resource_type: 'task' });

async function removeRecords(
  store: Store,
  connectorId: string,
  entity: string,
  ids: string[],
): Promise<void> {
  const writer = new SearchIndexWriter(store.dialect);
  await store.db.transaction(async (tx) => {
    const collection = await writer.collection(tx, connectorId, entity, collectionLayout(FIELDS));
    await writer.remove(tx, collection, ids);
  });
}

async function startApp(store: Store, keyring?: TestApp['keyring']): Promise<TestApp> {
  const extensions = [createExecuteExtension(), createSearchExtension()];
  await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
  return startTestApp(store, { extensions, ...(keyring ? { keyring } : {}) });
}

describe.each(['sqlite', 'postgres'] as const)('the change feed on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;
  let token: string;
  let connectorId: string;

  const changes = async (query = '', app = t, id = connectorId) => {
    const response = await app.request('GET', `/api/v1/connectors/sources/${id}/changes${query}`, { token });
    return response;
  };
  const page = async (query = '', app = t, id = connectorId): Promise<ChangePage> => {
    const response = await changes(query, app, id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return ChangePageSchema.parse(response.body);
  };

  beforeAll(async () => {
    location = await testStoreLocation(kind, `changes_${kind}`);
    store = await location.open();
    t = await startApp(store);
    token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'feed', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    connectorId = CreatedConnectorSchema.parse(created.body).id;
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('answers upserts with the record, then deletes as tombstones, each with the cursor after it', async () => {
    const empty = await page();
    expect(empty.changes).toEqual([]);

    await writeRecords(store, connectorId, 'tasks', FIELDS, [
      task('1', 'One'),
      task('2', 'Two'),
      task('3', 'Three'),
    ]);
    const first = await page();
    expect(first.changes.map((change) => [change.entity, change.id, change.operation])).toEqual([
      ['tasks', '1', 'upsert'],
      ['tasks', '2', 'upsert'],
      ['tasks', '3', 'upsert'],
    ]);
    expect(first.changes[1]?.record).toMatchObject({ gid: '2', name: 'Two' });
    expect(first.next_cursor).toBe(first.changes[2]?.next_cursor);
    expect(Number.isNaN(Date.parse(first.changes[0]!.changed_at))).toBe(false);

    // Nothing new: the same cursor comes back, so a follower can keep asking.
    const idle = await page(`?cursor=${first.next_cursor}`);
    expect(idle).toEqual({ changes: [], next_cursor: first.next_cursor });

    await writeRecords(
      store,
      connectorId,
      'tasks',
      FIELDS,
      [task('2', 'Two, renamed'), task('3', 'Three')],
      2,
    );
    await removeRecords(store, connectorId, 'tasks', ['1']);
    const next = await page(`?cursor=${first.next_cursor}`);
    // An unchanged record (3) is no change.
    expect(next.changes.map((change) => [change.id, change.operation, change.record?.name ?? null])).toEqual([
      ['2', 'upsert', 'Two, renamed'],
      ['1', 'delete', null],
    ]);

    // From the start the feed holds each record once, in its latest state.
    const all = await page();
    expect(all.changes.map((change) => [change.id, change.operation])).toEqual([
      ['3', 'upsert'],
      ['2', 'upsert'],
      ['1', 'delete'],
    ]);
  });

  it('pages with limit, resuming from each item’s cursor', async () => {
    const one = await page('?limit=1');
    expect(one.changes).toHaveLength(1);
    const two = await page(`?limit=1&cursor=${one.changes[0]!.next_cursor}`);
    expect(two.changes[0]?.id).not.toBe(one.changes[0]?.id);
  });

  it('holds the request open with wait until a change arrives', async () => {
    const { next_cursor } = await page();
    // The wait is 20 s and this test's timeout 15 s: only a wake-up on the write answers in time,
    // so no stopwatch is needed (a loaded machine overran a 10 s one).
    const waiting = page(`?wait=20&cursor=${next_cursor}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeRecords(store, connectorId, 'tasks', FIELDS, [task('4', 'Four')], 3);
    const woken = await waiting;
    expect(woken.changes.map((change) => change.id)).toEqual(['4']);
  }, 15_000);

  it('refuses bad parameters and another connector’s cursor with 400 naming the field', async () => {
    const limit = await changes('?limit=0');
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject({ errors: [{ field: 'limit', error_code: 'invalid_param' }] });
    const wait = await changes('?wait=600');
    expect(wait.body).toMatchObject({ errors: [{ field: 'wait', error_code: 'invalid_param' }] });
    const unknown = await changes('?since=1');
    expect(unknown.body).toMatchObject({ errors: [{ field: 'since', error_code: 'invalid_param' }] });
    const garbage = await changes('?cursor=nope');
    expect(garbage.body).toMatchObject({ errors: [{ field: 'cursor', error_code: 'invalid_cursor' }] });

    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'feed', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    const otherId = CreatedConnectorSchema.parse(created.body).id;
    const { next_cursor } = await page();
    const crossed = await changes(`?cursor=${next_cursor}`, t, otherId);
    expect(crossed.status).toBe(400);
    expect(crossed.body).toMatchObject({ errors: [{ field: 'cursor', error_code: 'invalid_cursor' }] });
  });

  it('hides other tenants’ connectors', async () => {
    const other = await t.registerTenant();
    const otherToken = await t.applicationToken(other);
    const response = await t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes`, {
      token: otherToken,
    });
    expect(response.status).toBe(404);
  });

  it('is followed by the hosted client as an async iterable, resuming from a stored cursor', async () => {
    const hosted = new HostedClient({
      baseUrl: t.server.url,
      externalUserId: 'feed',
      platformClientId: t.clientId,
      platformClientSecret: t.clientSecret,
    });
    const caughtUp: string[] = [];
    let last: string | undefined;
    for await (const change of hosted.changes(connectorId)) {
      caughtUp.push(change.id);
      last = change.next_cursor;
    }
    expect(caughtUp).toEqual((await page('?limit=1000')).changes.map((change) => change.id));

    const controller = new AbortController();
    const followed: string[] = [];
    const following = (async () => {
      for await (const change of hosted.changes(connectorId, {
        follow: true,
        waitSeconds: 5,
        signal: controller.signal,
        ...(last ? { cursor: last } : {}),
      })) {
        followed.push(`${change.operation}:${change.id}`);
        if (followed.length === 2) controller.abort();
      }
    })();
    const until = async (count: number) => {
      while (followed.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeRecords(store, connectorId, 'tasks', FIELDS, [task('f1', 'Followed')], 9);
    await until(1);
    await removeRecords(store, connectorId, 'tasks', ['f1']);
    await following.catch((error: unknown) => {
      if (!controller.signal.aborted) throw error;
    });
    expect(followed).toEqual(['upsert:f1', 'delete:f1']);
  });

  it('keeps its cursors across a restart of the server', async () => {
    const { next_cursor } = await page();
    const { keyring, clientId, clientSecret } = t;
    await t.close();
    await store.close();
    store = await location.open();
    t = await startApp(store, keyring);
    token = await t.applicationToken({ clientId, clientSecret });
    expect((await page(`?cursor=${next_cursor}`)).changes).toEqual([]);
    await writeRecords(store, connectorId, 'tasks', FIELDS, [task('5', 'Five')], 4);
    expect((await page(`?cursor=${next_cursor}`)).changes.map((change) => change.id)).toEqual(['5']);
  });
});

describe('the change feed across two server processes on one PostgreSQL', () => {
  let location: TestStoreLocation;
  let storeA: Store;
  let storeB: Store;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('postgres', 'changes_two');
    storeA = await location.open();
    storeB = await location.open();
    a = await startApp(storeA);
    b = await startTestApp(storeB, {
      keyring: a.keyring,
      clock: a.clock,
      extensions: [createExecuteExtension(), createSearchExtension()],
    });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storeA?.close();
    await storeB?.close();
    await location?.cleanup();
  });

  it('serves on one process what the other wrote, wakes its long-polls, and keeps order under concurrent writers', async () => {
    const token = await a.applicationToken();
    const created = await a.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'feed', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    const id = CreatedConnectorSchema.parse(created.body).id;
    const read = async (app: TestApp, query: string) => {
      const response = await app.request('GET', `/api/v1/connectors/sources/${id}/changes${query}`, {
        token,
      });
      expect(response.status).toBe(200);
      return ChangePageSchema.parse(response.body);
    };

    const start = await read(b, '');
    const waiting = read(b, `?wait=20&cursor=${start.next_cursor}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeRecords(storeA, id, 'tasks', FIELDS, [task('a1', 'From A')]);
    expect((await waiting).changes.map((change) => change.id)).toEqual(['a1']);

    // Writers on both processes at once: a follower that pages with the cursors it was given
    // sees every record exactly once.
    const ids = Array.from({ length: 40 }, (_, index) => `r${index}`);
    let cursor = (await waiting).next_cursor;
    const seen: string[] = [];
    const writes = Promise.all(
      ids.map((gid, index) =>
        writeRecords(index % 2 === 0 ? storeA : storeB, id, 'tasks', FIELDS, [task(gid, gid)], index + 2),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (seen.length < ids.length && Date.now() < deadline) {
      const next = await read(index(seen) % 2 === 0 ? a : b, `?wait=1&limit=7&cursor=${cursor}`);
      seen.push(...next.changes.map((change) => change.id));
      cursor = next.next_cursor;
    }
    await writes;
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

function index(list: readonly unknown[]): number {
  return list.length;
}
