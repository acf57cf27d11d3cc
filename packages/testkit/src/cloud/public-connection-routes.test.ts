import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('connections', () => {
  let sim: CloudSimulator;

  beforeAll(async () => {
    sim = await startCloudSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('creates a connection from the exact body the SDK sends, with platform defaults', async () => {
    const { connection, sourceId, destinationId } = await deployFakerConnection(sim, {
      streams: [{ name: 'users' }, { name: 'purchases' }],
      prefix: 'raw_',
    });
    expect(connection).toMatchObject({
      name: 'faker-to-destination',
      sourceId,
      destinationId,
      workspaceId: sim.workspaceId,
      status: 'active',
      schedule: { scheduleType: 'manual' },
      namespaceDefinition: 'destination',
      nonBreakingSchemaUpdatesBehavior: 'ignore',
      prefix: 'raw_',
      tags: [],
      configurations: {
        streams: [
          {
            name: 'users',
            syncMode: 'full_refresh_overwrite',
            cursorField: ['updated_at'],
            primaryKey: [['id']],
          },
          { name: 'purchases', syncMode: 'full_refresh_overwrite' },
        ],
      },
    });
    expect(connection.createdAt).toBe(Math.floor(sim.clock.now() / 1000));
  });

  it('selects every discovered stream when no configurations are sent', async () => {
    const { connection } = await deployFakerConnection(sim);
    const streams = (connection.configurations as { streams: Array<{ name: string }> }).streams;
    expect(streams.map((stream) => stream.name)).toEqual(['users', 'products', 'purchases']);
  });

  it('answers 400 for unknown streams and 404 for an unknown source', async () => {
    const { sourceId, destinationId } = await deployFakerConnection(sim);
    const bad = await callCloud(sim, 'POST', '/connections', {
      body: { sourceId, destinationId, configurations: { streams: [{ name: 'invoices' }] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ title: 'bad-request' });
    const unknown = await callCloud(sim, 'POST', '/connections', {
      body: { sourceId: '00000000-0000-4000-8000-000000000000', destinationId },
    });
    expect(unknown.status).toBe(404);
  });

  it('patches name, status, prefix, streams and schedules', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    const path = `/connections/${connectionId}`;
    expect((await callCloud(sim, 'PATCH', path, { body: { name: 'Renamed' } })).body).toMatchObject({
      name: 'Renamed',
    });
    expect((await callCloud(sim, 'PATCH', path, { body: { status: 'inactive' } })).body).toMatchObject({
      status: 'inactive',
    });
    expect((await callCloud(sim, 'PATCH', path, { body: { status: 'active' } })).body).toMatchObject({
      status: 'active',
    });
    expect((await callCloud(sim, 'PATCH', path, { body: { prefix: 'stg_' } })).body).toMatchObject({
      prefix: 'stg_',
    });
    expect((await callCloud(sim, 'PATCH', path, { body: { prefix: '' } })).body).toMatchObject({
      prefix: '',
    });

    const streams = await callCloud(sim, 'PATCH', path, {
      body: {
        configurations: {
          streams: [{ name: 'products' }, { name: 'users', syncMode: 'incremental_append' }],
        },
      },
    });
    expect((streams.body as { configurations: unknown }).configurations).toMatchObject({
      streams: [
        { name: 'products', syncMode: 'full_refresh_overwrite' },
        { name: 'users', syncMode: 'incremental_append' },
      ],
    });

    const cron = await callCloud(sim, 'PATCH', path, {
      body: { schedule: { scheduleType: 'cron', cronExpression: '0 0 12 * * ?' } },
    });
    expect((cron.body as { schedule: unknown }).schedule).toEqual({
      scheduleType: 'cron',
      cronExpression: '0 0 12 * * ? UTC',
    });
    const echoed = await callCloud(sim, 'PATCH', path, {
      body: { schedule: { scheduleType: 'cron', cronExpression: '0 0 0/6 * * ? UTC' } },
    });
    expect((echoed.body as { schedule: unknown }).schedule).toEqual({
      scheduleType: 'cron',
      cronExpression: '0 0 0/6 * * ? UTC',
    });
    const manual = await callCloud(sim, 'PATCH', path, { body: { schedule: { scheduleType: 'manual' } } });
    expect((manual.body as { schedule: unknown }).schedule).toEqual({ scheduleType: 'manual' });
  });

  it('rejects invalid cron expressions and statuses with 400 and changes nothing', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    const path = `/connections/${connectionId}`;
    const unix = await callCloud(sim, 'PATCH', path, {
      body: { name: 'should not stick', schedule: { scheduleType: 'cron', cronExpression: '0 0 * * *' } },
    });
    expect(unix.status).toBe(400);
    expect(JSON.stringify(unix.body)).toContain('is not valid');
    const frequent = await callCloud(sim, 'PATCH', path, {
      body: { schedule: { scheduleType: 'cron', cronExpression: '0 * * * * ?' } },
    });
    expect(JSON.stringify(frequent.body)).toContain('one hour minimum');
    const missing = await callCloud(sim, 'PATCH', path, { body: { schedule: { scheduleType: 'cron' } } });
    expect(missing.body).toMatchObject({ data: { message: 'Missing cron expression in the schedule.' } });
    expect((await callCloud(sim, 'PATCH', path, { body: { status: 'deprecated' } })).status).toBe(400);
    expect((await callCloud(sim, 'GET', path)).body).toMatchObject({ name: 'faker-to-destination' });
  });

  it('answers 409 error:connection/locked when patching a locked connection', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    sim.state.lockConnection(connectionId, 'Payment overdue');
    const answer = await callCloud(sim, 'PATCH', `/connections/${connectionId}`, { body: { name: 'x' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      status: 409,
      type: 'error:connection/locked',
      title: 'Connection is locked',
      detail: 'The connection is locked and cannot be modified.',
      data: { connectionId, statusReason: 'Payment overdue' },
    });
    sim.state.unlockConnection(connectionId);
    expect(
      (await callCloud(sim, 'PATCH', `/connections/${connectionId}`, { body: { name: 'x' } })).status,
    ).toBe(200);
  });

  it('soft-deletes: the connection turns deprecated, stays gettable and leaves the list', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    expect((await callCloud(sim, 'DELETE', `/connections/${connectionId}`)).status).toBe(204);
    expect((await callCloud(sim, 'GET', `/connections/${connectionId}`)).body).toMatchObject({
      status: 'deprecated',
    });
    const listed = await callCloud(sim, 'GET', `/connections?workspaceIds=${sim.workspaceId}&limit=100`);
    const ids = (listed.body as { data: Array<{ connectionId: string }> }).data.map(
      (item) => item.connectionId,
    );
    expect(ids).not.toContain(connectionId);
    const withDeleted = await callCloud(
      sim,
      'GET',
      `/connections?workspaceIds=${sim.workspaceId}&includeDeleted=true&limit=100`,
    );
    expect(
      (withDeleted.body as { data: Array<{ connectionId: string }> }).data.map((item) => item.connectionId),
    ).toContain(connectionId);
    expect(
      (await callCloud(sim, 'PATCH', `/connections/${connectionId}`, { body: { name: 'x' } })).status,
    ).toBe(400);
    expect((await callCloud(sim, 'DELETE', '/connections/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });

  it('returns the real workspaceId of a connection that lives in another workspace', async () => {
    const other = sim.state.addWorkspace({ name: 'Foreign' });
    const { connectionId } = await deployFakerConnection(sim, { workspaceId: other.workspaceId });
    const answer = await callCloud(sim, 'GET', `/connections/${connectionId}`);
    expect(answer.body).toMatchObject({ workspaceId: other.workspaceId });
  });
});

describe('connection paging', () => {
  let sim: CloudSimulator;

  beforeAll(async () => {
    sim = await startCloudSimulator();
    for (let index = 0; index < 5; index += 1) await deployFakerConnection(sim, { name: `conn-${index}` });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('costs two requests for five connections when following next links (short page still links on)', async () => {
    sim.requests.clear();
    const names: string[] = [];
    let url = `${sim.apiRoot}/connections?includeDeleted=false&limit=100&offset=0&workspaceIds=${sim.workspaceId}`;
    for (;;) {
      const page = (await callCloud(sim, 'GET', url)).body as { data: Array<{ name: string }>; next: string };
      names.push(...page.data.map((item) => item.name));
      if (page.data.length === 0 || page.next === '') break;
      expect(page.next.startsWith(`${sim.apiRoot}/connections?`)).toBe(true);
      url = page.next;
    }
    expect(names).toEqual(['conn-0', 'conn-1', 'conn-2', 'conn-3', 'conn-4']);
    expect(sim.requests.count({ operationId: 'listConnections' })).toBe(2);
  });

  it('pages with limit and offset and links both ways', async () => {
    const page = (await callCloud(sim, 'GET', `/connections?limit=2&offset=2`)).body as {
      data: Array<{ name: string }>;
      next: string;
      previous: string;
    };
    expect(page.data.map((item) => item.name)).toEqual(['conn-2', 'conn-3']);
    expect(page.next).toBe(`${sim.apiRoot}/connections?limit=2&offset=4`);
    expect(page.previous).toBe(`${sim.apiRoot}/connections?limit=2&offset=0`);
    expect((await callCloud(sim, 'GET', '/connections?limit=101')).status).toBe(400);
    expect((await callCloud(sim, 'GET', '/connections?offset=-5')).status).toBe(400);
  });

  it('can put a foreign host into page links, to test clients that must not follow them', async () => {
    const foreign = await startCloudSimulator({ pageLinkBase: 'https://api.example.invalid/v1/' });
    try {
      await deployFakerConnection(foreign);
      const page = (await callCloud(foreign, 'GET', '/connections?limit=1')).body as { next: string };
      expect(page.next).toBe('https://api.example.invalid/v1/connections?limit=1&offset=1');
    } finally {
      await foreign.close();
    }
  });
});
