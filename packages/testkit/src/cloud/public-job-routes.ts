import * as z from 'zod';
import { type CloudJobRecord, finalJobStatuses } from './job-engine';
import { createConnectionJob } from './job-factory';
import { pageEnvelope, readPaging } from './page-envelope';
import { badRequest, notFound, problemError } from './problem-responses';
import { presentJob } from './public-presenters';
import { isUuid, queryInstant, queryUuidList } from './query-params';
import { parsePublicBody } from './request-validation';
import { requireConnection, requireJob } from './resource-lookups';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';

const jobTypes = ['sync', 'reset', 'refresh', 'clear'] as const;
const jobStatuses = [
  'pending',
  'queued',
  'running',
  'incomplete',
  'failed',
  'succeeded',
  'cancelled',
] as const;

const createSchema = z.object({ connectionId: z.uuid(), jobType: z.enum(jobTypes) });

/**
 * Brings every listed job up to date (writing data of jobs that just succeeded) before their
 * status is reported.
 */
async function settleAll(services: PlatformServices, jobs: Iterable<CloudJobRecord>): Promise<void> {
  await Promise.all([...jobs].map((job) => services.engine.settle(job)));
}

function parseOrder(value: string | null): { field: 'createdAt' | 'updatedAt'; direction: 1 | -1 } {
  if (value === null || value === '') return { field: 'createdAt', direction: 1 };
  const match = /^(createdAt|updatedAt)\|(ASC|DESC)$/.exec(value);
  if (!match) throw badRequest(`Invalid orderBy: ${value}. Expected <createdAt|updatedAt>|<ASC|DESC>.`);
  return { field: match[1] as 'createdAt' | 'updatedAt', direction: match[2] === 'ASC' ? 1 : -1 };
}

/**
 * Public API routes for jobs: list (filters, `orderBy`, paging), create (409 `try-again-later`
 * while one runs, 422 for `refresh`), get (the endpoint polling clients hit) and cancel.
 *
 * @example
 * ```ts
 * new RouteTable(jobRoutes());
 * ```
 */
export function jobRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'public',
      method: 'GET',
      path: '/jobs',
      operationId: 'listJobs',
      authenticated: true,
      handler: async ({ services, query, linkBase }) => {
        const { state, engine, clock } = services;
        const connectionId = query.get('connectionId');
        if (connectionId !== null && connectionId !== '') {
          if (!isUuid(connectionId)) throw badRequest(`Invalid UUID in connectionId: ${connectionId}`);
          if (!state.connections.has(connectionId)) throw notFound('connection', connectionId);
        }
        const workspaceIds = queryUuidList(query, 'workspaceIds');
        const jobType = query.get('jobType');
        if (jobType !== null && !(jobTypes as readonly string[]).includes(jobType)) {
          throw badRequest(`Invalid jobType: ${jobType}`);
        }
        const status = query.get('status');
        if (status !== null && !(jobStatuses as readonly string[]).includes(status)) {
          throw badRequest(`Invalid status: ${status}`);
        }
        const order = parseOrder(query.get('orderBy'));
        const createdStart = queryInstant(query, 'createdAtStart');
        const createdEnd = queryInstant(query, 'createdAtEnd');
        const updatedStart = queryInstant(query, 'updatedAtStart');
        const updatedEnd = queryInstant(query, 'updatedAtEnd');
        const paging = readPaging(query);
        // connectionId takes precedence over workspaceIds, as on the platform.
        const scoped = [...state.jobs.values()].filter((job) =>
          connectionId
            ? job.connectionId === connectionId
            : workspaceIds.length === 0 || workspaceIds.includes(job.workspaceId),
        );
        await settleAll(services, scoped);
        const now = clock.now();
        const key = (job: CloudJobRecord): number =>
          order.field === 'createdAt' ? job.createdAt : engine.updatedAt(job, now);
        const items = scoped
          .filter((job) => jobType === null || job.jobType === jobType)
          .filter((job) => status === null || engine.status(job, now) === status)
          .filter((job) => createdStart === undefined || job.createdAt >= createdStart)
          .filter((job) => createdEnd === undefined || job.createdAt <= createdEnd)
          .filter((job) => updatedStart === undefined || engine.updatedAt(job, now) >= updatedStart)
          .filter((job) => updatedEnd === undefined || engine.updatedAt(job, now) <= updatedEnd)
          .sort((a, b) => (key(a) - key(b)) * order.direction || (a.jobId - b.jobId) * order.direction);
        return ok(
          pageEnvelope(
            items.map((job) => presentJob(engine, job, now)),
            paging,
            `${linkBase}/jobs`,
            query,
          ),
        );
      },
    },
    {
      api: 'public',
      method: 'POST',
      path: '/jobs',
      operationId: 'createJob',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parsePublicBody(createSchema, body);
        const { state, engine, clock } = services;
        const connection = requireConnection(state, input.connectionId);
        if (input.jobType === 'refresh') {
          throw problemError('unprocessable-entity', {
            data: { message: 'Refreshes are not supported in the public API' },
          });
        }
        if (connection.status === 'deprecated') {
          throw badRequest(`Connection ${connection.connectionId} is deleted; no job can run for it.`);
        }
        await settleAll(services, state.jobsOf(connection.connectionId));
        // Re-read after the await: a concurrent request may have started a job meanwhile.
        if (
          state
            .jobsOf(connection.connectionId)
            .some((job) => !finalJobStatuses.includes(engine.realStatus(job)))
        ) {
          throw problemError('try-again-later', {
            data: { message: `A sync is already running for: ${connection.connectionId}` },
          });
        }
        const job = createConnectionJob(state, clock, connection, input.jobType);
        await engine.settle(job);
        return ok(presentJob(engine, job, clock.now()));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: '/jobs/{jobId}',
      operationId: 'getJob',
      authenticated: true,
      handler: async ({ services, params }) => {
        const job = requireJob(services.state, params.jobId ?? '');
        await services.engine.settle(job);
        const body = presentJob(services.engine, job, services.clock.now());
        // Auto-advance after answering, so a polling client sees time pass between its polls.
        if (services.advanceOnJobPollMs > 0) services.clock.advance(services.advanceOnJobPollMs);
        return ok(body);
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: '/jobs/{jobId}',
      operationId: 'cancelJob',
      authenticated: true,
      handler: async ({ services, params }) => {
        const job = requireJob(services.state, params.jobId ?? '');
        await services.engine.settle(job);
        if (!services.engine.cancel(job)) {
          throw problemError('state-conflict', {
            data: {
              message: `Job ${job.jobId} is already in a final state: ${services.engine.realStatus(job)}`,
            },
          });
        }
        return ok(presentJob(services.engine, job, services.clock.now()));
      },
    },
  ];
}
