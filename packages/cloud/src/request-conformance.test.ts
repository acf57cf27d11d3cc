import { existsSync } from 'node:fs';
import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SDK_SPEC_PATH, publicRequestIssues } from './test-support/public-api-conformance';
import { simulatedWorkspace } from './test-support/simulated-workspace';

// A workload through every public API area the client uses, each request checked against the
// platform's official SDK spec (see test-support/public-api-conformance.ts); the other simulator
// tests of this package run the same check after each test.

const manifestFile = new URL('./manifest/__fixtures__/people-manifest.yaml', import.meta.url);

describe.skipIf(!existsSync(API_SDK_SPEC_PATH))(
  'every request the cloud client sends conforms to api_sdk.yaml',
  () => {
    let sim: CloudSimulator;

    beforeAll(async () => {
      sim = await startCloudSimulator({ advanceOnJobPollMs: 5_000 });
    });

    afterAll(async () => {
      await sim?.close();
    });

    // Generous: the first run on a machine parses the spec's YAML, seconds on a loaded machine.
    it('through a workload of every public API area the client uses', { timeout: 120_000 }, async () => {
      const { workspace } = simulatedWorkspace(sim, { auth: 'client-credentials' });
      await workspace.connect();
      const source = await workspace.deploySource({
        name: 'conformance source',
        source: { connectorName: 'source-faker', config: { count: 3, seed: 1 } },
      });
      const destination = await workspace.deployDestination({
        name: 'conformance sink',
        destination: { destinationType: 'dev-null', test_destination: { test_destination_type: 'SILENT' } },
      });
      const connection = await workspace.deployConnection({
        connectionName: 'conformance connection',
        source,
        destination,
        selectedStreams: ['users'],
      });
      await workspace.listSources();
      await workspace.listDestinations();
      await workspace.listConnections();
      await source.rename('conformance source 2');
      await destination.getInfo({ refresh: true });
      await connection.rename('conformance connection 2');
      await connection.setSelectedStreams(['users', 'products']);
      await connection.setSchedule('0 0 * * * ?');
      await connection.setManualSchedule();
      const result = await connection.runSync({ wait: true });
      await result.getAttempts();
      await connection.getPreviousSyncLogs({ limit: 5 });
      const yaml = await workspace.publishCustomSourceDefinition({
        name: 'conformance people',
        manifestYaml: manifestFile.pathname,
      });
      await workspace.listCustomSourceDefinitions({ definitionType: 'yaml' });
      await workspace.getCustomSourceDefinition(yaml.definitionId, { definitionType: 'yaml' });
      await workspace.permanentlyDeleteConnection(connection, {
        cascadeDeleteSource: true,
        cascadeDeleteDestination: true,
        safeMode: false,
      });

      const publicRoot = new URL(sim.apiRoot).pathname;
      const sent = sim.requests.filter({}).filter((request) => request.path.startsWith(`${publicRoot}/`));
      expect(sent.length).toBeGreaterThan(20);
      const operations = new Set(sent.map((request) => request.operationId));
      for (const id of ['createAccessToken', 'createSource', 'createConnection', 'createJob'])
        expect(operations).toContain(id);
      expect(operations).toContain('createDeclarativeSourceDefinition');
      expect(await publicRequestIssues(sim)).toEqual([]);
    });
  },
);
