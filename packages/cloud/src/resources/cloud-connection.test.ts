import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApiError } from '../errors/platform-api-error';
import { PlatformConnectionSyncError } from '../errors/platform-connection-sync-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { PlatformValueError } from '../errors/platform-value-error';
import { PlatformWorkspaceMismatchError } from '../errors/platform-workspace-mismatch-error';
import { closeCheckedSimulator } from '../test-support/close-checked-simulator';
import { deployFakerConnection, simulatedWorkspace } from '../test-support/simulated-workspace';
import { CloudConnection } from './cloud-connection';

describe('CloudConnection', () => {
  let sim: CloudSimulator;
  beforeEach(async () => {
    sim = await startCloudSimulator();
  });
  // Every request of the test is checked against the platform's official SDK spec.
  afterEach(() => closeCheckedSimulator(sim), 60_000);

  it('is lazy: details are fetched once, verified and cached', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const {
      connection: deployed,
      source,
      destination,
    } = await deployFakerConnection(workspace, {
      tablePrefix: 'raw_',
      streams: ['users'],
    });
    sim.requests.clear();
    const connection = workspace.getConnection(deployed.connectionId);
    expect(sim.requests.count()).toBe(0);
    expect(connection.connectionUrl).toBe(`${workspace.workspaceUrl}/connections/${deployed.connectionId}`);
    expect(connection.jobHistoryUrl).toBe(`${connection.connectionUrl}/timeline`);
    expect(await connection.getName()).toBe('faker to sink (delete-me)');
    expect(await connection.getStreamNames()).toEqual(['users']);
    expect(await connection.getTablePrefix()).toBe('raw_');
    expect(await connection.getSourceId()).toBe(source.sourceId);
    expect(await connection.getDestinationId()).toBe(destination.destinationId);
    expect((await connection.getSource()).sourceId).toBe(source.sourceId);
    expect((await connection.getDestination()).destinationId).toBe(destination.destinationId);
    expect(await connection.getDestination()).toBe(await connection.getDestination());
    expect(sim.requests.count({ operationId: 'getConnection' })).toBe(1);
    const direct = new CloudConnection({
      workspace,
      connectionId: deployed.connectionId,
      sourceId: 'known-source',
    });
    expect(await direct.getSourceId()).toBe('known-source');
    expect(sim.requests.count({ operationId: 'getConnection' })).toBe(1);
  });

  it('reads enabled fresh on every call', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const { connection } = await deployFakerConnection(workspace);
    sim.requests.clear();
    expect(await connection.isEnabled()).toBe(true);
    sim.state.connections.get(connection.connectionId)!.status = 'inactive';
    expect(await connection.isEnabled()).toBe(false);
    expect(sim.requests.count({ operationId: 'getConnection' })).toBe(2);
  });

  describe('setEnabled', () => {
    const patches = () => sim.requests.filter({ operationId: 'patchConnection' });

    it('moves inactive to active and active to inactive', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      await connection.setEnabled(false);
      expect(sim.state.connections.get(connection.connectionId)?.status).toBe('inactive');
      await connection.setEnabled(true);
      expect(sim.state.connections.get(connection.connectionId)?.status).toBe('active');
      expect(patches().map((entry) => entry.body)).toEqual([{ status: 'inactive' }, { status: 'active' }]);
    });

    it('returns silently on a no-op by default, sending nothing', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      await connection.setEnabled(true);
      await connection.setEnabled(false);
      await connection.setEnabled(false, { ignoreNoop: true });
      expect(patches()).toHaveLength(1);
      expect(sim.state.connections.get(connection.connectionId)?.status).toBe('inactive');
    });

    it('raises PlatformValueError on a no-op with ignoreNoop: false', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const error = await connection
        .setEnabled(true, { ignoreNoop: false })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformValueError);
      expect(error).toMatchObject({ code: 'no_op', field: 'enabled', inputValue: true });
      await connection.setEnabled(false);
      await expect(connection.setEnabled(false, { ignoreNoop: false })).rejects.toBeInstanceOf(
        PlatformValueError,
      );
      expect(patches()).toHaveLength(1);
    });

    it('reports a locked connection', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.state.lockConnection(connection.connectionId);
      await expect(connection.setEnabled(true)).rejects.toMatchObject({
        name: 'PlatformApiError',
        status: 409,
      });
    });
  });

  describe('checkIsValid', () => {
    it('is true for a connection of this workspace', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      expect(await workspace.getConnection(connection.connectionId).checkIsValid()).toBe(true);
    });

    it("raises PlatformWorkspaceMismatchError for another workspace's connection", async () => {
      const other = sim.state.addWorkspace({ name: 'Other' });
      const { workspace: theirs } = simulatedWorkspace(sim, { workspaceId: other.workspaceId });
      const { connection } = await deployFakerConnection(theirs);
      const { workspace: mine } = simulatedWorkspace(sim);
      const error = await mine
        .getConnection(connection.connectionId)
        .checkIsValid()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformWorkspaceMismatchError);
      expect(error).toMatchObject({
        resourceType: 'connection',
        resourceId: connection.connectionId,
        expectedWorkspaceId: sim.workspaceId,
        actualWorkspaceId: other.workspaceId,
      });
      await expect(mine.getConnection(connection.connectionId).getName()).rejects.toBeInstanceOf(
        PlatformWorkspaceMismatchError,
      );
    });

    it('raises PlatformMissingResourceError for a connection that does not exist', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const missing = '11111111-1111-4111-8111-111111111111';
      const error = await workspace
        .getConnection(missing)
        .checkIsValid()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformMissingResourceError);
      expect(error).toMatchObject({ resourceType: 'connection', resourceId: missing, status: 404 });
    });
  });

  describe('changing it', () => {
    it('renames, sets the prefix and the streams, returning the connection with fresh details', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      expect(await connection.rename('renamed')).toBe(connection);
      expect(await connection.getName()).toBe('renamed');
      await connection.setTablePrefix('stage_');
      expect(await connection.getTablePrefix()).toBe('stage_');
      await connection.setTablePrefix('');
      expect(sim.state.connections.get(connection.connectionId)?.prefix).toBe('');
      await connection.setSelectedStreams(['products']);
      expect(await connection.getStreamNames()).toEqual(['products']);
      expect(sim.requests.filter({ operationId: 'patchConnection' }).map((entry) => entry.body)).toEqual([
        { name: 'renamed' },
        { prefix: 'stage_' },
        { prefix: '' },
        { configurations: { streams: [{ name: 'products' }] } },
      ]);
      await expect(connection.setSelectedStreams(['no_such_stream'])).rejects.toBeInstanceOf(
        PlatformApiError,
      );
      await expect(connection.setSelectedStreams([])).rejects.toBeInstanceOf(PlatformInputError);
      await expect(connection.rename('')).rejects.toBeInstanceOf(PlatformInputError);
    });

    it('sets a Quartz cron schedule or a manual one', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      await connection.setSchedule('0 0 0/6 * * ?');
      expect((await connection.getInfo()).schedule).toEqual({
        scheduleType: 'cron',
        cronExpression: '0 0 0/6 * * ? UTC',
      });
      await connection.setManualSchedule();
      expect(sim.state.connections.get(connection.connectionId)?.schedule).toEqual({
        scheduleType: 'manual',
      });
      const error = await connection.setSchedule('0 0 * * *').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: 'PlatformApiError', status: 400 });
    });
  });

  describe('artifacts', () => {
    it('gets the configured catalog in the protocol shape from the Config API', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace, { streams: ['users'] });
      const catalog = await connection.getCatalogArtifact();
      const request = sim.requests.filter({ operationId: 'webBackendGetConnection' })[0];
      expect(request?.path).toBe('/api/v1/web_backend/connections/get');
      expect(request?.body).toEqual({ connectionId: connection.connectionId, withRefreshedCatalog: false });
      const users = catalog?.streams.find((entry) => entry.stream.name === 'users');
      expect(users).toMatchObject({
        selected: true,
        sync_mode: 'full_refresh',
        destination_sync_mode: 'overwrite',
        stream: { name: 'users', supported_sync_modes: expect.any(Array) },
      });
      expect(users?.stream.json_schema).toHaveProperty('properties.id');
      expect(catalog?.streams.find((entry) => entry.stream.name === 'products')?.selected).toBe(false);
    });

    it('gets per-stream state, or undefined when none is set', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { source, destination } = await deployFakerConnection(workspace);
      expect(await (await workspace.listConnections())[0]?.getStateArtifacts()).toBeUndefined();
      const created = await fetch(`${sim.apiRoot}/connections`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sim.credentials.bearerToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          sourceId: source.sourceId,
          destinationId: destination.destinationId,
          configurations: { streams: [{ name: 'users', syncMode: 'incremental_append' }] },
        }),
      });
      const { connectionId } = (await created.json()) as { connectionId: string };
      const connection = workspace.getConnection(connectionId);
      await connection.runSync();
      const state = await connection.getStateArtifacts();
      expect(state).toHaveLength(1);
      expect(state?.[0]).toMatchObject({
        streamDescriptor: { name: 'users' },
        streamState: expect.any(Object),
      });
      expect(sim.requests.filter({ operationId: 'getState' }).at(-1)?.path).toBe('/api/v1/state/get');
    });
  });

  describe('job history', () => {
    it('lists past jobs newest first, 20 by default, paging beyond 100', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const base = sim.clock.now() - 10 * 86_400_000;
      const ids: number[] = [];
      for (let index = 0; index < 130; index += 1) {
        ids.push(
          sim.state.addHistoricJob({
            connectionId: connection.connectionId,
            status: index % 10 === 9 ? 'failed' : 'succeeded',
            createdAt: base + index * 3_600_000,
            rowsSynced: index,
            bytesSynced: index * 10,
          }).jobId,
        );
      }
      sim.requests.clear();
      const recent = await connection.getPreviousSyncLogs();
      expect(recent.map((result) => result.jobId)).toEqual(ids.slice(-20).reverse());
      expect(sim.requests.filter({ operationId: 'listJobs' })[0]?.query).toMatchObject({
        connectionId: [connection.connectionId],
        workspaceIds: [sim.workspaceId],
        orderBy: ['createdAt|DESC'],
        limit: ['20'],
        offset: ['0'],
      });
      // Job details come with the listing: reading them costs nothing.
      expect(await recent[0]?.getJobStatus()).toBe('failed');
      expect(await recent[1]?.getJobStatus()).toBe('succeeded');
      expect(await recent[0]?.getRecordsSynced()).toBe(129);
      expect(await recent[0]?.getStartTime()).toEqual(new Date(base + 129 * 3_600_000));
      expect(sim.requests.count({ operationId: 'getJob' })).toBe(0);

      const oldest = await connection.getPreviousSyncLogs({ limit: 3, fromTail: false, offset: 1 });
      expect(oldest.map((result) => result.jobId)).toEqual(ids.slice(1, 4));

      sim.requests.clear();
      const many = await connection.getPreviousSyncLogs({ limit: 125 });
      expect(many.map((result) => result.jobId)).toEqual(ids.slice(-125).reverse());
      expect(
        sim.requests
          .filter({ operationId: 'listJobs' })
          .map((entry) => [entry.query.limit?.[0], entry.query.offset?.[0]]),
      ).toEqual([
        ['100', '0'],
        ['25', '100'],
      ]);

      sim.requests.clear();
      expect(await connection.getPreviousSyncLogs({ limit: 500 })).toHaveLength(130);
      // 100, then 30 (short page: the last one).
      expect(sim.requests.count({ operationId: 'listJobs' })).toBe(2);

      await expect(connection.getPreviousSyncLogs({ limit: 0 })).rejects.toBeInstanceOf(PlatformInputError);
      await expect(connection.getPreviousSyncLogs({ offset: -1 })).rejects.toBeInstanceOf(PlatformInputError);
    });

    it('gets the latest result, a lazy one by id, or undefined without jobs', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      expect(await connection.getSyncResult()).toBeUndefined();
      const first = await connection.runSync();
      const second = await connection.runSync();
      expect((await connection.getSyncResult())?.jobId).toBe(second.jobId);
      sim.requests.clear();
      const lazy = await connection.getSyncResult(first.jobId);
      expect(lazy?.jobId).toBe(first.jobId);
      expect(sim.requests.count()).toBe(0);
      await expect(connection.getSyncResult(-1)).rejects.toBeInstanceOf(PlatformInputError);
    });
  });

  it('reports a sync that is already running as PlatformConnectionSyncError', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const { connection } = await deployFakerConnection(workspace);
    await connection.runSync({ wait: false });
    const error = await connection.runSync({ wait: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformConnectionSyncError);
    expect(error).toMatchObject({ status: 409, jobId: undefined, connectionId: connection.connectionId });
    expect((error as Error).message).toContain('A sync is already running');
    expect((error as PlatformConnectionSyncError).cause).toBeInstanceOf(PlatformApiError);
  });
});
