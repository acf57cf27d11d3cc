import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApiError } from '../errors/platform-api-error';
import { PlatformDuplicateResourcesError } from '../errors/platform-duplicate-resources-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformSafeModeError } from '../errors/platform-safe-mode-error';
import { loadManifest } from '../manifest/load-manifest';
import { closeCheckedSimulator } from '../test-support/close-checked-simulator';
import { simulatedWorkspace } from '../test-support/simulated-workspace';

const manifestFile = new URL('../manifest/__fixtures__/people-manifest.yaml', import.meta.url);

describe('custom source definitions', () => {
  let sim: CloudSimulator;
  beforeEach(async () => {
    sim = await startCloudSimulator();
  });
  // Every request of the test is checked against the platform's official SDK spec.
  afterEach(() => closeCheckedSimulator(sim), 60_000);

  it('publishes a YAML manifest from a file, a string or an object', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const fromFile = await workspace.publishCustomSourceDefinition({
      name: 'people',
      manifestYaml: manifestFile.pathname,
    });
    expect(fromFile).toMatchObject({ definitionType: 'yaml', name: 'people', version: '1' });
    expect(fromFile.manifest).toMatchObject({ type: 'DeclarativeSource', version: '6.0.0' });
    const created = sim.requests.filter({ operationId: 'createDeclarativeSourceDefinition' })[0];
    expect(created?.path).toBe(`/v1/workspaces/${sim.workspaceId}/definitions/declarative_sources`);
    expect(created?.body).toMatchObject({
      workspaceId: sim.workspaceId,
      name: 'people',
      manifest: { type: 'DeclarativeSource' },
    });

    const manifest = (await loadManifest(manifestFile)) as Record<string, unknown>;
    const fromObject = await workspace.publishCustomSourceDefinition({
      name: 'people-2',
      manifestYaml: manifest,
    });
    const { readFile } = await import('node:fs/promises');
    const fromString = await workspace.publishCustomSourceDefinition({
      name: 'people-3',
      manifestYaml: await readFile(manifestFile, 'utf8'),
    });
    expect(fromObject.manifest).toEqual(fromString.manifest);
    expect(fromObject.definitionUrl).toBe(`${workspace.workspaceUrl}/settings/source`);

    const listed = await workspace.listCustomSourceDefinitions({ definitionType: 'yaml' });
    expect(listed.map((definition) => definition.name).sort()).toEqual(['people', 'people-2', 'people-3']);
    const fetched = await workspace.getCustomSourceDefinition(fromFile.definitionId, {
      definitionType: 'yaml',
    });
    expect(fetched).toMatchObject({ definitionId: fromFile.definitionId, name: 'people', version: '1' });
  });

  it('needs exactly one of a manifest or a Docker image with its tag, checked before any call', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const bad = [
      { name: 'x' },
      { name: 'x', manifestYaml: manifestFile.pathname, dockerImage: 'acme/source', dockerTag: '1.0.0' },
      { name: 'x', dockerImage: 'acme/source' },
      { name: 'x', dockerTag: '1.0.0' },
      { name: 'x', dockerImage: 'acme/source', dockerTag: '1', testingValues: { a: 1 } },
      { name: '', manifestYaml: manifestFile.pathname },
    ];
    for (const options of bad) {
      await expect(
        workspace.publishCustomSourceDefinition(options),
        JSON.stringify(options),
      ).rejects.toBeInstanceOf(PlatformInputError);
    }
    expect(sim.requests.count()).toBe(0);
  });

  it('pre-validates the manifest locally, and can skip it', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const incomplete = { version: '6.0.0', type: 'DeclarativeSource', streams: [{}] };
    const error = await workspace
      .publishCustomSourceDefinition({ name: 'broken', manifestYaml: incomplete })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformInputError);
    expect((error as PlatformInputError).details.map((detail) => detail.field)).toEqual(['check', 'spec']);
    expect(sim.requests.count()).toBe(0);

    // Without pre-validation the platform itself refuses a manifest without a spec.
    const refused = await workspace
      .publishCustomSourceDefinition({ name: 'broken', manifestYaml: incomplete, preValidate: false })
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect(refused).toMatchObject({ status: 400 });
    await expect(
      workspace.publishCustomSourceDefinition({
        name: 'list',
        manifestYaml: '- a\n- b\n',
        preValidate: false,
      }),
    ).rejects.toThrow(/mapping/);
  });

  it('refuses a taken name when unique, and allows it otherwise', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const first = await workspace.publishCustomSourceDefinition({
      name: 'people',
      manifestYaml: manifestFile.pathname,
    });
    const error = await workspace
      .publishCustomSourceDefinition({ name: 'people', manifestYaml: manifestFile.pathname })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformDuplicateResourcesError);
    expect(error).toMatchObject({
      resourceType: 'custom_source_definition',
      resourceName: 'people',
      existingIds: [first.definitionId],
    });
    expect(sim.requests.count({ operationId: 'createDeclarativeSourceDefinition' })).toBe(1);
    const second = await workspace.publishCustomSourceDefinition({
      name: 'people',
      manifestYaml: manifestFile.pathname,
      unique: false,
    });
    expect(second.definitionId).not.toBe(first.definitionId);
  });

  it("replaces the builder project's testing values", async () => {
    const { workspace } = simulatedWorkspace(sim);
    const definition = await workspace.publishCustomSourceDefinition({
      name: 'people',
      manifestYaml: manifestFile.pathname,
      testingValues: { api_key: 'k-1', region: 'eu' },
    });
    const update = sim.requests.filter({ operationId: 'updateConnectorBuilderProjectTestingValues' })[0];
    expect(update?.body).toMatchObject({
      workspaceId: sim.workspaceId,
      builderProjectId: expect.any(String),
      spec: {
        documentationUrl: 'https://people.example.test/docs',
        connectionSpecification: { required: ['api_key'] },
      },
    });
    expect(await definition.getTestingValues()).toEqual({ api_key: '**********', region: 'eu' });
    await definition.setTestingValues({ page_size: 5 });
    expect(await definition.getTestingValues()).toEqual({ page_size: 5 });
    expect(await definition.getConnectorBuilderProjectId()).toBe(
      update?.body && (update.body as { builderProjectId: string }).builderProjectId,
    );
    expect(sim.requests.count({ operationId: 'getConnectorBuilderProjectIdForDefinitionId' })).toBe(1);
  });

  it('publishes and lists Docker definitions where the platform allows them', async () => {
    await sim.close();
    sim = await startCloudSimulator({ edition: 'self-managed' });
    const { workspace } = simulatedWorkspace(sim);
    const definition = await workspace.publishCustomSourceDefinition({
      name: 'acme',
      dockerImage: 'acme/source-acme',
      dockerTag: '1.2.3',
      documentationUrl: 'https://acme.example/docs',
    });
    expect(definition).toMatchObject({
      definitionType: 'docker',
      dockerRepository: 'acme/source-acme',
      dockerImageTag: '1.2.3',
      documentationUrl: 'https://acme.example/docs',
      manifest: undefined,
    });
    expect(sim.requests.filter({ operationId: 'createSourceDefinition' })[0]?.body).toEqual({
      name: 'acme',
      dockerRepository: 'acme/source-acme',
      dockerImageTag: '1.2.3',
      documentationUrl: 'https://acme.example/docs',
    });
    const listed = await workspace.listCustomSourceDefinitions({ definitionType: 'docker' });
    expect(listed.map((item) => item.definitionId)).toContain(definition.definitionId);
    await expect(
      workspace.publishCustomSourceDefinition({ name: 'acme', dockerImage: 'acme/other', dockerTag: '1' }),
    ).rejects.toBeInstanceOf(PlatformDuplicateResourcesError);
    expect(
      (await workspace.getCustomSourceDefinition(definition.definitionId, { definitionType: 'docker' })).name,
    ).toBe('acme');
    expect(await definition.getConnectorBuilderProjectId()).toBeUndefined();
    await expect(definition.setTestingValues({})).rejects.toBeInstanceOf(PlatformInputError);
    await expect(
      workspace.getCustomSourceDefinition(definition.definitionId, { definitionType: 'zip' as never }),
    ).rejects.toBeInstanceOf(PlatformInputError);
  });

  it('reports the platform refusing Docker definitions on the hosted edition', async () => {
    const { workspace } = simulatedWorkspace(sim);
    await expect(
      workspace.publishCustomSourceDefinition({ name: 'acme', dockerImage: 'acme/source', dockerTag: '1' }),
    ).rejects.toMatchObject({ name: 'PlatformApiError', status: 400 });
  });

  it('deletes in safe mode only definitions named delete-me', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const kept = await workspace.publishCustomSourceDefinition({
      name: 'people',
      manifestYaml: manifestFile.pathname,
    });
    await expect(kept.permanentlyDelete()).rejects.toBeInstanceOf(PlatformSafeModeError);
    expect(sim.requests.count({ method: 'DELETE' })).toBe(0);
    const doomed = await workspace.publishCustomSourceDefinition({
      name: 'people (delete-me)',
      manifestYaml: manifestFile.pathname,
    });
    await doomed.permanentlyDelete();
    await kept.permanentlyDelete({ safeMode: false });
    expect(await workspace.listCustomSourceDefinitions({ definitionType: 'yaml' })).toEqual([]);
    await expect(
      workspace.getCustomSourceDefinition(doomed.definitionId, { definitionType: 'yaml' }),
    ).rejects.toMatchObject({ name: 'PlatformMissingResourceError', resourceId: doomed.definitionId });
  });
});
