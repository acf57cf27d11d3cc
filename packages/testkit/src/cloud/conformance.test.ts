import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadOpenApiSpec,
  type OpenApiDocument,
  type OpenApiSchema,
  responseSchemaFor,
  validateOpenApiValue,
} from '../openapi/index';
import { optionalSpecFile } from '../openapi/optional-spec-file';
import { type CloudTestAnswer, callCloud, deployFakerConnection } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const specDirectory = resolve(repoRoot, '../shared/specs/airbyte');
const publicSpecPath = resolve(specDirectory, 'api.yaml');
const configSpecPath = resolve(specDirectory, 'config-api-pyairbyte-subset.yaml');
const problemsSpecPath = resolve(specDirectory, 'api-problems.yaml');
const PUBLIC_SUITE = 'public API responses conform to api.yaml';
const CONFIG_SUITE = 'Config API responses conform to the Config API spec';
const PROBLEMS_SUITE = 'problem bodies match the problem catalogue';

/** One exchange to check: the live answer and the spec operation it must satisfy. */
interface Exchange {
  label: string;
  method: string;
  /** The spec's path template. */
  template: string;
  answer: CloudTestAnswer;
}

function issuesOf(spec: OpenApiDocument, exchange: Exchange): string[] {
  const schema = responseSchemaFor(spec, exchange.method, exchange.template, exchange.answer.status);
  if (schema === undefined)
    return [`${exchange.label}: the spec declares no JSON body for ${exchange.answer.status}`];
  return validateOpenApiValue(exchange.answer.body, schema, {
    document: spec,
    unknownProperties: 'error',
  }).map((issue) => `${exchange.label} ${issue.path}: ${issue.message}`);
}

describe.skipIf(optionalSpecFile(publicSpecPath, PUBLIC_SUITE) === undefined)(PUBLIC_SUITE, () => {
  let sim: CloudSimulator;
  let spec: OpenApiDocument;
  const exchanges: Exchange[] = [];
  const record = async (label: string, method: string, template: string, path: string, body?: unknown) => {
    const answer = await callCloud(sim, method, path, body === undefined ? {} : { body });
    expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(300);
    exchanges.push({ label, method, template, answer });
    return answer.body as Record<string, unknown>;
  };

  beforeAll(async () => {
    spec = await loadOpenApiSpec(publicSpecPath);
    sim = await startCloudSimulator({
      edition: 'self-managed',
      defaultJobPlan: { pendingMs: 1_000, attemptDurationMs: 5_000 },
    });
    const ws = sim.workspaceId;

    const token = await callCloud(sim, 'POST', '/applications/token', {
      token: null,
      body: { client_id: sim.credentials.clientId, client_secret: sim.credentials.clientSecret },
    });
    exchanges.push({
      label: 'createAccessToken',
      method: 'POST',
      template: '/applications/token',
      answer: token,
    });

    await record('listWorkspaces', 'GET', '/workspaces', '/workspaces?limit=10');
    const workspace = await record('createWorkspace', 'POST', '/workspaces', '/workspaces', {
      name: 'Conformance',
    });
    await record('getWorkspace', 'GET', '/workspaces/{workspaceId}', `/workspaces/${ws}`);
    await record(
      'updateWorkspace',
      'PATCH',
      '/workspaces/{workspaceId}',
      `/workspaces/${workspace.workspaceId}`,
      { name: 'C2' },
    );
    await record('listOrganizationsForUser', 'GET', '/organizations', '/organizations');

    const deployed = await deployFakerConnection(sim, {
      count: 3,
      destination: {
        destinationType: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        database: 'test',
        username: 'u',
        password: 'p',
      },
      streams: [
        {
          name: 'users',
          syncMode: 'incremental_deduped_history',
          selectedFields: [{ fieldPath: ['email'] }],
        },
      ],
    });
    await record('listSources', 'GET', '/sources', `/sources?workspaceIds=${ws}`);
    await record('getSource', 'GET', '/sources/{sourceId}', `/sources/${deployed.sourceId}`);
    await record('patchSource', 'PATCH', '/sources/{sourceId}', `/sources/${deployed.sourceId}`, {
      name: 'renamed',
    });
    await record('putSource', 'PUT', '/sources/{sourceId}', `/sources/${deployed.sourceId}`, {
      name: 'put',
      configuration: { count: 3, seed: 7 },
    });
    await record('createSource', 'POST', '/sources', '/sources', {
      name: 'another',
      workspaceId: ws,
      configuration: { sourceType: 'faker' },
    });
    await record('listDestinations', 'GET', '/destinations', `/destinations?workspaceIds=${ws}`);
    await record(
      'getDestination',
      'GET',
      '/destinations/{destinationId}',
      `/destinations/${deployed.destinationId}`,
    );
    await record(
      'patchDestination',
      'PATCH',
      '/destinations/{destinationId}',
      `/destinations/${deployed.destinationId}`,
      {
        configuration: { schema: 'other' },
      },
    );
    await record('createDestination', 'POST', '/destinations', '/destinations', {
      name: 'null',
      workspaceId: ws,
      configuration: { destinationType: 'dev-null' },
    });

    await record('createConnection', 'POST', '/connections', '/connections', {
      sourceId: deployed.sourceId,
      destinationId: deployed.destinationId,
      schedule: { scheduleType: 'cron', cronExpression: '0 0 12 * * ?' },
      tags: [],
    });
    await record('listConnections', 'GET', '/connections', `/connections?workspaceIds=${ws}&limit=1`);
    await record(
      'getConnection',
      'GET',
      '/connections/{connectionId}',
      `/connections/${deployed.connectionId}`,
    );
    await record(
      'patchConnection',
      'PATCH',
      '/connections/{connectionId}',
      `/connections/${deployed.connectionId}`,
      {
        name: 'patched',
        prefix: 'x_',
        schedule: { scheduleType: 'cron', cronExpression: '0 0 0 ? * SUN' },
      },
    );

    const job = await record('createJob', 'POST', '/jobs', '/jobs', {
      connectionId: deployed.connectionId,
      jobType: 'sync',
    });
    await record('getJob (pending)', 'GET', '/jobs/{jobId}', `/jobs/${job.jobId}`);
    sim.clock.advance(2_000);
    await record('getJob (running)', 'GET', '/jobs/{jobId}', `/jobs/${job.jobId}`);
    await record('cancelJob', 'DELETE', '/jobs/{jobId}', `/jobs/${job.jobId}`);
    sim.state.addHistoricJob({
      connectionId: deployed.connectionId,
      status: 'succeeded',
      createdAt: sim.clock.now() - 600_000,
    });
    await record(
      'listJobs',
      'GET',
      '/jobs',
      `/jobs?connectionId=${deployed.connectionId}&orderBy=createdAt|DESC`,
    );

    const declarativeBase = `/workspaces/${ws}/definitions/declarative_sources`;
    const manifest = {
      version: '6.0.0',
      type: 'DeclarativeSource',
      streams: [],
      spec: { connection_specification: {} },
    };
    const declarative = await record(
      'createDeclarativeSourceDefinition',
      'POST',
      '/workspaces/{workspaceId}/definitions/declarative_sources',
      declarativeBase,
      {
        name: 'decl',
        manifest,
      },
    );
    const declarativeTemplate = '/workspaces/{workspaceId}/definitions/declarative_sources/{definitionId}';
    await record(
      'listDeclarativeSourceDefinitions',
      'GET',
      '/workspaces/{workspaceId}/definitions/declarative_sources',
      declarativeBase,
    );
    await record(
      'getDeclarativeSourceDefinition',
      'GET',
      declarativeTemplate,
      `${declarativeBase}/${declarative.id}`,
    );
    await record(
      'updateDeclarativeSourceDefinition',
      'PUT',
      declarativeTemplate,
      `${declarativeBase}/${declarative.id}`,
      { manifest },
    );
    await record(
      'deleteDeclarativeSourceDefinition',
      'DELETE',
      declarativeTemplate,
      `${declarativeBase}/${declarative.id}`,
    );

    const dockerBase = `/workspaces/${ws}/definitions/sources`;
    const dockerTemplate = '/workspaces/{workspaceId}/definitions/sources/{definitionId}';
    const docker = await record(
      'createSourceDefinition',
      'POST',
      '/workspaces/{workspaceId}/definitions/sources',
      dockerBase,
      {
        name: 'dock',
        dockerRepository: 'acme/source-dock',
        dockerImageTag: '1.0.0',
      },
    );
    await record('listSourceDefinitions', 'GET', '/workspaces/{workspaceId}/definitions/sources', dockerBase);
    await record('getSourceDefinition', 'GET', dockerTemplate, `${dockerBase}/${docker.id}`);
    await record('updateSourceDefinition', 'PUT', dockerTemplate, `${dockerBase}/${docker.id}`, {
      name: 'd2',
      dockerImageTag: '2.0.0',
    });
    await record('deleteSourceDefinition', 'DELETE', dockerTemplate, `${dockerBase}/${docker.id}`);
  });
  afterAll(async () => {
    await sim.close();
  });

  it('covers every public operation the client uses', () => {
    expect([...new Set(exchanges.map((exchange) => exchange.label.split(' ')[0]))].sort()).toEqual(
      [
        'createAccessToken',
        'listWorkspaces',
        'createWorkspace',
        'getWorkspace',
        'updateWorkspace',
        'listOrganizationsForUser',
        'listSources',
        'getSource',
        'patchSource',
        'putSource',
        'createSource',
        'listDestinations',
        'getDestination',
        'patchDestination',
        'createDestination',
        'createConnection',
        'listConnections',
        'getConnection',
        'patchConnection',
        'createJob',
        'getJob',
        'cancelJob',
        'listJobs',
        'createDeclarativeSourceDefinition',
        'listDeclarativeSourceDefinitions',
        'getDeclarativeSourceDefinition',
        'updateDeclarativeSourceDefinition',
        'deleteDeclarativeSourceDefinition',
        'createSourceDefinition',
        'listSourceDefinitions',
        'getSourceDefinition',
        'updateSourceDefinition',
        'deleteSourceDefinition',
      ].sort(),
    );
  });

  it('would notice a body that breaks its schema', () => {
    const job = exchanges.find((exchange) => exchange.label === 'getJob (running)') as Exchange;
    const { jobId: _jobId, ...withoutId } = job.answer.body as Record<string, unknown>;
    const broken = {
      ...job,
      answer: { ...job.answer, body: { ...withoutId, status: 'asleep', surprise: 1 } },
    };
    expect(issuesOf(spec, broken)).toEqual([
      'getJob (running) $.jobId: is required but missing',
      'getJob (running) $.status: "asleep" is not one of ["pending","queued","running","incomplete","failed","succeeded","cancelled"]',
      'getJob (running) $.surprise: is not declared by the schema',
    ]);
  });

  it('validates every recorded body against its response schema, rejecting undeclared fields', () => {
    expect(exchanges.flatMap((exchange) => issuesOf(spec, exchange))).toEqual([]);
  });
});

describe.skipIf(optionalSpecFile(configSpecPath, CONFIG_SUITE) === undefined)(CONFIG_SUITE, () => {
  let sim: CloudSimulator;
  let spec: OpenApiDocument;
  const exchanges: Exchange[] = [];
  const record = async (operation: string, path: string, body: unknown) => {
    const answer = await callCloud(sim, 'POST', path, { root: 'config', body });
    exchanges.push({
      label: `${operation} ${answer.status}`,
      method: 'POST',
      template: `/v1${path}`,
      answer,
    });
    return answer;
  };

  beforeAll(async () => {
    spec = await loadOpenApiSpec(configSpecPath);
    sim = await startCloudSimulator({
      defaultJobPlan: { pendingMs: 0, attemptDurationMs: 1_000, attempts: [{ failureMessage: 'x' }, {}] },
    });
    const deployed = await deployFakerConnection(sim, { count: 2 });
    const connectionId = deployed.connectionId;
    await record('webBackendGetConnection', '/web_backend/connections/get', { connectionId });
    await record('getState', '/state/get', { connectionId });
    await record('createOrUpdateStateSafe', '/state/create_or_update_safe', {
      connectionId,
      connectionState: {
        stateType: 'stream',
        streamState: [{ streamDescriptor: { name: 'users' }, streamState: { c: 1 } }],
      },
    });
    const job = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    sim.clock.advance(1_500);
    await record('createOrUpdateStateSafe', '/state/create_or_update_safe', {
      connectionId,
      connectionState: { stateType: 'not_set' },
    });
    sim.clock.advance(10_000);
    await record('getJobInfo', '/jobs/get', { id: (job.body as { jobId: number }).jobId });
    await record('getJobInfo', '/jobs/get', { id: 987_654 });
    await record('getState', '/state/get', { nothing: true });
    await record('checkConnectionToSource', '/sources/check_connection', { sourceId: deployed.sourceId });
    await record('checkConnectionToDestination', '/destinations/check_connection', {
      destinationId: deployed.destinationId,
    });
    await record('getOrganizationInfo', '/workspaces/get_organization_info', {
      workspaceId: sim.workspaceId,
    });
    await record('getOrgInfo', '/organizations/get_organization_info', {
      organizationId: sim.organizationId,
    });
    await record('listWorkspacesInOrganization', '/workspaces/list_by_organization_id', {
      organizationId: sim.organizationId,
      pagination: { pageSize: 10, rowOffset: 0 },
    });
    const definition = await callCloud(
      sim,
      'POST',
      `/workspaces/${sim.workspaceId}/definitions/declarative_sources`,
      {
        body: { name: 'd', manifest: { version: '6.0.0', type: 'DeclarativeSource', streams: [], spec: {} } },
      },
    );
    const project = await record(
      'getConnectorBuilderProjectIdForDefinitionId',
      '/connector_builder_projects/get_for_definition_id',
      {
        actorDefinitionId: (definition.body as { id: string }).id,
        workspaceId: sim.workspaceId,
      },
    );
    const builderProjectId = (project.body as { builderProjectId: string }).builderProjectId;
    await record(
      'updateConnectorBuilderProjectTestingValues',
      '/connector_builder_projects/update_testing_values',
      {
        workspaceId: sim.workspaceId,
        builderProjectId,
        spec: {},
        testingValues: { a: 1 },
      },
    );
    await record('getConnectorBuilderProject', '/connector_builder_projects/get_with_manifest', {
      workspaceId: sim.workspaceId,
      builderProjectId,
    });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('answers with the statuses the spec declares', () => {
    expect(exchanges.map((exchange) => exchange.label)).toContain('createOrUpdateStateSafe 423');
    expect(exchanges.map((exchange) => exchange.label)).toContain('getJobInfo 404');
    expect(exchanges.map((exchange) => exchange.label)).toContain('getState 422');
  });

  it('validates every recorded body against its response schema', () => {
    // The spec requires `json_schema` on AirbyteStream while naming the property `jsonSchema`;
    // the server (and the simulator) send `jsonSchema`, so that one spec defect is set aside.
    const specDefect = /syncCatalog\.streams\[\d+\]\.stream\.json_schema: is required but missing/;
    const issues = exchanges
      .flatMap((exchange) => issuesOf(spec, exchange))
      .filter((issue) => !specDefect.test(issue));
    expect(issues).toEqual([]);
  });
});

describe.skipIf(optionalSpecFile(problemsSpecPath, PROBLEMS_SUITE) === undefined)(PROBLEMS_SUITE, () => {
  let sim: CloudSimulator;
  let catalogue: OpenApiDocument;

  beforeAll(async () => {
    catalogue = await loadOpenApiSpec(problemsSpecPath);
    sim = await startCloudSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /** The constant `status`, `type` and `title` a catalogue entry declares as defaults. */
  function constantsOf(name: string): { status: unknown; type: unknown; title: unknown } {
    const schema = catalogue.components?.schemas?.[name] as OpenApiSchema | undefined;
    const own = (schema?.allOf ?? []).find((member) => member.properties !== undefined)?.properties ?? {};
    const value = (key: string): unknown => (own[key] as { default?: unknown } | undefined)?.default;
    return { status: value('status'), type: value('type'), title: value('title') };
  }

  it('emits each problem with its catalogue constants and a valid body', async () => {
    const { connectionId } = await deployFakerConnection(sim);
    const cases: Array<[string, CloudTestAnswer]> = [
      [
        'ResourceNotFoundProblemResponse',
        await callCloud(sim, 'GET', '/connections/00000000-0000-4000-8000-000000000000'),
      ],
      ['BadRequestProblemResponse', await callCloud(sim, 'GET', '/connections?limit=0')],
      [
        'UnprocessableEntityProblemResponse',
        await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'refresh' } }),
      ],
      [
        'UnknownValueProblemResponse',
        await callCloud(sim, 'POST', '/sources', {
          body: { name: 'x', workspaceId: sim.workspaceId, configuration: { sourceType: 'nope' } },
        }),
      ],
    ];
    await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    cases.push([
      'TryAgainLaterConflictProblemResponse',
      await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } }),
    ]);
    sim.state.lockConnection(connectionId);
    cases.push([
      'ConnectionLockedProblemResponse',
      await callCloud(sim, 'PATCH', `/connections/${connectionId}`, { body: { name: 'x' } }),
    ]);
    sim.faults.failNext(403);
    cases.push(['ForbiddenProblemResponse', await callCloud(sim, 'GET', '/workspaces')]);
    sim.faults.failNext(503);
    cases.push(['ServiceUnavailableProblemResponse', await callCloud(sim, 'GET', '/workspaces')]);

    for (const [name, answer] of cases) {
      const constants = constantsOf(name);
      expect(answer.status, name).toBe(constants.status);
      expect(answer.body, name).toMatchObject({
        status: constants.status,
        type: constants.type,
        title: constants.title,
      });
      expect(answer.headers.get('content-type'), name).toBe('application/json');
      const schema = catalogue.components?.schemas?.[name];
      expect(
        validateOpenApiValue(answer.body, schema, { document: catalogue, unknownProperties: 'error' }),
        name,
      ).toEqual([]);
    }
  });
});
