import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCloud } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

const manifest = {
  version: '6.0.0',
  type: 'DeclarativeSource',
  check: { type: 'CheckStream', stream_names: ['pets'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'pets',
      primary_key: ['id'],
      schema_loader: {
        type: 'InlineSchemaLoader',
        schema: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      },
    },
  ],
  spec: {
    type: 'Spec',
    connection_specification: {
      type: 'object',
      required: ['api_key'],
      properties: { api_key: { type: 'string', airbyte_secret: true }, region: { type: 'string' } },
    },
  },
};

describe('custom declarative source definitions', () => {
  let sim: CloudSimulator;
  let base: string;

  beforeAll(async () => {
    sim = await startCloudSimulator();
    base = `/workspaces/${sim.workspaceId}/definitions/declarative_sources`;
  });
  afterAll(async () => {
    await sim.close();
  });

  const config = (path: string, body: unknown) => callCloud(sim, 'POST', path, { root: 'config', body });

  it('creates version 1 with a builder project, lists, gets, updates to max + 1 and deletes with a body', async () => {
    const created = await callCloud(sim, 'POST', base, { body: { name: 'Pets API', manifest } });
    expect(created.status).toBe(200);
    const definition = created.body as { id: string; name: string; version: number; manifest: unknown };
    expect(definition).toMatchObject({ name: 'Pets API', version: 1, manifest });

    expect((await callCloud(sim, 'GET', base)).body).toEqual({ data: [definition] });
    expect((await callCloud(sim, 'GET', `${base}/${definition.id}`)).body).toEqual(definition);

    const changed = { ...manifest, version: '6.1.0' };
    const updated = await callCloud(sim, 'PUT', `${base}/${definition.id}`, { body: { manifest: changed } });
    expect(updated.body).toMatchObject({ id: definition.id, version: 2, manifest: changed });
    const again = await callCloud(sim, 'PUT', `${base}/${definition.id}`, { body: { manifest } });
    expect(again.body).toMatchObject({ version: 3 });

    const project = await config('/connector_builder_projects/get_for_definition_id', {
      actorDefinitionId: definition.id,
      workspaceId: sim.workspaceId,
    });
    const builderProjectId = (project.body as { builderProjectId: string }).builderProjectId;
    expect(project.body).toEqual({ builderProjectId: expect.any(String), workspaceId: sim.workspaceId });

    const deleted = await callCloud(sim, 'DELETE', `${base}/${definition.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: definition.id, version: 3 });
    expect((await callCloud(sim, 'GET', `${base}/${definition.id}`)).status).toBe(404);
    expect((await callCloud(sim, 'GET', base)).body).toEqual({ data: [] });
    const gone = await config('/connector_builder_projects/get_with_manifest', {
      workspaceId: sim.workspaceId,
      builderProjectId,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses a manifest without spec and unknown definitions', async () => {
    const { spec: _spec, ...withoutSpec } = manifest;
    const answer = await callCloud(sim, 'POST', base, { body: { name: 'No spec', manifest: withoutSpec } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ data: { message: 'The manifest must contain a spec.' } });
    expect((await callCloud(sim, 'GET', `${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('serves the builder project with its manifest, draft and replaced testing values', async () => {
    const created = await callCloud(sim, 'POST', base, { body: { name: 'Builder', manifest } });
    const definitionId = (created.body as { id: string }).id;
    const { builderProjectId } = (
      await config('/connector_builder_projects/get_for_definition_id', {
        actorDefinitionId: definitionId,
        workspaceId: sim.workspaceId,
      })
    ).body as { builderProjectId: string };

    const read = await config('/connector_builder_projects/get_with_manifest', {
      workspaceId: sim.workspaceId,
      builderProjectId,
    });
    expect(read.body).toMatchObject({
      builderProject: {
        name: 'Builder',
        builderProjectId,
        sourceDefinitionId: definitionId,
        activeDeclarativeManifestVersion: 1,
        hasDraft: false,
      },
      declarativeManifest: { manifest, isDraft: false, version: 1 },
    });
    expect(read.body).not.toHaveProperty('testingValues');

    const spec = { connectionSpecification: manifest.spec.connection_specification };
    const first = await config('/connector_builder_projects/update_testing_values', {
      workspaceId: sim.workspaceId,
      builderProjectId,
      spec,
      testingValues: { api_key: 'k-1', region: 'eu' },
    });
    expect(first.body).toEqual({ api_key: '**********', region: 'eu' });
    const second = await config('/connector_builder_projects/update_testing_values', {
      workspaceId: sim.workspaceId,
      builderProjectId,
      spec: {},
      testingValues: { page_size: 5 },
    });
    expect(second.body).toEqual({ page_size: 5 });

    const project = sim.state.builderProjects.get(builderProjectId);
    if (project) project.draftManifest = { ...manifest, description: 'draft' };
    const withDraft = await config('/connector_builder_projects/get_with_manifest', {
      workspaceId: sim.workspaceId,
      builderProjectId,
    });
    expect(withDraft.body).toMatchObject({
      builderProject: { hasDraft: true },
      declarativeManifest: { isDraft: true, manifest: { description: 'draft' } },
      testingValues: { page_size: 5 },
    });

    const none = await config('/connector_builder_projects/get_for_definition_id', {
      actorDefinitionId: '00000000-0000-4000-8000-000000000000',
      workspaceId: sim.workspaceId,
    });
    expect(none.body).toEqual({ builderProjectId: null, workspaceId: null });
  });

  it('deploys a source from a definition and syncs the streams its manifest declares', async () => {
    const created = await callCloud(sim, 'POST', base, { body: { name: 'Pets deploy', manifest } });
    const definitionId = (created.body as { id: string }).id;
    const source = await callCloud(sim, 'POST', '/sources', {
      body: {
        name: 'pets source',
        workspaceId: sim.workspaceId,
        definitionId,
        configuration: { api_key: 'k', count: 3 },
      },
    });
    expect(source.body).toMatchObject({
      sourceType: '',
      definitionId,
      configuration: { api_key: '**********', count: 3 },
    });
    const sourceId = (source.body as { sourceId: string }).sourceId;
    expect((await config('/sources/check_connection', { sourceId })).body).toMatchObject({
      status: 'succeeded',
    });
    await callCloud(sim, 'PATCH', `/sources/${sourceId}`, { body: { configuration: { region: 'eu' } } });
    const missingKey = await callCloud(sim, 'POST', '/sources', {
      body: { name: 'keyless', workspaceId: sim.workspaceId, definitionId, configuration: {} },
    });
    const keylessId = (missingKey.body as { sourceId: string }).sourceId;
    expect((await config('/sources/check_connection', { sourceId: keylessId })).body).toMatchObject({
      status: 'failed',
      message: 'Missing required configuration: api_key',
    });

    const destination = await callCloud(sim, 'POST', '/destinations', {
      body: { name: 'null', workspaceId: sim.workspaceId, configuration: { destinationType: 'dev-null' } },
    });
    const connection = await callCloud(sim, 'POST', '/connections', {
      body: { sourceId, destinationId: (destination.body as { destinationId: string }).destinationId },
    });
    const connectionBody = connection.body as {
      connectionId: string;
      configurations: { streams: Array<{ name: string }> };
    };
    expect(connectionBody.configurations.streams.map((stream) => stream.name)).toEqual(['pets']);
    sim.scriptJob(connectionBody.connectionId, { pendingMs: 0, attemptDurationMs: 10 });
    const job = await callCloud(sim, 'POST', '/jobs', {
      body: { connectionId: connectionBody.connectionId, jobType: 'sync' },
    });
    sim.clock.advance(10);
    const done = await callCloud(sim, 'GET', `/jobs/${(job.body as { jobId: number }).jobId}`);
    expect(done.body).toMatchObject({ status: 'succeeded', rowsSynced: 3 });
  });
});

describe('custom Docker source definitions', () => {
  it('are refused on Cloud with 400 but listed with the built-in definitions', async () => {
    const sim = await startCloudSimulator();
    try {
      const base = `/workspaces/${sim.workspaceId}/definitions/sources`;
      const refused = await callCloud(sim, 'POST', base, {
        body: { name: 'Mine', dockerRepository: 'acme/source-mine', dockerImageTag: '1.0.0' },
      });
      expect(refused.status).toBe(400);
      const listed = (await callCloud(sim, 'GET', base)).body as { data: Array<{ name: string }> };
      expect(listed.data.map((definition) => definition.name)).toContain('Sample Data (Faker)');
    } finally {
      await sim.close();
    }
  });

  it('support create, get, update, list and delete on a self-managed edition', async () => {
    const sim = await startCloudSimulator({ edition: 'self-managed' });
    try {
      const base = `/workspaces/${sim.workspaceId}/definitions/sources`;
      const created = await callCloud(sim, 'POST', base, {
        body: {
          name: 'Mine',
          dockerRepository: 'acme/source-mine',
          dockerImageTag: '1.0.0',
          documentationUrl: 'https://docs.example.com/mine',
        },
      });
      expect(created.status).toBe(200);
      const id = (created.body as { id: string }).id;
      expect((await callCloud(sim, 'GET', `${base}/${id}`)).body).toEqual({
        id,
        name: 'Mine',
        dockerRepository: 'acme/source-mine',
        dockerImageTag: '1.0.0',
        documentationUrl: 'https://docs.example.com/mine',
      });
      const updated = await callCloud(sim, 'PUT', `${base}/${id}`, {
        body: { name: 'Mine v2', dockerImageTag: '2.0.0' },
      });
      expect(updated.body).toMatchObject({ name: 'Mine v2', dockerImageTag: '2.0.0' });
      const listed = (await callCloud(sim, 'GET', base)).body as { data: Array<{ id: string }> };
      expect(listed.data.map((definition) => definition.id)).toContain(id);

      const source = await callCloud(sim, 'POST', '/sources', {
        body: { name: 'docker source', workspaceId: sim.workspaceId, definitionId: id, configuration: {} },
      });
      expect(source.body).toMatchObject({ sourceType: '', definitionId: id });

      const builtIn = await callCloud(sim, 'DELETE', `${base}/dfd88b22-b603-4c3d-aad7-3701784586b1`);
      expect(builtIn.status).toBe(400);
      expect((await callCloud(sim, 'DELETE', `${base}/${id}`)).body).toMatchObject({ id, name: 'Mine v2' });
      expect((await callCloud(sim, 'GET', `${base}/${id}`)).status).toBe(404);
    } finally {
      await sim.close();
    }
  });
});
