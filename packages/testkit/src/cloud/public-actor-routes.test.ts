import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('sources and destinations', () => {
  let sim: CloudSimulator;

  beforeAll(async () => {
    sim = await startCloudSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const postgresConfig = {
    destinationType: 'postgres',
    host: '127.0.0.1',
    port: 5432,
    database: 'test',
    schema: 'public',
    username: 'postgres',
    password: 'hunter2',
  };

  it('maps sourceType to a definition, strips it from the stored config and echoes it', async () => {
    const created = await callCloud(sim, 'POST', '/sources', {
      body: {
        name: 'My faker',
        workspaceId: sim.workspaceId,
        configuration: { sourceType: 'faker', count: 10 },
      },
    });
    expect(created.status).toBe(200);
    const body = created.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'My faker',
      sourceType: 'faker',
      definitionId: 'dfd88b22-b603-4c3d-aad7-3701784586b1',
      workspaceId: sim.workspaceId,
      configuration: { count: 10 },
    });
    expect(body.configuration).not.toHaveProperty('sourceType');
    expect(typeof body.createdAt).toBe('number');
    expect(sim.state.sources.get(body.sourceId as string)?.configuration).toEqual({ count: 10 });
  });

  it('answers 422 without a sourceType and 400 value-not-found for an unknown one', async () => {
    const missing = await callCloud(sim, 'POST', '/sources', {
      body: { name: 's', workspaceId: sim.workspaceId, configuration: {} },
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ title: 'unprocessable-entity' });
    const unknown = await callCloud(sim, 'POST', '/sources', {
      body: { name: 's', workspaceId: sim.workspaceId, configuration: { sourceType: 'mainframe' } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ title: 'value-not-found', data: { value: 'mainframe' } });
    const noWorkspace = await callCloud(sim, 'POST', '/sources', {
      body: {
        name: 's',
        workspaceId: '00000000-0000-4000-8000-000000000000',
        configuration: { sourceType: 'faker' },
      },
    });
    expect(noWorkspace.status).toBe(404);
  });

  it('deploys by definitionId, including the dev-null override id', async () => {
    const devNull = await callCloud(sim, 'POST', '/destinations', {
      body: {
        name: 'Null',
        workspaceId: sim.workspaceId,
        definitionId: 'a7bcc9d8-13b3-4e49-b80d-d020b90045e3',
        configuration: { destinationType: 'dev-null', test_destination: { test_destination_type: 'SILENT' } },
      },
    });
    expect(devNull.status).toBe(200);
    expect(devNull.body).toMatchObject({
      destinationType: 'dev-null',
      definitionId: 'a7bcc9d8-13b3-4e49-b80d-d020b90045e3',
    });
    const unknown = await callCloud(sim, 'POST', '/destinations', {
      body: {
        name: 'Null',
        workspaceId: sim.workspaceId,
        definitionId: '00000000-0000-4000-8000-000000000000',
        configuration: {},
      },
    });
    expect(unknown.status).toBe(404);
  });

  it('masks secrets, deep-merges PATCH configurations and keeps secrets sent back masked', async () => {
    const created = await callCloud(sim, 'POST', '/destinations', {
      body: { name: 'Warehouse', workspaceId: sim.workspaceId, configuration: postgresConfig },
    });
    const id = (created.body as { destinationId: string }).destinationId;
    expect(created.body).toMatchObject({
      destinationType: 'postgres',
      configuration: { password: '**********' },
    });
    const fetched = await callCloud(sim, 'GET', `/destinations/${id}`);
    expect((fetched.body as { configuration: Record<string, unknown> }).configuration.password).toBe(
      '**********',
    );

    const patched = await callCloud(sim, 'PATCH', `/destinations/${id}`, {
      body: { name: 'Warehouse 2', configuration: { schema: 'analytics', password: '**********' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Warehouse 2',
      configuration: { schema: 'analytics', host: '127.0.0.1' },
    });
    expect(sim.state.destinations.get(id)?.configuration.password).toBe('hunter2');

    const put = await callCloud(sim, 'PUT', `/destinations/${id}`, {
      body: {
        name: 'Warehouse 3',
        configuration: {
          host: '127.0.0.1',
          port: 5433,
          database: 'test',
          username: 'u',
          password: '**********',
        },
      },
    });
    expect(put.status).toBe(200);
    expect(sim.state.destinations.get(id)?.configuration).toEqual({
      host: '127.0.0.1',
      port: 5433,
      database: 'test',
      username: 'u',
      password: 'hunter2',
    });

    const broken = await callCloud(sim, 'PATCH', `/destinations/${id}`, {
      body: { configuration: { host: '' } },
    });
    expect(broken.status).toBe(400);
  });

  it('refuses destination configurations missing required fields', async () => {
    const answer = await callCloud(sim, 'POST', '/destinations', {
      body: { name: 'Duck', workspaceId: sim.workspaceId, configuration: { destinationType: 'duckdb' } },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('destination_path');
  });

  it('lists with workspace filter and paging, and soft-deletes with a cascade to connections', async () => {
    const other = sim.state.addWorkspace({ name: 'Other' });
    const deployed = await deployFakerConnection(sim, { workspaceId: other.workspaceId });
    const listed = await callCloud(
      sim,
      'GET',
      `/sources?includeDeleted=false&limit=100&offset=0&workspaceIds=${other.workspaceId}`,
    );
    const page = listed.body as { data: Array<{ sourceId: string }>; next: string };
    expect(page.data.map((source) => source.sourceId)).toEqual([deployed.sourceId]);
    expect(page.next).toBe(
      `${sim.apiRoot}/sources?includeDeleted=false&workspaceIds=${other.workspaceId}&limit=100&offset=100`,
    );

    expect((await callCloud(sim, 'DELETE', `/sources/${deployed.sourceId}`)).status).toBe(204);
    expect((await callCloud(sim, 'GET', `/sources/${deployed.sourceId}`)).status).toBe(404);
    const connection = await callCloud(sim, 'GET', `/connections/${deployed.connectionId}`);
    expect(connection.body).toMatchObject({ status: 'deprecated' });
    const deletedListed = await callCloud(
      sim,
      'GET',
      `/sources?workspaceIds=${other.workspaceId}&includeDeleted=true`,
    );
    expect((deletedListed.body as { data: unknown[] }).data).toHaveLength(1);
    expect((await callCloud(sim, 'DELETE', `/destinations/${deployed.destinationId}`)).status).toBe(204);
    expect((await callCloud(sim, 'DELETE', `/destinations/${deployed.destinationId}`)).status).toBe(404);
  });

  it('answers 400 for invalid workspaceIds in a list query', async () => {
    const answer = await callCloud(sim, 'GET', '/destinations?workspaceIds=not-a-uuid');
    expect(answer.status).toBe(400);
  });
});
