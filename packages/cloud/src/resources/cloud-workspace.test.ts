import { inspect } from 'node:util';
import { ValidationError } from '@conduit/protocol';
import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApiError } from '../errors/platform-api-error';
import { PlatformDuplicateResourcesError } from '../errors/platform-duplicate-resources-error';
import { PlatformError } from '../errors/platform-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { PlatformSafeModeError } from '../errors/platform-safe-mode-error';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { closeCheckedSimulator } from '../test-support/close-checked-simulator';
import {
  deployFakerConnection,
  deployFakerPair,
  simulatedWorkspace,
} from '../test-support/simulated-workspace';
import { CloudSource } from './cloud-source';
import { CloudWorkspace } from './cloud-workspace';

describe('CloudWorkspace', () => {
  let sim: CloudSimulator;
  beforeEach(async () => {
    sim = await startCloudSimulator();
  });
  // Every request of the test is checked against the platform's official SDK spec.
  afterEach(() => closeCheckedSimulator(sim), 60_000);

  describe('construction', () => {
    it('needs a workspace id and exactly one authentication method', () => {
      expect(() => new CloudWorkspace({ workspaceId: '', bearerToken: 't' })).toThrow(PlatformInputError);
      expect(() => new CloudWorkspace({ workspaceId: 'w' })).toThrow(ValidationError);
      expect(
        () => new CloudWorkspace({ workspaceId: 'w', bearerToken: 't', clientId: 'i', clientSecret: 's' }),
      ).toThrow(ValidationError);
    });

    it('exposes the seed properties without making a request', () => {
      const workspace = new CloudWorkspace({
        workspaceId: 'ws-1',
        clientId: 'the-id',
        clientSecret: 'the-secret',
      });
      expect(workspace.workspaceId).toBe('ws-1');
      expect(workspace.apiRoot).toBe('https://api.airbyte.com/v1');
      expect(workspace.workspaceUrl).toBe('https://cloud.airbyte.com/workspaces/ws-1');
      expect(workspace.clientId?.reveal()).toBe('the-id');
      expect(workspace.clientSecret?.reveal()).toBe('the-secret');
      expect(workspace.bearerToken).toBeUndefined();
      expect(inspect(workspace)).not.toContain('the-secret');
      expect(JSON.stringify(workspace)).not.toContain('the-secret');

      const { workspace: local } = simulatedWorkspace(sim);
      expect(local.workspaceUrl).toBe(`${sim.origin}/workspaces/${sim.workspaceId}`);
      local.getConnection('c');
      local.getSource('s');
      local.getDestination('d');
      expect(sim.requests.count()).toBe(0);
      expect(() => local.getConnection('')).toThrow(PlatformInputError);
    });

    it('fromEnv reads the workspace id and credentials from the environment', () => {
      const env = {
        PLATFORM_CLOUD_WORKSPACE_ID: 'ws-env',
        PLATFORM_CLOUD_CLIENT_ID: 'id',
        PLATFORM_CLOUD_CLIENT_SECRET: 'secret',
        PLATFORM_CLOUD_API_URL: 'https://airbyte.internal/api/public/v1',
      };
      const workspace = CloudWorkspace.fromEnv({ env });
      expect(workspace.workspaceId).toBe('ws-env');
      expect(workspace.config.usesClientCredentials).toBe(true);
      expect(workspace.apiRoot).toBe('https://airbyte.internal/api/public/v1');
      expect(workspace.workspaceUrl).toBe('https://airbyte.internal/workspaces/ws-env');
      expect(
        CloudWorkspace.fromEnv({ env, workspaceId: 'ws-arg', apiRoot: 'https://x.example/v1' }),
      ).toMatchObject({
        workspaceId: 'ws-arg',
        apiRoot: 'https://x.example/v1',
      });
      expect(
        CloudWorkspace.fromEnv({ env: { ...env, PLATFORM_CLOUD_BEARER_TOKEN: 'b' } }).config.usesBearerToken,
      ).toBe(true);
      expect(() => CloudWorkspace.fromEnv({ env: { PLATFORM_CLOUD_BEARER_TOKEN: 'b' } })).toThrow(
        PlatformSecretNotFoundError,
      );
      expect(() => CloudWorkspace.fromEnv({ env: { PLATFORM_CLOUD_WORKSPACE_ID: 'w' } })).toThrow(
        PlatformSecretNotFoundError,
      );
    });
  });

  describe('connect and authentication', () => {
    it('connects with a bearer token and reports a refused one', async () => {
      const { workspace } = simulatedWorkspace(sim);
      await workspace.connect();
      expect(sim.requests.last).toMatchObject({ operationId: 'getWorkspace', status: 200 });
      sim.auth.revokeBearerToken();
      const error = await workspace.connect().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(JSON.stringify((error as PlatformApiError).request)).not.toContain(sim.credentials.bearerToken);
    });

    it('reports an unknown workspace as missing', async () => {
      const { workspace } = simulatedWorkspace(sim, { workspaceId: '00000000-0000-4000-8000-000000000000' });
      await expect(workspace.connect()).rejects.toBeInstanceOf(PlatformMissingResourceError);
    });

    it('exchanges client credentials once, as a form, and again only after the token is refused', async () => {
      const { workspace } = simulatedWorkspace(sim, { auth: 'client-credentials' });
      await workspace.connect();
      await workspace.connect();
      await workspace.listConnections();
      expect(sim.auth.issuedCount).toBe(1);
      const exchange = sim.requests.filter({ operationId: 'createAccessToken' })[0];
      expect(exchange?.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(exchange?.body).toMatchObject({
        grant_type: 'client_credentials',
        client_id: sim.credentials.clientId,
      });
      expect(exchange?.path).toBe('/v1/applications/token');

      sim.auth.expireIssuedTokens();
      await workspace.connect();
      expect(sim.auth.issuedCount).toBe(2);
      expect(sim.requests.filter({ operationId: 'getWorkspace' }).map((entry) => entry.status)).toEqual([
        200, 200, 401, 200,
      ]);
    });

    it('fails clearly when the client secret is wrong', async () => {
      const { workspace } = simulatedWorkspace(sim, { auth: 'client-credentials' });
      const sent = sim.credentials.clientSecret;
      sim.auth.rotateClientSecret('rotated');
      const error = await workspace.connect().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error).toMatchObject({ status: 400, code: 'bad_request' });
      expect((error as Error).message).toContain('Invalid client id or token');
      expect(String((error as Error).message)).not.toContain(sent);
      expect(JSON.stringify(error)).not.toContain(sent);
      expect(sim.requests.count({ operationId: 'getWorkspace' })).toBe(0);
    });
  });

  describe('deploying', () => {
    it('deploys a source from a local connector with its type, refusing a taken name', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const source = await workspace.deploySource({
        name: 'people',
        source: { connectorName: 'source-faker', config: { count: 3 } },
      });
      expect(source).toBeInstanceOf(CloudSource);
      expect(source.sourceId).toBe(source.connectorId);
      const created = sim.requests.filter({ operationId: 'createSource' })[0];
      expect(created?.body).toEqual({
        name: 'people',
        workspaceId: sim.workspaceId,
        configuration: { count: 3, sourceType: 'faker' },
      });
      const gets = sim.requests.count({ operationId: 'getSource' });
      expect(await source.getName()).toBe('people');
      expect((await source.getInfo()).connectorType).toBe('faker');
      expect(sim.requests.count({ operationId: 'getSource' })).toBe(gets);
      expect(source.connectorUrl).toBe(`${workspace.workspaceUrl}/source/${source.sourceId}`);

      const posts = sim.requests.count({ operationId: 'createSource' });
      const duplicate = await workspace
        .deploySource({ name: 'people', source: { sourceType: 'faker' } })
        .catch((caught: unknown) => caught);
      expect(duplicate).toBeInstanceOf(PlatformDuplicateResourcesError);
      expect(duplicate).toMatchObject({
        resourceType: 'source',
        resourceName: 'people',
        existingIds: [source.sourceId],
      });
      expect(sim.requests.count({ operationId: 'createSource' })).toBe(posts);

      const again = await workspace.deploySource({
        name: 'people',
        source: { sourceType: 'faker' },
        unique: false,
      });
      expect(again.sourceId).not.toBe(source.sourceId);
    });

    it('appends a random suffix before checking uniqueness', async () => {
      const { workspace } = simulatedWorkspace(sim);
      await workspace.deploySource({ name: 'people', source: { sourceType: 'faker' } });
      const suffixed = await workspace.deploySource({
        name: 'people',
        source: { sourceType: 'faker' },
        randomNameSuffix: true,
      });
      expect(await suffixed.getName()).toMatch(/^people \(ID: [0-9a-z]{9}\)$/);
    });

    it('needs the connector type and a name before sending anything', async () => {
      const { workspace } = simulatedWorkspace(sim);
      await expect(workspace.deploySource({ name: 'x', source: { count: 1 } })).rejects.toThrow(
        /Missing sourceType/,
      );
      await expect(workspace.deployDestination({ name: 'x', destination: { host: 'h' } })).rejects.toThrow(
        /Missing destinationType/,
      );
      await expect(workspace.deploySource({ name: ' ', source: { sourceType: 'faker' } })).rejects.toThrow(
        PlatformInputError,
      );
      expect(sim.requests.count()).toBe(0);
    });

    it('deploys destinations, naming the dev-null definition explicitly', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const sink = await workspace.deployDestination({
        name: 'sink',
        destination: {
          connectorName: 'destination-dev-null',
          config: { test_destination: { test_destination_type: 'SILENT' } },
        },
      });
      expect(sim.requests.filter({ operationId: 'createDestination' })[0]?.body).toMatchObject({
        definitionId: 'a7bcc9d8-13b3-4e49-b80d-d020b90045e3',
        configuration: { destinationType: 'dev-null' },
      });
      const duck = await workspace.deployDestination({
        name: 'duck',
        destination: { destinationType: 'duckdb', destination_path: '/local/x.duckdb' },
      });
      expect((await duck.getInfo()).connectorType).toBe('duckdb');
      expect(sink.destinationId).not.toBe(duck.destinationId);
      await expect(
        workspace.deployDestination({
          name: 'duck',
          destination: { destinationType: 'duckdb', destination_path: '/local/y' },
        }),
      ).rejects.toBeInstanceOf(PlatformDuplicateResourcesError);
    });

    it('deploys a connection with the exact body of the original client', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { source, destination } = await deployFakerPair(workspace);
      const connection = await workspace.deployConnection({
        connectionName: 'faker to sink',
        source,
        destination: destination.destinationId,
        selectedStreams: ['users', 'purchases'],
        tablePrefix: 'raw_',
      });
      expect(sim.requests.filter({ operationId: 'createConnection' })[0]?.body).toEqual({
        destinationId: destination.destinationId,
        sourceId: source.sourceId,
        configurations: { streams: [{ name: 'users' }, { name: 'purchases' }] },
        name: 'faker to sink',
        namespaceDefinition: 'destination',
        nonBreakingSchemaUpdatesBehavior: 'ignore',
        prefix: 'raw_',
      });
      const gets = sim.requests.count({ operationId: 'getConnection' });
      expect(await connection.getStreamNames()).toEqual(['users', 'purchases']);
      expect(await connection.getTablePrefix()).toBe('raw_');
      expect(await connection.getSourceId()).toBe(source.sourceId);
      expect(sim.requests.count({ operationId: 'getConnection' })).toBe(gets);
      expect(sim.state.connections.get(connection.connectionId)?.schedule).toEqual({
        scheduleType: 'manual',
      });
    });

    it('refuses an empty stream selection or a bad source before sending anything', async () => {
      const { workspace } = simulatedWorkspace(sim);
      await expect(
        workspace.deployConnection({
          connectionName: 'c',
          source: 's',
          destination: 'd',
          selectedStreams: [],
        }),
      ).rejects.toThrow(/No streams selected/);
      await expect(
        workspace.deployConnection({
          connectionName: 'c',
          source: workspace.getDestination('d') as never,
          destination: 'd',
          selectedStreams: ['users'],
        }),
      ).rejects.toThrow(PlatformInputError);
      expect(sim.requests.count()).toBe(0);
    });
  });

  describe('listing', () => {
    it('pages through everything and filters by exact name or predicate', async () => {
      const { workspace } = simulatedWorkspace(sim);
      for (let index = 0; index < 205; index += 1) {
        await workspace.deploySource({
          name: `source-${index}`,
          source: { sourceType: 'faker' },
          unique: false,
        });
      }
      sim.requests.clear();
      const all = await workspace.listSources();
      expect(all).toHaveLength(205);
      // 100 + 100 + 5, then the empty page the platform's `next` link always leads to (the
      // offsets are the server's own, from its links).
      expect(sim.requests.count({ operationId: 'listSources' })).toBe(4);
      expect(
        sim.requests.filter({ operationId: 'listSources' }).map((entry) => entry.query.offset?.[0]),
      ).toEqual(['0', '100', '200', '300']);
      expect(new Set(all.map((source) => source.sourceId)).size).toBe(205);
      const gets = sim.requests.count({ operationId: 'getSource' });
      expect(await all[7]?.getName()).toBe('source-7');
      expect(sim.requests.count({ operationId: 'getSource' })).toBe(gets);

      expect((await workspace.listSources({ name: 'source-42' })).map((source) => source.sourceId)).toEqual([
        all[42]?.sourceId,
      ]);
      expect(await workspace.listSources({ name: 'SOURCE-42' })).toEqual([]);
      const filtered = await workspace.listSources({
        nameFilter: (name) => name.endsWith('0') && name.length === 9,
      });
      expect(await Promise.all(filtered.map((source) => source.getName()))).toEqual(
        Array.from({ length: 9 }, (_, index) => `source-${(index + 1) * 10}`),
      );
      await expect(workspace.listSources({ name: 'a', nameFilter: () => true })).rejects.toThrow(
        PlatformInputError,
      );
    });

    it('lists connections and destinations of this workspace only', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection, destination } = await deployFakerConnection(workspace, { name: 'mine' });
      const other = sim.state.addWorkspace({ name: 'Other' });
      const { workspace: otherWorkspace } = simulatedWorkspace(sim, { workspaceId: other.workspaceId });
      await deployFakerConnection(otherWorkspace, { name: 'theirs' });

      const connections = await workspace.listConnections();
      expect(connections.map((item) => item.connectionId)).toEqual([connection.connectionId]);
      expect(await connections[0]?.getName()).toBe('mine');
      expect((await workspace.listDestinations()).map((item) => item.destinationId)).toEqual([
        destination.destinationId,
      ]);
      expect(await workspace.listConnections({ name: 'theirs' })).toEqual([]);
    });

    it('follows next links by path and query only, never to their host', async () => {
      await sim.close();
      sim = await startCloudSimulator({ pageLinkBase: 'https://evil.example/v1' });
      const hosts: string[] = [];
      const { workspace } = simulatedWorkspace(sim, {
        fetch: (input, init) => {
          hosts.push(new URL(input instanceof Request ? input.url : String(input)).host);
          return globalThis.fetch(input, init);
        },
      });
      for (let index = 0; index < 120; index += 1) {
        await workspace.deployDestination({
          name: `sink-${index}`,
          destination: { destinationType: 'dev-null' },
          unique: false,
        });
      }
      sim.requests.clear();
      hosts.length = 0;
      expect(await workspace.listDestinations()).toHaveLength(120);
      expect(new Set(hosts)).toEqual(new Set([new URL(sim.origin).host]));
      expect(sim.requests.count({ operationId: 'listDestinations' })).toBe(3);
      for (const entry of sim.requests.filter({ operationId: 'listDestinations' })) {
        expect(entry.query.workspaceIds).toEqual([sim.workspaceId]);
        expect(entry.headers.authorization).toBe('[REDACTED]');
      }
    });
  });

  describe('organization', () => {
    it('reads the organization once and caches it', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const organization = await workspace.getOrganization();
      expect(organization).toMatchObject({
        organizationId: sim.organizationId,
        organizationName: 'Simulated Organization',
        isAccountLocked: false,
      });
      await workspace.getOrganization();
      expect(sim.requests.count({ operationId: 'getOrganizationInfo' })).toBe(1);
      expect(sim.requests.filter({ operationId: 'getOrganizationInfo' })[0]?.path).toBe(
        '/api/v1/workspaces/get_organization_info',
      );
    });

    it('raises a PlatformError without ORGANIZATION_READER, or gives undefined with raiseOnError: false', async () => {
      const { workspace } = simulatedWorkspace(sim);
      sim.state.setOrganizationReader(false);
      const error = await workspace.getOrganization().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ status: 403 });
      expect((error as Error).message).toContain('ORGANIZATION_READER');
      expect(await workspace.getOrganization({ raiseOnError: false })).toBeUndefined();
      sim.state.setOrganizationReader(true);
      expect(await workspace.getOrganization({ raiseOnError: false })).toBeDefined();
    });

    it('wraps transport failures as PlatformError and reports a locked account', async () => {
      const locked = sim.state.organizations.get(sim.organizationId);
      if (locked) locked.billing = { paymentStatus: 'locked' };
      const { workspace } = simulatedWorkspace(sim, { retry: false });
      sim.faults.dropNext({ match: { operationId: 'getOrganizationInfo' } });
      const error = await workspace.getOrganization().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ code: 'network_error' });
      expect((await workspace.getOrganization())?.isAccountLocked).toBe(true);
    });

    it('needs a Config API root it can find', async () => {
      const workspace = new CloudWorkspace({
        workspaceId: sim.workspaceId,
        bearerToken: 'b',
        apiRoot: 'https://proxy.example/airbyte',
      });
      await expect(workspace.getOrganization()).rejects.toBeInstanceOf(PlatformInputError);
      expect(await workspace.getOrganization({ raiseOnError: false })).toBeUndefined();
    });
  });

  describe('safe-mode deletes', () => {
    it('refuses to delete a source whose name lacks delete-me, before any DELETE', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const source = await workspace.deploySource({ name: 'production', source: { sourceType: 'faker' } });
      const error = await workspace
        .permanentlyDeleteSource(source.sourceId)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformSafeModeError);
      expect(error).toMatchObject({
        resourceType: 'source',
        resourceId: source.sourceId,
        resourceName: 'production',
      });
      await expect(source.permanentlyDelete()).rejects.toBeInstanceOf(PlatformSafeModeError);
      expect(sim.requests.count({ method: 'DELETE' })).toBe(0);
      expect(sim.state.sources.get(source.sourceId)?.deleted).toBe(false);

      await workspace.permanentlyDeleteSource(source, { safeMode: false });
      expect(sim.state.sources.get(source.sourceId)?.deleted).toBe(true);
    });

    it('reads the current name, so a rename to a safe name allows the delete (any case)', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const destination = await workspace.deployDestination({
        name: 'sink',
        destination: { destinationType: 'dev-null', test_destination: { test_destination_type: 'SILENT' } },
      });
      await expect(workspace.permanentlyDeleteDestination(destination)).rejects.toBeInstanceOf(
        PlatformSafeModeError,
      );
      sim.state.destinations.get(destination.destinationId)!.name = 'sink DeleteMe';
      await destination.permanentlyDelete();
      expect(sim.state.destinations.get(destination.destinationId)?.deleted).toBe(true);
      expect(sim.requests.count({ method: 'DELETE' })).toBe(1);
    });

    it('refuses a cascade when any item is unsafe, deleting nothing at all', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { source, destination } = await deployFakerPair(workspace);
      const connection = await workspace.deployConnection({
        connectionName: 'pair (delete-me)',
        source,
        destination,
        selectedStreams: ['users'],
      });
      sim.state.sources.get(source.sourceId)!.name = 'shared production source';
      const error = await workspace
        .permanentlyDeleteConnection(connection, {
          cascadeDeleteSource: true,
          cascadeDeleteDestination: true,
        })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        name: 'PlatformSafeModeError',
        resourceType: 'source',
        resourceId: source.sourceId,
      });
      expect(sim.requests.count({ method: 'DELETE' })).toBe(0);
      expect(sim.state.connections.get(connection.connectionId)?.status).toBe('active');

      await workspace.permanentlyDeleteConnection(connection.connectionId, {
        cascadeDeleteDestination: true,
      });
      expect(sim.requests.filter({ method: 'DELETE' }).map((entry) => entry.operationId)).toEqual([
        'deleteConnection',
        'deleteDestination',
      ]);
      expect(sim.state.destinations.get(destination.destinationId)?.deleted).toBe(true);
      expect(sim.state.sources.get(source.sourceId)?.deleted).toBe(false);
    });

    it('deletes a connection and both ends when all are safe, or anything with safeMode: false', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection, source, destination } = await deployFakerConnection(workspace);
      await connection.permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true });
      expect(sim.state.connections.get(connection.connectionId)?.status).toBe('deprecated');
      expect(sim.state.sources.get(source.sourceId)?.deleted).toBe(true);
      expect(sim.state.destinations.get(destination.destinationId)?.deleted).toBe(true);

      const second = await deployFakerConnection(workspace, { name: 'important' });
      await expect(second.connection.permanentlyDelete()).rejects.toBeInstanceOf(PlatformSafeModeError);
      sim.requests.clear();
      await workspace.permanentlyDeleteConnection(second.connection, { safeMode: false });
      expect(sim.requests.all.map((entry) => entry.operationId)).toEqual(['deleteConnection']);
    });

    it('refuses arguments of the wrong kind', async () => {
      const { workspace } = simulatedWorkspace(sim);
      await expect(workspace.permanentlyDeleteSource(workspace.getDestination('d') as never)).rejects.toThrow(
        PlatformInputError,
      );
      await expect(workspace.permanentlyDeleteConnection(42 as never)).rejects.toThrow(PlatformInputError);
    });
  });
});
