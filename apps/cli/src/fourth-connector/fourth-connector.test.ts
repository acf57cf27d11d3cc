import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnector } from '@conduit/connector-kit';
import { CONNECTORS, defineConnectors, lazyConnector } from '@conduit/connectors';
import { HostedClient } from '@conduit/hosted';
import { createMcpServer, hostedConnectors, localConnector } from '@conduit/mcp';
import { type StartedServer, silentLogger, startServer } from '@conduit/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndjson, requireBuiltCli, runChild } from '../testing/child-cli';
import { memoKind, memoModule } from './memo-connector';
import { type MemoNote, type MemoUpstream, startMemoUpstream } from './memo-upstream';

// Proof that the kit is generic (issue 27): a connector Conduit has never heard of — one module
// file, its fake upstream beside it — runs in local mode, in the hosted service (create, execute,
// sync, search), on the command line (describe, exec) and through MCP, added by one registry line
// per shell and no edit anywhere else.

const CLIENT_ID = 'fourth-connector-app';
const CLIENT_SECRET = 'fourth-connector-secret-0123456789';

const notes: MemoNote[] = Array.from({ length: 7 }, (_, index) => ({
  id: `n${index + 1}`,
  title: index === 3 ? 'Quarterly plan' : `Note ${index + 1}`,
  body: `body of note ${index + 1}`,
  pinned: index % 3 === 0,
  updated_at: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
}));

/** The registry line: the built-in connectors and Memo. */
const connectors = defineConnectors([
  ...CONNECTORS,
  lazyConnector(memoKind, 'memo-connector', async () => memoModule),
]);

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

async function mcpClient(server: ReturnType<typeof createMcpServer>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'fourth-connector-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

function toolJson(result: Awaited<ReturnType<Client['callTool']>>): unknown {
  const [first] = result.content as { type: string; text: string }[];
  expect(result.isError ?? false, first?.text).toBe(false);
  return JSON.parse(first?.text ?? 'null');
}

describe('a fourth connector, added by one registry line', () => {
  let upstream: MemoUpstream;
  let dataDir: string;
  let started: StartedServer;
  let hosted: HostedClient;
  let connectorId: string;

  beforeAll(async () => {
    upstream = await startMemoUpstream(notes);
    dataDir = await mkdtemp(join(tmpdir(), 'conduit-fourth-connector-'));
    started = await startServer({
      env: {
        CONDUIT_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
        CONDUIT_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
        // The fake upstream is on loopback, which the service refuses unless the operator allows it.
        CONDUIT_EGRESS_ALLOW: '127.0.0.1',
        CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
      },
      config: { host: '127.0.0.1', port: 0, dataDir },
      logger: silentLogger,
      connectors,
    });
    hosted = new HostedClient({
      externalUserId: 'fourth-user',
      platformClientId: CLIENT_ID,
      platformClientSecret: CLIENT_SECRET,
      baseUrl: started.url,
    });
  }, 60_000);

  afterAll(async () => {
    await started?.close();
    await upstream?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is listed by the set with its kind, name and alias', () => {
    expect(connectors.types).toEqual([...CONNECTORS.map((entry) => entry.kind.type), 'note-taking']);
    expect(connectors.requireType('memo')).toBe('note-taking');
    expect(connectors.find('MEMO')?.packageName).toBe('memo-connector');
    expect(() => connectors.requireType('notes-app')).toThrow(/unknown connector type "notes-app"/);
  });

  it('runs in local mode with the one constructor, paging by the upstream cursor', async () => {
    const memo = createConnector(memoModule, {
      credentials: { token: upstream.token },
      config: { base_url: upstream.baseUrl },
    });
    const first = await memo.notes.list({ limit: 3 });
    expect(first.records.map((note) => note.id)).toEqual(['n1', 'n2', 'n3']);
    expect(await collect(memo.notes.list({ limit: 3 }))).toEqual(notes);
    expect((await memo.notes.get({ note_id: 'n4' })).title).toBe('Quarterly plan');
    await expect(memo.notes.get({ note_id: 'missing' })).rejects.toMatchObject({ status: 404 });
    // Credentials are typed from the kind's schema; a caller without types is refused, naming the field.
    const untyped = { credentials: {}, config: {} } as unknown as Parameters<
      typeof createConnector<typeof memoModule>
    >[1];
    expect(() => createConnector(memoModule, untyped)).toThrow(/token/);
  });

  it('is created, executed, synced and searched in the hosted service', async () => {
    const created = await hosted.createConnector({
      connectorType: 'memo',
      credentials: { token: upstream.token },
      config: { base_url: upstream.baseUrl },
    });
    connectorId = created.id;
    expect((await hosted.getConnector(connectorId)).connector_type).toBe('note-taking');

    const page = (await hosted.execute(connectorId, 'notes', 'list', { limit: 2 })) as {
      records: MemoNote[];
      meta: { next_page: unknown };
    };
    expect(page.records.map((note) => note.id)).toEqual(['n1', 'n2']);
    expect(page.meta.next_page).not.toBeNull();
    expect(await hosted.execute(connectorId, 'notes', 'get', { note_id: 'n7' })).toEqual(notes[6]);

    // The connector's creation started a first sync; a manual one is waited for as a user would.
    await hosted.triggerSync(connectorId, { full: true });
    await expect
      .poll(async () => (await hosted.getSyncStatus(connectorId)).entities[0]?.records ?? 0, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(notes.length);
    // The sync asked for its page size, capped at the largest `limit` the definition takes.
    expect(upstream.requests).toContain('GET /v1/notes?limit=50');
    const pinned = await collect(
      hosted.search(connectorId, 'notes', { query: { filter: { eq: { pinned: true } } } }),
    );
    expect(pinned.map((hit) => hit.id).sort()).toEqual(['n1', 'n4', 'n7']);
    const found = await collect(
      hosted.search(connectorId, 'notes', { query: { filter: { like: { title: '%plan%' } } } }),
    );
    expect(found.map((hit) => hit.id)).toEqual(['n4']);

    // The same connector through its constructor in hosted mode.
    const memo = createConnector(memoModule, {
      hosted: {
        externalUserId: 'fourth-user',
        platformClientId: CLIENT_ID,
        platformClientSecret: CLIENT_SECRET,
        baseUrl: started.url,
        connectorId,
      },
    });
    expect((await memo.notes.get({ note_id: 'n2' })).title).toBe('Note 2');
  }, 60_000);

  it('is described and executed by a command line of its own, a real child process', async () => {
    requireBuiltCli();
    const bin = fileURLToPath(new URL('./memo-cli.mjs', import.meta.url));
    const env = { MEMO_TOKEN: upstream.token, MEMO_BASE_URL: upstream.baseUrl };

    const described = await runChild(['describe', 'memo', '--json'], { bin, env });
    expect(described.code, described.stderr).toBe(0);
    const description = JSON.parse(described.stdout) as {
      entities: { name: string; actions: { name: string }[] }[];
    };
    expect(description.entities.map((entity) => entity.name)).toEqual(['notes']);
    expect(description.entities[0]?.actions.map((action) => action.name)).toEqual(['list', 'get', 'search']);

    const listed = await runChild(
      ['exec', 'memo', 'notes', 'list', '--param', 'limit=3', '--all', '--json'],
      { bin, env },
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect(ndjson(listed.stdout)).toEqual(notes);

    const got = await runChild(['exec', 'note-taking', 'notes', 'get', '--param', 'note_id=n3', '--json'], {
      bin,
      env,
    });
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual(notes[2]);

    // Hosted: the user's Memo connector of the service, named by the connector's name.
    const hostedEnv = {
      CONDUIT_BASE_URL: started.url,
      CONDUIT_CLIENT_ID: CLIENT_ID,
      CONDUIT_CLIENT_SECRET: CLIENT_SECRET,
      CONDUIT_EXTERNAL_USER_ID: 'fourth-user',
    };
    const remote = await runChild(
      ['exec', '--hosted', 'memo', 'notes', 'get', '--param', 'note_id=n6', '--json'],
      {
        bin,
        env: hostedEnv,
      },
    );
    expect(remote.code, remote.stderr).toBe(0);
    expect(JSON.parse(remote.stdout)).toEqual(notes[5]);

    // Without its token the command says which setting is missing, as for a built-in connector.
    const unset = await runChild(['exec', 'memo', 'notes', 'get', '--param', 'note_id=n3'], { bin });
    expect(unset.code).not.toBe(0);
    expect(unset.stderr).toContain('MEMO_TOKEN');
  }, 120_000);

  it('serves MCP tools locally and over the hosted service', async () => {
    const local = await mcpClient(
      createMcpServer({
        connectors: [
          localConnector(memoModule, { credentials: { token: upstream.token }, baseUrl: upstream.baseUrl }),
        ],
      }),
    );
    const names = (await local.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['memo_notes_list', 'memo_notes_get']));
    const listed = toolJson(await local.callTool({ name: 'memo_notes_list', arguments: { limit: 2 } })) as {
      records: MemoNote[];
    };
    expect(listed.records.map((note) => note.id)).toEqual(['n1', 'n2']);
    await local.close();

    const remote = await mcpClient(
      createMcpServer({ connectors: await hostedConnectors({ client: hosted, source: [memoModule] }) }),
    );
    const remoteNames = (await remote.listTools()).tools.map((tool) => tool.name);
    expect(remoteNames).toEqual(expect.arrayContaining(['memo_notes_get', 'memo_notes_search']));
    const got = toolJson(await remote.callTool({ name: 'memo_notes_get', arguments: { note_id: 'n5' } }));
    expect(got).toEqual(notes[4]);
    await remote.close();
  }, 60_000);
});
