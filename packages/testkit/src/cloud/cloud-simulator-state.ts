import { randomUUID } from 'node:crypto';
import { ValidationError } from '@conduit/protocol';
import type { CloudSimulatorClock } from './cloud-simulator-clock';
import type { ConnectorRegistry } from './connector-registry';
import type { CloudAttemptView, CloudJobRecord, CloudJobType, JobEngine } from './job-engine';
import { formatLogLine } from './job-logs';
import { type CloudJobPlan, compileJobPlan } from './job-plan';
import type {
  CloudActorRecord,
  CloudBuilderProjectRecord,
  CloudCheckScript,
  CloudConnectionRecord,
  CloudConnectionStateRecord,
  CloudDeclarativeDefinitionRecord,
  CloudDockerDefinitionRecord,
  CloudOrganizationBilling,
  CloudOrganizationRecord,
  CloudWorkspaceRecord,
} from './simulator-records';

const misuse = (field: string, message: string): ValidationError =>
  new ValidationError(`${field}: ${message}`, { details: [{ field, message, error_code: 'invalid_param' }] });

/**
 * Everything the simulated platform holds, open for setup and assertions: organizations,
 * workspaces, sources, destinations, connections, jobs (with attempts and logs), connection
 * state, custom definitions and builder projects, plus the switches tests flip (missing
 * `ORGANIZATION_READER`, locked connections, scripted checks and job plans).
 *
 * @example
 * ```ts
 * const other = sim.state.addWorkspace({ name: 'Other team' });
 * sim.state.setOrganizationReader(false);
 * sim.state.jobStatus(jobId); // 'running'
 * ```
 */
export class CloudSimulatorState {
  readonly organizations = new Map<string, CloudOrganizationRecord>();
  readonly workspaces = new Map<string, CloudWorkspaceRecord>();
  readonly sources = new Map<string, CloudActorRecord>();
  readonly destinations = new Map<string, CloudActorRecord>();
  readonly connections = new Map<string, CloudConnectionRecord>();
  readonly jobs = new Map<number, CloudJobRecord>();
  /** Connection state by connection id; absent means `not_set`. */
  readonly connectionStates = new Map<string, CloudConnectionStateRecord>();
  readonly declarativeDefinitions = new Map<string, CloudDeclarativeDefinitionRecord>();
  readonly dockerDefinitions = new Map<string, CloudDockerDefinitionRecord>();
  readonly builderProjects = new Map<string, CloudBuilderProjectRecord>();
  /** The permissions of the simulator's credentials. */
  readonly permissions = { organizationReader: true };
  readonly #clock: CloudSimulatorClock;
  readonly #engine: JobEngine;
  readonly registry: ConnectorRegistry;
  readonly #jobPlans = new Map<string, CloudJobPlan[]>();
  readonly #checkScripts = new Map<string, CloudCheckScript[]>();
  #defaultJobPlan: CloudJobPlan;
  #nextJobId = 1;
  #nextAttemptId = 1;

  constructor(options: {
    clock: CloudSimulatorClock;
    engine: JobEngine;
    registry: ConnectorRegistry;
    defaultJobPlan: CloudJobPlan;
  }) {
    this.#clock = options.clock;
    this.#engine = options.engine;
    this.registry = options.registry;
    compileJobPlan(options.defaultJobPlan);
    this.#defaultJobPlan = options.defaultJobPlan;
  }

  /** Adds an organization. */
  addOrganization(
    input: { name?: string; email?: string; billing?: CloudOrganizationBilling; sso?: boolean } = {},
  ): CloudOrganizationRecord {
    const organization: CloudOrganizationRecord = {
      organizationId: randomUUID(),
      organizationName: input.name ?? 'Simulated Organization',
      email: input.email ?? 'owner@example.com',
      sso: input.sso ?? false,
      scim: false,
      billing: input.billing ?? { paymentStatus: 'okay', subscriptionStatus: 'subscribed' },
    };
    this.organizations.set(organization.organizationId, organization);
    return organization;
  }

  /** Adds a workspace, in the given organization or the first one. */
  addWorkspace(input: { name?: string; organizationId?: string } = {}): CloudWorkspaceRecord {
    const organizationId =
      input.organizationId ?? [...this.organizations.keys()][0] ?? this.addOrganization().organizationId;
    if (!this.organizations.has(organizationId))
      throw misuse('organizationId', `unknown organization ${organizationId}`);
    const workspace: CloudWorkspaceRecord = {
      workspaceId: randomUUID(),
      name: input.name ?? 'Simulated Workspace',
      organizationId,
      dataResidency: 'auto',
      notifications: defaultNotifications(),
      createdAt: this.#clock.now(),
      deleted: false,
    };
    this.workspaces.set(workspace.workspaceId, workspace);
    return workspace;
  }

  /** Grants or withdraws `ORGANIZATION_READER`; without it organization lookups fail. */
  setOrganizationReader(granted: boolean): void {
    this.permissions.organizationReader = granted;
  }

  /** Locks a connection (its PATCH then answers 409 `error:connection/locked`), or unlocks it. */
  lockConnection(connectionId: string, statusReason = 'Locked by the simulator'): void {
    const connection = this.#connection(connectionId);
    connection.status = 'locked';
    connection.statusReason = statusReason;
  }

  /** Returns a locked connection to `active`. */
  unlockConnection(connectionId: string): void {
    const connection = this.#connection(connectionId);
    connection.status = 'active';
    delete connection.statusReason;
  }

  /** Queues plans for the next jobs of a connection, consumed in order. */
  scriptJobs(connectionId: string, plans: CloudJobPlan[]): void {
    for (const plan of plans) compileJobPlan(plan);
    this.#jobPlans.set(connectionId, [...(this.#jobPlans.get(connectionId) ?? []), ...plans]);
  }

  /** Sets the plan every job without a scripted plan follows. */
  setDefaultJobPlan(plan: CloudJobPlan): void {
    compileJobPlan(plan);
    this.#defaultJobPlan = plan;
  }

  /** Takes the plan for a connection's next job; used when a job is created. */
  takeJobPlan(connectionId: string): CloudJobPlan {
    const queue = this.#jobPlans.get(connectionId);
    return queue?.shift() ?? this.#defaultJobPlan;
  }

  /** Queues answers for the next checks of a source or destination. */
  scriptCheck(actorId: string, ...results: CloudCheckScript[]): void {
    this.#checkScripts.set(actorId, [...(this.#checkScripts.get(actorId) ?? []), ...results]);
  }

  /** Takes the next scripted check answer for an actor, if any. */
  takeCheckScript(actorId: string): CloudCheckScript | undefined {
    return this.#checkScripts.get(actorId)?.shift();
  }

  /** Allocates a job id. */
  allocateJobId(): number {
    const id = this.#nextJobId;
    this.#nextJobId += 1;
    return id;
  }

  /** Allocates attempt ids. */
  allocateAttemptIds(count: number): number[] {
    return Array.from({ length: count }, () => {
      const id = this.#nextAttemptId;
      this.#nextAttemptId += 1;
      return id;
    });
  }

  /**
   * Adds a job that already happened, to test history listing without running syncs. It writes
   * nothing to the destination.
   */
  addHistoricJob(input: {
    connectionId: string;
    status: 'succeeded' | 'failed' | 'cancelled';
    createdAt: number;
    durationMs?: number;
    rowsSynced?: number;
    bytesSynced?: number;
    jobType?: CloudJobType;
  }): CloudJobRecord {
    const connection = this.#connection(input.connectionId);
    const durationMs = input.durationMs ?? 60_000;
    if (input.createdAt + durationMs > this.#clock.now()) {
      throw misuse('createdAt', 'a historic job must have finished before the simulated now()');
    }
    const plan = compileJobPlan({
      pendingMs: 0,
      attempts: [
        {
          durationMs,
          outcome: input.status,
          recordsSynced: input.rowsSynced ?? 0,
          bytesSynced: input.bytesSynced ?? 0,
        },
      ],
    });
    const job: CloudJobRecord = {
      jobId: this.allocateJobId(),
      jobType: input.jobType ?? 'sync',
      connectionId: connection.connectionId,
      workspaceId: connection.workspaceId,
      createdAt: input.createdAt,
      plan,
      attemptIds: this.allocateAttemptIds(1),
      payload: {
        kind: 'sync',
        destinationId: connection.destinationId,
        destinationType: '',
        warehouse: 'none',
        destinationConfiguration: {},
        streams: [],
        totalRecords: input.rowsSynced ?? 0,
        totalBytes: input.bytesSynced ?? 0,
        generationId: connection.generationId,
      },
      completion: 'done',
      writtenTables: [],
    };
    this.jobs.set(job.jobId, job);
    return job;
  }

  /** The status a client would see for a job now. */
  jobStatus(jobId: number): string {
    return this.#engine.status(this.#job(jobId));
  }

  /** A job's attempts now, with stats and log events. */
  attempts(jobId: number): CloudAttemptView[] {
    return this.#engine.attempts(this.#job(jobId));
  }

  /** The log text of one attempt (the last one by default), as formatted log lines. */
  logText(jobId: number, attemptIndex?: number): string {
    const attempts = this.attempts(jobId);
    const attempt = attemptIndex === undefined ? attempts.at(-1) : attempts[attemptIndex];
    return attempt ? attempt.events.map(formatLogLine).join('\n') : '';
  }

  /** The jobs of a connection, oldest first. */
  jobsOf(connectionId: string): CloudJobRecord[] {
    return [...this.jobs.values()].filter((job) => job.connectionId === connectionId);
  }

  #connection(connectionId: string): CloudConnectionRecord {
    const connection = this.connections.get(connectionId);
    if (!connection) throw misuse('connectionId', `unknown connection ${connectionId}`);
    return connection;
  }

  #job(jobId: number): CloudJobRecord {
    const job = this.jobs.get(jobId);
    if (!job) throw misuse('jobId', `unknown job ${jobId}`);
    return job;
  }
}

/**
 * The notification settings a new workspace starts with.
 *
 * @example
 * ```ts
 * defaultNotifications().failure; // { email: { enabled: true } }
 * ```
 */
export function defaultNotifications(): Record<string, unknown> {
  return {
    failure: { email: { enabled: true } },
    success: { email: { enabled: false } },
    connectionUpdate: { email: { enabled: true } },
    connectionUpdateActionRequired: { email: { enabled: true } },
    syncDisabled: { email: { enabled: true } },
    syncDisabledWarning: { email: { enabled: true } },
  };
}
