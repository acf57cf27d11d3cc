import { connect } from 'node:net';
import {
  CreatedConnectorSchema,
  SyncStartedSchema,
  type SyncSummary,
  SyncSummarySchema,
} from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import type { Store } from '../store/store';
import type { TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';
import { type SyncTestApp, startSyncTestApp } from './test-support/sync-test-app';

describe.each(['sqlite', 'postgres'] as const)('sync on %s', (kind) => {
  let app: SyncTestApp;
  let store: Store;
  let sim: AsanaSimulator;
  let t: TestApp;
  let token: string;
  let connectorId: string;

  const summary = async (): Promise<SyncSummary> => {
    const response = await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token });
    expect(response.status).toBe(200);
    return SyncSummarySchema.parse(response.body);
  };
  const settled = (after: string | null) =>
    until(summary, (value) => value.state !== 'running' && value.last_success_at !== after);
  const search = async (entity: string, params: Record<string, unknown>) => {
    const response = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity, action: 'search', params },
    });
    expect(response.status, response.text).toBe(200);
    return response.body as { hits: { id: string; data: Record<string, unknown> }[] };
  };

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    // Tasks in no project: the owner's come from "My tasks" with their subtasks and files (the
    // expected records count them); someone else's is out of the token's reach.
    const workspaceGid = sim.data.me.workspaceGids[0]!;
    const loose = sim.addTask({ workspaceGid, name: 'Loose: file the taxes', assigneeGid: sim.data.me.gid });
    sim.addTask({ parentGid: loose.gid, name: 'Loose: find the receipts' });
    sim.addAttachment({ parentGid: loose.gid, name: 'receipts.pdf' });
    const other = sim.data.users.find((user) => user.gid !== sim.data.me.gid)!;
    sim.addTask({ workspaceGid, name: 'Loose: not mine', assigneeGid: other.gid });
    app = await startSyncTestApp(kind, `sync_${kind}`, {
      // Runs only: watching the change stream between runs has its own tests (sync-watcher.test.ts).
      sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 0 } },
    });
    ({ store, t } = app);
    token = await t.applicationToken();
  });

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('copies every searchable entity when a connector is created, and reports it', async () => {
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'sync-user',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    expect(created.status).toBe(201);
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    const done = await settled(null);
    expect(done.state).toBe('idle');
    const { records, listings } = expectedRecords(sim.data);
    const looseNames = (
      await search('tasks', { query: { filter: { keyword: { name: 'loose' } } } })
    ).hits.map((hit) => hit.data.name);
    expect(looseNames.sort()).toEqual(['Loose: file the taxes', 'Loose: find the receipts']);
    expect(await storedRecords(store, connectorId)).toEqual(records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    // One request per listing (each fits one page), all of them with the searchable fields.
    expect(sim.requests.count({ target: 'api' })).toBe(listings);
    expect(Object.fromEntries(done.entities.map((entity) => [entity.entity, entity.records]))).toEqual(
      Object.fromEntries(Object.entries(records).map(([entity, ids]) => [entity, ids.length])),
    );
    expect(done.entities.every((entity) => entity.synced_at !== null && entity.error === undefined)).toBe(
      true,
    );
    const connector = await t.request('GET', `/v1/integrations/connectors/${connectorId}`, { token });
    expect((connector.body as { sync: SyncSummary }).sync).toEqual(done);
  });

  it('serves search over the synced copy through execute', async () => {
    const task = sim.data.task(expectedRecords(sim.data).records.tasks[0]!)!;
    const hits = await search('tasks', { query: { filter: { eq: { gid: task.gid } } } });
    expect(hits.hits).toHaveLength(1);
    expect(hits.hits[0]!.data.name).toBe(task.name);
    const projects = await search('projects', { query: { sort: [{ name: 'asc' }] }, fields: ['name'] });
    expect(projects.hits.map((hit) => hit.data.name)).toEqual(
      expectedRecords(sim.data)
        .records.projects.map((gid) => sim.data.project(gid)!.name)
        .sort(),
    );
  });

  it('stores what references point to by name, so filters and projections on tags.name, assignee.name and memberships.section.name work', async () => {
    const gids = expectedRecords(sim.data).records.tasks;
    const tagged = gids.map((gid) => sim.data.task(gid)!).find((task) => task.tagGids.length > 0)!;
    const tagName = sim.data.tag(tagged.tagGids[0]!)!.name;
    const byTag = await search('tasks', {
      query: { filter: { in: { 'tags.name': [tagName] } } },
      fields: ['gid', 'tags.name', 'assignee.name', 'memberships.section.name'],
      limit: 100,
    });
    expect(byTag.hits.map((hit) => hit.id)).toContain(tagged.gid);
    const expected = gids.filter((gid) =>
      sim.data.task(gid)!.tagGids.some((tag) => sim.data.tag(tag)!.name === tagName),
    );
    expect(byTag.hits.map((hit) => hit.id).sort()).toEqual(expected.sort());
    const assigned = gids.map((gid) => sim.data.task(gid)!).find((task) => task.assigneeGid !== null)!;
    const assignee = sim.data.user(assigned.assigneeGid!)!.name;
    const byAssignee = await search('tasks', {
      query: { filter: { eq: { 'assignee.name': assignee } } },
      fields: ['assignee.name'],
      limit: 100,
    });
    expect(byAssignee.hits.length).toBeGreaterThan(0);
    expect(byAssignee.hits.every((hit) => (hit.data.assignee as { name: string }).name === assignee)).toBe(
      true,
    );
    const inSection = gids.map((gid) => sim.data.task(gid)!).find((task) => task.sectionGids.length > 0)!;
    const section = sim.data.section(inSection.sectionGids[0]!)!.name;
    const bySection = await search('tasks', {
      query: { filter: { eq: { 'memberships.section.name': section } } },
      limit: 100,
    });
    expect(bySection.hits.map((hit) => hit.id)).toContain(inSection.gid);
  });

  it('keeps no presigned download URL in the search index', async () => {
    const attachments = await search('attachments', { query: {}, limit: 1000 });
    expect(attachments.hits.length).toBe(expectedRecords(sim.data).records.attachments.length);
    expect(attachments.hits.length).toBeGreaterThan(0);
    for (const hit of attachments.hits) expect(hit.data).not.toHaveProperty('download_url');
    // Not stored, so refused by name rather than silently matching nothing (issue 33).
    const signed = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: {
        entity: 'attachments',
        action: 'search',
        params: { query: { filter: { like: { download_url: 'http' } } } },
      },
    });
    expect(signed.status).toBe(400);
    expect(signed.text).toContain('\\"download_url\\" cannot be searched: a short-lived signed URL');
  });

  it('syncs changes incrementally on demand, and sweeps deletions on a full sync', async () => {
    const before = await summary();
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const topLevel = sim.data.taskGids({ projectGid });
    sim.updateTask(topLevel[0]!, { name: 'Renamed by the incremental sync test' });
    const added = sim.addTask({ projectGid, name: 'Added after the first sync' });
    const deleted = topLevel[1]!;
    sim.deleteTask(deleted);
    const requestsBefore = sim.requests.count({ target: 'api' });
    // The server's clock is the test's: move it so the run's times differ from the last one's.
    t.clock.advance(1_000);

    const started = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/sync`, { token });
    expect(started.status).toBe(202);
    SyncStartedSchema.parse(started.body);
    const incremental = await settled(before.last_success_at);
    expect(incremental.state).toBe('idle');
    const taskLists = sim.requests
      .all()
      .slice(requestsBefore)
      .filter((request) => request.route === '/tasks');
    expect(taskLists.length).toBeGreaterThan(0);
    expect(taskLists.every((request) => request.query.modified_since?.length === 1)).toBe(true);
    expect(
      (await search('tasks', { query: { filter: { eq: { gid: topLevel[0]! } } } })).hits[0]!.data.name,
    ).toBe('Renamed by the incremental sync test');
    expect(
      (await search('tasks', { query: { filter: { keyword: { name: 'added' } } } })).hits.map(
        (hit) => hit.id,
      ),
    ).toContain(added.gid);
    // An incremental run cannot see deletions: the deleted task stays until a full run.
    expect((await storedRecords(store, connectorId)).tasks).toContain(deleted);

    t.clock.advance(1_000);
    const full = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/sync`, {
      token,
      body: { full: true },
    });
    expect(full.status).toBe(202);
    await settled(incremental.last_success_at);
    const { records } = expectedRecords(sim.data);
    expect(records.tasks).not.toContain(deleted);
    expect(records.tasks).toContain(added.gid);
    expect(await storedRecords(store, connectorId)).toEqual(records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
  });

  it('syncs again on the interval, incrementally', async () => {
    const before = await summary();
    t.clock.advance(3_600_000);
    // The hour made the test's token expire too.
    token = await t.applicationToken();
    const after = await settled(before.last_success_at);
    expect(after.state).toBe('idle');
    const [latest] = await store.db.query<{ mode: string; trigger: string }>(
      'SELECT mode, trigger FROM sync_runs WHERE connector_id = $1 ORDER BY requested_at DESC LIMIT 1',
      [connectorId],
    );
    expect(latest).toEqual({ mode: 'incremental', trigger: 'interval' });
  });

  it('answers 404 for connectors the caller cannot see and 400 for a bad body', async () => {
    const other = await t.registerTenant();
    const otherToken = await t.applicationToken(other);
    expect(
      (await t.request('POST', `/api/v1/connectors/sources/${connectorId}/sync`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', '/api/v1/connectors/sources/nope/sync', { token })).status).toBe(404);
    const bad = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/sync`, {
      token,
      body: { full: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('answers 202 to a POST with no body, no Content-Length and no Content-Type (as `curl -X POST` sends it)', async () => {
    const { hostname, host, port } = new URL(t.server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
        if (/\r\n\r\n[\s\S]*\}/.test(answer)) socket.end();
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(
        `POST /api/v1/connectors/sources/${connectorId}/sync HTTP/1.1\r\nHost: ${host}\r\n` +
          `Authorization: Bearer ${token}\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 202 Accepted');
    expect(raw).toMatch(/"sync_id":"[^"]+"/);
  });

  it('erases the synced data and sync state when the connector is deleted', async () => {
    expect((await t.request('DELETE', `/v1/integrations/connectors/${connectorId}`, { token })).status).toBe(
      204,
    );
    for (const table of ['search_collections', 'sync_runs', 'sync_connectors', 'sync_entities']) {
      const rows = await store.db.query(`SELECT 1 FROM ${table} WHERE connector_id = $1`, [connectorId]);
      expect({ table, rows: rows.length }).toEqual({ table, rows: 0 });
    }
    expect(await store.db.query('SELECT 1 FROM search_records')).toEqual([]);
    expect(await store.db.query('SELECT 1 FROM search_terms')).toEqual([]);
  });
});
