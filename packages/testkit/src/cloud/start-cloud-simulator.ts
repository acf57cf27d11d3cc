import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServers } from '../core/loopback-servers';
import { CloudFaultInjector } from './cloud-fault-injector';
import { createCloudRequestListener } from './cloud-request-listener';
import { CloudRequestLog } from './cloud-request-log';
import { type CloudSimulatorClock, createCloudSimulatorClock } from './cloud-simulator-clock';
import { CloudSimulatorState } from './cloud-simulator-state';
import { configBuilderRoutes } from './config-builder-routes';
import { configCheckRoutes } from './config-check-routes';
import { configConnectionRoutes } from './config-connection-routes';
import { configJobRoutes } from './config-job-routes';
import { configOrganizationRoutes } from './config-organization-routes';
import { type CloudTestSourceDefinition, ConnectorRegistry } from './connector-registry';
import { completeJob } from './job-completion';
import { JobEngine } from './job-engine';
import type { CloudJobPlan } from './job-plan';
import { actorRoutes } from './public-actor-routes';
import { connectionRoutes } from './public-connection-routes';
import { definitionRoutes } from './public-definition-routes';
import { jobRoutes } from './public-job-routes';
import { workspaceRoutes } from './public-workspace-routes';
import type { PlatformEdition, PlatformServices, RouteHandler } from './route-context';
import { RouteTable } from './route-table';
import { TokenAuthority } from './token-authority';
import { tokenRoutes } from './token-routes';

/**
 * Options of {@link startCloudSimulator}; every field is optional.
 *
 * @example
 * ```ts
 * await startCloudSimulator({ tokenLifetimeSeconds: 180, edition: 'self-managed', advanceOnJobPollMs: 2_000 });
 * ```
 */
export interface CloudSimulatorOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Simulated start time, epoch ms; defaults to 2026-01-02T03:04:05Z. */
  startTime?: number;
  /** Valid credentials; random ones are generated when absent. */
  credentials?: { clientId?: string; clientSecret?: string; bearerToken?: string };
  /** Lifetime of exchanged tokens in seconds; the hosted default is 900. */
  tokenLifetimeSeconds?: number;
  organizationName?: string;
  workspaceName?: string;
  /** The plan of every job that has no scripted plan. */
  defaultJobPlan?: CloudJobPlan;
  /** `cloud` (default) refuses custom Docker definitions as Airbyte Cloud does. */
  edition?: PlatformEdition;
  /** Root for DuckDB `/local/…` and relative paths; defaults to `<tmpdir>/airbyte_local`. */
  duckdbLocalRoot?: string;
  /**
   * Base URL (origin + API root) used in `next`/`previous` links instead of the simulator's own,
   * e.g. `https://api.airbyte.com/v1`, to check a client does not follow links to another host.
   */
  pageLinkBase?: string;
  /** The security layer's 401 has an empty body (default); `problem` sends `invalid-api-key`. */
  unauthorizedBody?: 'empty' | 'problem';
  /** Simulated ms the clock advances after each `GET /jobs/{jobId}`, so polling clients progress. */
  advanceOnJobPollMs?: number;
  /** Extra source types with fixed or generated records, beside the built-in `faker`. */
  sources?: CloudTestSourceDefinition[];
}

/**
 * Control over the simulator's authentication.
 *
 * @example
 * ```ts
 * sim.auth.expireIssuedTokens(); // the next call with an old token answers 401
 * ```
 */
export interface CloudSimulatorAuth {
  /** Invalidates every token issued so far (clients must fetch a new one after their 401). */
  expireIssuedTokens(): void;
  /** Makes the static bearer token answer 401 (or work again with `false`). */
  revokeBearerToken(revoked?: boolean): void;
  /** Changes the client secret; the old one is refused by the token endpoint. */
  rotateClientSecret(secret: string): void;
  /** How many tokens the token endpoint has issued. */
  readonly issuedCount: number;
  /** Lifetime of newly issued tokens, in seconds (settable). */
  tokenLifetimeSeconds: number;
}

/**
 * A running simulator of the data platform's public and Config APIs.
 *
 * @example
 * ```ts
 * const sim: CloudSimulator = await startCloudSimulator();
 * sim.scriptJob(connectionId, { finalStatus: 'failed' });
 * await sim.close();
 * ```
 */
export interface CloudSimulator extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/v1`: what a client passes as `api_root`. */
  apiRoot: string;
  /** `http://127.0.0.1:<port>/api/v1`: the Config API root (`/web_backend/…`, `/state/…`, `/jobs/get`). */
  configApiRoot: string;
  /** `http://127.0.0.1:<port>/api/public/v1`: the public API under a self-managed style root. */
  selfManagedApiRoot: string;
  /** `<apiRoot>/applications/token`, the client-credentials token endpoint. */
  tokenUrl: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The valid credentials (reflects {@link CloudSimulatorAuth.rotateClientSecret}). */
  readonly credentials: { clientId: string; clientSecret: string; bearerToken: string };
  /** The seeded workspace. */
  workspaceId: string;
  /** The seeded organization. */
  organizationId: string;
  clock: CloudSimulatorClock;
  state: CloudSimulatorState;
  faults: CloudFaultInjector;
  requests: CloudRequestLog;
  auth: CloudSimulatorAuth;
  /** Decides how the next job(s) of a connection will go, in order. */
  scriptJob(connectionId: string, ...plans: CloudJobPlan[]): void;
  /** Decides how every unscripted job goes. */
  setDefaultJobPlan(plan: CloudJobPlan): void;
  /** Sets the simulated ms the clock advances after each job poll (0 turns it off). */
  setAutoAdvance(options: { perJobPollMs: number }): void;
  /** Writes the data of every job that has finished by now, as if a client had just looked. */
  settle(): Promise<void>;
  /** Stops the server, cutting open connections and pending delays; what `await using` calls. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a stateful simulator of the data platform's API on 127.0.0.1: the public API under
 * `/v1` (and `/api/public/v1`), the Config API under `/api/v1`, client-credentials and bearer
 * auth, clock-driven jobs, and real writes to PostgreSQL and DuckDB destinations.
 *
 * @example
 * ```ts
 * const sim = await startCloudSimulator();
 * const response = await fetch(`${sim.apiRoot}/workspaces/${sim.workspaceId}`, {
 *   headers: { authorization: `Bearer ${sim.credentials.bearerToken}` },
 * });
 * await sim.close();
 * ```
 */
export async function startCloudSimulator(options: CloudSimulatorOptions = {}): Promise<CloudSimulator> {
  const clock = createCloudSimulatorClock(options.startTime ?? Date.UTC(2026, 0, 2, 3, 4, 5));
  const authority = new TokenAuthority({
    clock,
    clientId: options.credentials?.clientId ?? randomUUID(),
    clientSecret: options.credentials?.clientSecret ?? randomBytes(24).toString('base64url'),
    bearerToken: options.credentials?.bearerToken ?? `sim-${randomBytes(24).toString('base64url')}`,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 900,
  });
  const registry = new ConnectorRegistry(options.sources ?? []);
  const destinationIo =
    options.duckdbLocalRoot === undefined ? {} : { duckdbLocalRoot: options.duckdbLocalRoot };
  let state: CloudSimulatorState | undefined;
  const engine = new JobEngine(clock, (job) => completeJob(state as CloudSimulatorState, job, destinationIo));
  state = new CloudSimulatorState({
    clock,
    engine,
    registry,
    defaultJobPlan: options.defaultJobPlan ?? {},
  });
  const organization = state.addOrganization({ name: options.organizationName ?? 'Simulated Organization' });
  const workspace = state.addWorkspace({
    name: options.workspaceName ?? 'Simulated Workspace',
    organizationId: organization.organizationId,
  });

  const services: PlatformServices = {
    state,
    engine,
    clock,
    authority,
    edition: options.edition ?? 'cloud',
    destinationIo,
    advanceOnJobPollMs: options.advanceOnJobPollMs ?? 0,
  };
  const routes = new RouteTable<RouteHandler>([
    ...tokenRoutes(),
    ...workspaceRoutes(),
    ...actorRoutes('source'),
    ...actorRoutes('destination'),
    ...connectionRoutes(),
    ...jobRoutes(),
    ...definitionRoutes(),
    ...configConnectionRoutes(),
    ...configJobRoutes(),
    ...configCheckRoutes(),
    ...configBuilderRoutes(),
    ...configOrganizationRoutes(),
  ]);
  const requests = new CloudRequestLog();
  const faults = new CloudFaultInjector();
  const delays = new Set<() => void>();
  let origin = '';
  const server = createServer(
    createCloudRequestListener({
      services,
      routes,
      requests,
      faults,
      origin: () => origin,
      pageLinkBase: options.pageLinkBase?.replace(/\/+$/, ''),
      unauthorizedBody: options.unauthorizedBody ?? 'empty',
      delays,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const finalState = state;

  const close = async (): Promise<void> => {
    for (const finish of [...delays]) finish();
    await engine.drain();
    // closeServers skips a server that is no longer listening: an `afterAll` that closes a
    // simulator a test already closed must not fail with "Server is not running".
    await closeServers(server);
  };
  return {
    apiRoot: `${origin}/v1`,
    configApiRoot: `${origin}/api/v1`,
    selfManagedApiRoot: `${origin}/api/public/v1`,
    tokenUrl: `${origin}/v1/applications/token`,
    origin,
    get credentials() {
      return authority.credentials;
    },
    workspaceId: workspace.workspaceId,
    organizationId: organization.organizationId,
    clock,
    state: finalState,
    faults,
    requests,
    auth: {
      expireIssuedTokens: () => authority.expireIssuedTokens(),
      revokeBearerToken: (revoked = true) => authority.setBearerTokenRevoked(revoked),
      rotateClientSecret: (secret) => authority.rotateClientSecret(secret),
      get issuedCount() {
        return authority.issuedCount;
      },
      get tokenLifetimeSeconds() {
        return authority.tokenLifetimeSeconds;
      },
      set tokenLifetimeSeconds(seconds: number) {
        authority.tokenLifetimeSeconds = seconds;
      },
    },
    scriptJob: (connectionId, ...plans) => finalState.scriptJobs(connectionId, plans),
    setDefaultJobPlan: (plan) => finalState.setDefaultJobPlan(plan),
    setAutoAdvance: ({ perJobPollMs }) => {
      services.advanceOnJobPollMs = Math.max(0, perJobPollMs);
    },
    settle: async () => {
      await Promise.all([...finalState.jobs.values()].map((job) => engine.settle(job)));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
