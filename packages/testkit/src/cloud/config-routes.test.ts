import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('Config API', () => {
  let sim: CloudSimulator;

  beforeAll(async () => {
    sim = await startCloudSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const config = (path: string, body: unknown) => callCloud(sim, 'POST', path, { root: 'config', body });

  it('serves the configured catalog through web_backend/connections/get', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      streams: [{ name: 'users', syncMode: 'incremental_deduped_history' }, { name: 'products' }],
    });
    const answer = await config('/web_backend/connections/get', {
      connectionId,
      withRefreshedCatalog: false,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as {
      syncCatalog: { streams: Array<{ stream: Record<string, unknown>; config: Record<string, unknown> }> };
    };
    expect(body).toMatchObject({
      connectionId,
      namespaceDefinition: 'destination',
      status: 'active',
      isSyncing: false,
    });
    const [users, products, purchases] = body.syncCatalog.streams;
    expect(users?.stream).toMatchObject({
      name: 'users',
      supportedSyncModes: ['full_refresh', 'incremental'],
      sourceDefinedCursor: true,
      defaultCursorField: ['updated_at'],
      sourceDefinedPrimaryKey: [['id']],
    });
    expect(users?.stream.jsonSchema).toMatchObject({ properties: { email: expect.any(Object) } });
    expect(users?.config).toMatchObject({
      syncMode: 'incremental',
      destinationSyncMode: 'append_dedup',
      cursorField: ['updated_at'],
      primaryKey: [['id']],
      selected: true,
    });
    expect(products?.config).toMatchObject({
      syncMode: 'full_refresh',
      destinationSyncMode: 'overwrite',
      selected: true,
    });
    expect(purchases?.config).toMatchObject({ selected: false });
  });

  it('replaces the catalog through web_backend/connections/update', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    const current = (await config('/web_backend/connections/get', { connectionId })).body as {
      syncCatalog: { streams: Array<{ stream: { name: string }; config: Record<string, unknown> }> };
    };
    const streams = current.syncCatalog.streams.map((entry) => ({
      ...entry,
      config: {
        ...entry.config,
        selected: entry.stream.name === 'purchases',
        syncMode: 'incremental',
        destinationSyncMode: 'append',
      },
    }));
    const updated = await config('/web_backend/connections/update', {
      connectionId,
      syncCatalog: { streams },
      skipReset: true,
    });
    expect(updated.status).toBe(200);
    const publicView = await callCloud(sim, 'GET', `/connections/${connectionId}`);
    expect((publicView.body as { configurations: unknown }).configurations).toEqual({
      streams: [
        {
          name: 'purchases',
          syncMode: 'incremental_append',
          cursorField: ['updated_at'],
          primaryKey: [['id']],
          mappers: [],
        },
      ],
    });
    const invalid = await config('/web_backend/connections/update', {
      connectionId,
      syncCatalog: {
        streams: [
          { stream: { name: 'ghosts' }, config: { syncMode: 'full_refresh', destinationSyncMode: 'append' } },
        ],
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ validationErrors: [{ propertyPath: 'syncCatalog' }] });
  });

  it('reads and writes connection state, refusing writes with 423 while a sync runs', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    expect((await config('/state/get', { connectionId })).body).toEqual({
      stateType: 'not_set',
      connectionId,
    });
    const written = await config('/state/create_or_update_safe', {
      connectionId,
      connectionState: {
        stateType: 'stream',
        connectionId,
        streamState: [
          { streamDescriptor: { name: 'users' }, streamState: { updated_at: '2021-02-01T00:00:00Z' } },
        ],
      },
    });
    expect(written.status).toBe(200);
    expect((await config('/state/get', { connectionId })).body).toEqual({
      stateType: 'stream',
      connectionId,
      streamState: [
        { streamDescriptor: { name: 'users' }, streamState: { updated_at: '2021-02-01T00:00:00Z' } },
      ],
    });
    const global = await config('/state/create_or_update_safe', {
      connectionId,
      connectionState: {
        stateType: 'global',
        globalState: {
          shared_state: { lsn: 7 },
          streamStates: [{ streamDescriptor: { name: 'users', namespace: 'public' } }],
        },
      },
    });
    expect(global.body).toMatchObject({ stateType: 'global', globalState: { shared_state: { lsn: 7 } } });

    await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    const locked = await config('/state/create_or_update_safe', {
      connectionId,
      connectionState: { stateType: 'not_set' },
    });
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ message: expect.stringContaining('while a sync is running') });
    sim.clock.advance(60_000);
    const cleared = await config('/state/create_or_update_safe', {
      connectionId,
      connectionState: { stateType: 'not_set' },
    });
    expect(cleared.body).toEqual({ stateType: 'not_set', connectionId });
  });

  it('answers 404 NotFoundKnownExceptionInfo and 422 InvalidInputExceptionInfo', async () => {
    const missing = await config('/state/get', { connectionId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      id: '00000000-0000-4000-8000-000000000000',
      message: expect.any(String),
    });
    const invalid = await config('/state/get', { connection: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ validationErrors: [{ propertyPath: 'connectionId' }] });
    expect((await config('/jobs/get', { id: 424242 })).status).toBe(404);
  });

  it('checks sources and destinations, honouring scripted answers first', async () => {
    const { sourceId, destinationId } = await deployFakerConnection(sim);
    const source = await config('/sources/check_connection', { sourceId });
    expect(source.body).toMatchObject({
      status: 'succeeded',
      jobInfo: {
        configType: 'check_connection_source',
        succeeded: true,
        logs: { logLines: ['Connection check succeeded'] },
      },
    });
    sim.state.scriptCheck(destinationId, {
      status: 'failed',
      message: 'Could not connect with provided configuration.',
    });
    const failed = await config('/destinations/check_connection', { destinationId });
    expect(failed.body).toMatchObject({
      status: 'failed',
      message: 'Could not connect with provided configuration.',
    });
    expect((await config('/destinations/check_connection', { destinationId })).body).toMatchObject({
      status: 'succeeded',
    });

    const badSource = await callCloud(sim, 'POST', '/sources', {
      body: { name: 'bad', workspaceId: sim.workspaceId, configuration: { sourceType: 'faker', count: -3 } },
    });
    const badId = (badSource.body as { sourceId: string }).sourceId;
    expect((await config('/sources/check_connection', { sourceId: badId })).body).toMatchObject({
      status: 'failed',
    });

    const remote = await callCloud(sim, 'POST', '/destinations', {
      body: {
        name: 'remote pg',
        workspaceId: sim.workspaceId,
        configuration: {
          destinationType: 'postgres',
          host: 'db.example.com',
          port: 5432,
          database: 'd',
          username: 'u',
        },
      },
    });
    const remoteId = (remote.body as { destinationId: string }).destinationId;
    const remoteCheck = await config('/destinations/check_connection', { destinationId: remoteId });
    expect(remoteCheck.body).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('loopback'),
    });
    expect(
      (await config('/sources/check_connection', { sourceId: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
  });

  it('really connects to PostgreSQL when checking a local PostgreSQL destination', async () => {
    const created = await callCloud(sim, 'POST', '/destinations', {
      body: {
        name: 'local pg',
        workspaceId: sim.workspaceId,
        configuration: {
          destinationType: 'postgres',
          host: '127.0.0.1',
          port: 5432,
          database: 'test',
          username: 'postgres',
        },
      },
    });
    const destinationId = (created.body as { destinationId: string }).destinationId;
    expect((await config('/destinations/check_connection', { destinationId })).body).toMatchObject({
      status: 'succeeded',
    });
    await callCloud(sim, 'PATCH', `/destinations/${destinationId}`, {
      body: { configuration: { database: 'no_such_db_x' } },
    });
    const failed = (await config('/destinations/check_connection', { destinationId })).body as {
      status: string;
      message: string;
    };
    expect(failed.status).toBe('failed');
    expect(failed.message).toContain('no_such_db_x');
  });

  it('answers organization lookups only with ORGANIZATION_READER (403 otherwise)', async () => {
    const info = await config('/workspaces/get_organization_info', { workspaceId: sim.workspaceId });
    expect(info.body).toEqual({
      organizationId: sim.organizationId,
      organizationName: 'Simulated Organization',
      sso: false,
      scim: false,
      billing: { paymentStatus: 'okay', subscriptionStatus: 'subscribed' },
    });
    expect(
      (await config('/organizations/get_organization_info', { organizationId: sim.organizationId })).status,
    ).toBe(200);
    sim.state.setOrganizationReader(false);
    try {
      const denied = await config('/workspaces/get_organization_info', { workspaceId: sim.workspaceId });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ message: expect.stringContaining('ORGANIZATION_READER') });
      expect(
        (await config('/organizations/get_organization_info', { organizationId: sim.organizationId })).status,
      ).toBe(403);
    } finally {
      sim.state.setOrganizationReader(true);
    }
  });

  it('lists the workspaces of an organization with nameContains and pagination', async () => {
    const organization = sim.state.addOrganization({ name: 'Paged Org' });
    for (const name of ['Alpha team', 'Beta team', 'Gamma', 'Alpha two']) {
      sim.state.addWorkspace({ name, organizationId: organization.organizationId });
    }
    const all = await config('/workspaces/list_by_organization_id', {
      organizationId: organization.organizationId,
    });
    expect((all.body as { workspaces: unknown[] }).workspaces).toHaveLength(4);
    const filtered = await config('/workspaces/list_by_organization_id', {
      organizationId: organization.organizationId,
      nameContains: 'alpha',
      pagination: { pageSize: 1, rowOffset: 1 },
    });
    expect(
      (filtered.body as { workspaces: Array<{ name: string; organizationId: string }> }).workspaces,
    ).toMatchObject([{ name: 'Alpha two', organizationId: organization.organizationId }]);
    expect(
      (
        await config('/workspaces/list_by_organization_id', {
          organizationId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });
});
