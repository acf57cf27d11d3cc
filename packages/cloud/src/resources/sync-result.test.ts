import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApiError } from '../errors/platform-api-error';
import { PlatformConnectionSyncError } from '../errors/platform-connection-sync-error';
import { PlatformConnectionSyncTimeoutError } from '../errors/platform-connection-sync-timeout-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { JobStatus } from '../jobs/job-status';
import { closeCheckedSimulator } from '../test-support/close-checked-simulator';
import { deployFakerConnection, simulatedWorkspace } from '../test-support/simulated-workspace';

/**
 * The simulated clock makes a wait of simulated minutes instant, but every poll is still a real
 * HTTP request: 150 (300 s), 600 (20 min) or 900 (1800 s) of them took 0.3-1.4 s on an idle
 * machine and passed vitest's 5 s default on a loaded one.
 */
const MANY_POLLS_TIMEOUT_MS = 60_000;

describe('SyncResult', () => {
  let sim: CloudSimulator;
  beforeEach(async () => {
    // Start on a whole minute, so job start times are printed without seconds (`03:04Z`).
    sim = await startCloudSimulator({ startTime: Date.UTC(2026, 0, 2, 3, 4, 0) });
  });
  // Every request of the test is checked against the platform's official SDK spec.
  afterEach(() => closeCheckedSimulator(sim), 60_000);

  describe('waiting', () => {
    it('runSync waits by default, polling 1 s after the create and then every 2 s', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync();
      expect(await result.getJobStatus()).toBe(JobStatus.SUCCEEDED);
      expect(await result.getRecordsSynced()).toBe(15);
      expect(await result.getBytesSynced()).toBeGreaterThan(0);
      // Default job: 1 s pending + 10 s running, so final at 11 s: seen by the poll at 11 s.
      expect(clock.sleeps).toEqual([1000, 2000, 2000, 2000, 2000, 2000]);
      expect(sim.requests.jobPolls(result.jobId)).toBe(6);
      // A final status is cached: no more requests.
      expect(await result.isJobComplete()).toBe(true);
      expect(sim.requests.jobPolls(result.jobId)).toBe(6);
    });

    it('runSync({ wait: false }) returns at once with the job as created', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      expect(result.lastSnapshot?.status).toBe('pending');
      expect(clock.sleeps).toEqual([]);
      expect(await result.getJobStatus()).toBe('pending');
      expect(await result.isJobComplete()).toBe(false);
      expect(result.jobUrl).toBe(`${connection.connectionUrl}/timeline`);
    });

    it('polls at once when it has not seen the job yet', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const started = await connection.runSync({ wait: false });
      const lazy = await connection.getSyncResult(started.jobId);
      expect(lazy?.lastSnapshot).toBeUndefined();
      expect(await lazy?.waitForCompletion()).toBe('succeeded');
      expect(clock.sleeps).toEqual([1000, 2000, 2000, 2000, 2000, 2000]);
      expect(sim.requests.jobPolls(started.jobId)).toBe(7);
    });

    it('sees a status change at most 2 s after it happens, and short jobs after 1 s', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      for (const durationMs of [1, 999, 1000, 1001, 2500, 7777, 65_432]) {
        sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: durationMs });
        const result = await connection.runSync({ wait: false });
        const createdAt = clock.now();
        await result.waitForCompletion();
        const delay = clock.now() - (createdAt + durationMs);
        expect(delay, `job of ${durationMs} ms`).toBeGreaterThanOrEqual(0);
        expect(delay, `job of ${durationMs} ms`).toBeLessThanOrEqual(2000);
        if (durationMs <= 1000) expect(clock.now() - createdAt).toBe(1000);
      }
    });

    it('treats a status it does not know as not final and keeps waiting', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, {
        pendingMs: 0,
        attemptDurationMs: 20_000,
        statusOverrides: [{ fromMs: 2_000, untilMs: 12_000, status: 'waiting_for_capacity' }],
      });
      const result = await connection.runSync({ wait: false });
      expect(await result.waitForCompletion({ waitTimeout: 5, raiseTimeout: false })).toBe(
        'waiting_for_capacity',
      );
      expect(await result.isJobComplete()).toBe(false);
      expect(await result.waitForCompletion()).toBe('succeeded');
    });

    it('throws PlatformConnectionSyncTimeoutError when the wait runs out, after a last poll at the deadline', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 60_000 });
      const result = await connection.runSync({ wait: false });
      const error = await result.waitForCompletion({ waitTimeout: 5 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformConnectionSyncTimeoutError);
      expect(error).toMatchObject({
        jobId: result.jobId,
        jobStatus: 'running',
        timeout: 5,
        connectionId: connection.connectionId,
        retryable: true,
      });
      expect((error as PlatformConnectionSyncTimeoutError).jobUrl).toBe(
        `${connection.jobHistoryUrl}#${result.jobId}::0`,
      );
      expect(clock.sleeps).toEqual([1000, 2000, 2000]);
    });

    it('returns the non-final status with raiseTimeout: false', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 60_000 });
      const result = await connection.runSync({ wait: false });
      expect(await result.waitForCompletion({ waitTimeout: 10, raiseTimeout: false })).toBe('running');
    });

    it('polls once even with a zero timeout', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      expect(await result.waitForCompletion({ waitTimeout: 0, raiseTimeout: false })).toBe('pending');
      expect(sim.requests.jobPolls(result.jobId)).toBe(1);
      expect(clock.sleeps).toEqual([]);
      await expect(result.waitForCompletion({ waitTimeout: 0 })).rejects.toThrow(
        PlatformConnectionSyncTimeoutError,
      );
    });

    it(
      'runSync uses a 300 s timeout and raises it',
      async () => {
        const { workspace, clock } = simulatedWorkspace(sim);
        const { connection } = await deployFakerConnection(workspace);
        sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 3_600_000 });
        const started = clock.now();
        await expect(connection.runSync()).rejects.toMatchObject({
          name: 'PlatformConnectionSyncTimeoutError',
          timeout: 300,
        });
        expect(clock.now() - started).toBe(300_000);
      },
      MANY_POLLS_TIMEOUT_MS,
    );

    it(
      'waitForCompletion defaults to 1800 s',
      async () => {
        const { workspace, clock } = simulatedWorkspace(sim);
        const { connection } = await deployFakerConnection(workspace);
        sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 3_600_000 });
        const result = await connection.runSync({ wait: false });
        const started = clock.now();
        await expect(result.waitForCompletion()).rejects.toMatchObject({ timeout: 1800 });
        expect(clock.now() - started).toBe(1_800_000);
      },
      MANY_POLLS_TIMEOUT_MS,
    );

    it('refuses a negative timeout', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      await expect(result.waitForCompletion({ waitTimeout: -1 })).rejects.toThrow(PlatformInputError);
    });

    it('returns a failed status by default, and raises it with raiseFailure', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, {
        pendingMs: 0,
        attempts: [{ failureMessage: 'first try broke' }, { outcome: 'failed', failureMessage: 'gave up' }],
      });
      const result = await connection.runSync({ wait: false });
      expect(await result.waitForCompletion()).toBe('failed');
      const error = await result.waitForCompletion({ raiseFailure: true }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformConnectionSyncError);
      expect(error).toMatchObject({
        jobId: result.jobId,
        jobStatus: 'failed',
        connectionId: connection.connectionId,
      });
      expect((error as PlatformConnectionSyncError).workspaceUrl).toBe(workspace.workspaceUrl);
    });

    it('runSync raises a failed or cancelled job', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(
        connection.connectionId,
        { pendingMs: 0, finalStatus: 'failed' },
        { pendingMs: 0, finalStatus: 'cancelled' },
      );
      await expect(connection.runSync()).rejects.toMatchObject({
        name: 'PlatformConnectionSyncError',
        jobStatus: 'failed',
      });
      await expect(connection.runSync()).rejects.toMatchObject({ jobStatus: 'cancelled' });
    });

    it('stops waiting when the signal aborts, leaving the job running', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 600_000 });
      const result = await connection.runSync({ wait: false });
      const controller = new AbortController();
      const sleep = clock.sleep;
      let sleeps = 0;
      clock.sleep = async (ms, signal) => {
        sleeps += 1;
        if (sleeps === 3) controller.abort(new Error('caller gave up'));
        return sleep(ms, signal);
      };
      await expect(result.waitForCompletion({ signal: controller.signal })).rejects.toThrow('caller gave up');
      expect(sim.state.jobStatus(result.jobId)).toBe('running');
      const aborted = new AbortController();
      aborted.abort(new Error('already'));
      await expect(result.waitForCompletion({ signal: aborted.signal })).rejects.toThrow('already');
    });

    it('rides out transient failures of the status endpoint and reports persistent ones', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      sim.faults.failNext(503, { match: { operationId: 'getJob' }, times: 2 });
      expect(await result.waitForCompletion()).toBe('succeeded');

      const second = await connection.runSync({ wait: false });
      sim.faults.failNext(500, { match: { operationId: 'getJob' }, times: 10 });
      const error = await second.waitForCompletion().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error).toMatchObject({ status: 500, retryable: true });
      sim.faults.clear();
    });

    it(
      'keeps polling across token expiry with client credentials',
      async () => {
        const { workspace } = simulatedWorkspace(sim, { auth: 'client-credentials' });
        const { connection } = await deployFakerConnection(workspace);
        expect(sim.auth.issuedCount).toBe(1);
        sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 20 * 60_000 });
        const result = await connection.runSync({ wait: false });
        expect(await result.waitForCompletion()).toBe('succeeded');
        // Tokens live 15 simulated minutes: at least one was fetched again on the way.
        expect(sim.auth.issuedCount).toBeGreaterThanOrEqual(2);
        expect(sim.requests.count({ status: 401 })).toBe(0);
        sim.auth.expireIssuedTokens();
        expect(await connection.isEnabled()).toBe(true);
        expect(sim.requests.count({ status: 401 })).toBe(1);
      },
      MANY_POLLS_TIMEOUT_MS,
    );
  });

  describe('waiting for many jobs at once', () => {
    it('checks concurrently awaited jobs with shared listings', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const connections = [];
      for (let index = 0; index < 5; index += 1) {
        connections.push((await deployFakerConnection(workspace, { suffix: `batch-${index}` })).connection);
      }
      for (const [index, connection] of connections.entries()) {
        sim.scriptJob(connection.connectionId, { pendingMs: 0, attemptDurationMs: 5_000 * (index + 1) });
      }
      const results = await Promise.all(connections.map((connection) => connection.runSync({ wait: false })));
      sim.requests.clear();
      const statuses = await Promise.all(results.map((result) => result.waitForCompletion()));
      expect(statuses).toEqual(Array(5).fill('succeeded'));
      const counts = sim.requests.countsByOperation();
      // Rounds at 1, 3, …, 25 s. While two or more jobs are due, one listing reads them all (up
      // to 21 s); the last job alone is read directly (23 and 25 s).
      expect(counts.listJobs).toBe(11);
      expect(counts.getJob).toBe(2);
      for (const [index, result] of results.entries()) {
        expect(await result.getRecordsSynced(), `job ${index}`).toBe(15);
      }
      const listing = sim.requests.filter({ operationId: 'listJobs' })[0];
      expect(listing?.query).toMatchObject({
        workspaceIds: [sim.workspaceId],
        orderBy: ['createdAt|ASC'],
        limit: ['100'],
      });
    });

    it('reads a job it knows nothing about alone first, then shares the listing with it', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const first = (await deployFakerConnection(workspace, { suffix: 'a' })).connection;
      const second = (await deployFakerConnection(workspace, { suffix: 'b' })).connection;
      const started = await Promise.all([first.runSync({ wait: false }), second.runSync({ wait: false })]);
      const lazy = await second.getSyncResult(started[1]?.jobId);
      sim.requests.clear();
      const statuses = await Promise.all([started[0]?.waitForCompletion(), lazy?.waitForCompletion()]);
      expect(statuses).toEqual(['succeeded', 'succeeded']);
      // The unknown job's first read (at 0 s) is its own; every later round is one listing.
      expect(
        sim.requests.filter({ operationId: 'getJob' }).map((entry) => entry.at - sim.clock.now()),
      ).toEqual([-11_000]);
      expect(sim.requests.count({ operationId: 'listJobs' })).toBe(6);
    });

    it('costs one request per job and round without batching', async () => {
      const { workspace } = simulatedWorkspace(sim, { polling: { batch: false } });
      const first = (await deployFakerConnection(workspace, { suffix: 'a' })).connection;
      const second = (await deployFakerConnection(workspace, { suffix: 'b' })).connection;
      const results = await Promise.all([first.runSync({ wait: false }), second.runSync({ wait: false })]);
      sim.requests.clear();
      await Promise.all(results.map((result) => result.waitForCompletion()));
      expect(sim.requests.count({ operationId: 'listJobs' })).toBe(0);
      expect(sim.requests.count({ operationId: 'getJob' })).toBe(12);
    });

    it('falls back to per-job reads for good when the server refuses the listing', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const first = (await deployFakerConnection(workspace, { suffix: 'a' })).connection;
      const second = (await deployFakerConnection(workspace, { suffix: 'b' })).connection;
      const results = await Promise.all([first.runSync({ wait: false }), second.runSync({ wait: false })]);
      sim.requests.clear();
      sim.faults.failNext(400, { match: { operationId: 'listJobs' } });
      expect(await Promise.all(results.map((result) => result.waitForCompletion()))).toEqual([
        'succeeded',
        'succeeded',
      ]);
      expect(sim.requests.count({ operationId: 'listJobs' })).toBe(1);
      expect(sim.requests.count({ operationId: 'getJob' })).toBe(12);
    });
  });

  describe('details', () => {
    it('parses start times printed without seconds', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      expect(result.lastSnapshot?.startTime).toBe('2026-01-02T03:04Z');
      expect(await result.getStartTime()).toEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 0)));
    });

    it('reports 0 bytes and records before the job commits any', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const result = await connection.runSync({ wait: false });
      expect(await result.getRecordsSynced()).toBe(0);
      expect(await result.getBytesSynced()).toBe(0);
    });

    it('lists attempts numbered from 0 with their stats, failures and logs', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, {
        pendingMs: 0,
        attempts: [
          { failureMessage: 'source timed out', logLines: ['fetching page 1'] },
          { outcome: 'succeeded' },
        ],
      });
      const result = await connection.runSync();
      const attempts = await result.getAttempts();
      expect(attempts.map((attempt) => [attempt.attemptNumber, attempt.status])).toEqual([
        [0, 'failed'],
        [1, 'succeeded'],
      ]);
      expect(attempts[0]?.failureMessages).toEqual(['source timed out']);
      expect(attempts[1]?.recordsSynced).toBe(15);
      expect(attempts[1]?.createdAt.getTime()).toBeGreaterThan(attempts[0]?.createdAt.getTime() ?? 0);
      const firstLog = await attempts[0]?.getFullLogText();
      expect(firstLog).toMatch(/^\[\d+\] info: Starting sync attempt 0/);
      expect(firstLog).toContain('info: fetching page 1');
      expect(firstLog).toContain('error: Sync attempt 0 failed: source timed out');
      // A final job's attempts are cached: reading the logs again costs nothing.
      const reads = sim.requests.count({ operationId: 'getJobInfo' });
      await attempts[1]?.getFullLogText();
      await result.getAttempts();
      expect(sim.requests.count({ operationId: 'getJobInfo' })).toBe(reads);
    });

    it('reads the log of a running attempt fresh, and formatted logs as lines', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, {
        pendingMs: 0,
        attemptDurationMs: 10_000,
        logFormat: 'formatted',
      });
      const result = await connection.runSync({ wait: false });
      const [attempt] = await result.getAttempts();
      expect(attempt?.status).toBe('running');
      expect(await attempt?.getFullLogText()).not.toContain('succeeded');
      await clock.sleep(10_000);
      const text = await attempt?.getFullLogText();
      expect(text).toMatch(/^2026-01-02 03:04:00 platform > INFO Starting sync attempt 0/);
      expect(text).toContain('Sync attempt 0 succeeded');
    });

    it('raiseFailureStatus uses the known status unless asked to refresh', async () => {
      const { workspace, clock } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      sim.scriptJob(connection.connectionId, {
        pendingMs: 0,
        attemptDurationMs: 5_000,
        finalStatus: 'failed',
      });
      const result = await connection.runSync({ wait: false });
      await result.raiseFailureStatus();
      await clock.sleep(6_000);
      const polls = sim.requests.jobPolls(result.jobId);
      await result.raiseFailureStatus();
      expect(sim.requests.jobPolls(result.jobId)).toBe(polls);
      await expect(result.raiseFailureStatus({ refreshStatus: true })).rejects.toMatchObject({
        name: 'PlatformConnectionSyncError',
        jobStatus: 'failed',
      });
      expect(sim.requests.jobPolls(result.jobId)).toBe(polls + 1);
      await expect(result.raiseFailureStatus()).rejects.toThrow(PlatformConnectionSyncError);
    });

    it('raiseFailureStatus fetches the status when none is known', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const started = await connection.runSync({ wait: false });
      const lazy = await connection.getSyncResult(started.jobId);
      await lazy?.raiseFailureStatus();
      expect(sim.requests.jobPolls(started.jobId)).toBe(1);
    });

    it('names a missing job', async () => {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace);
      const ghost = await connection.getSyncResult(987_654);
      await expect(ghost?.getJobStatus()).rejects.toMatchObject({
        name: 'PlatformMissingResourceError',
        resourceType: 'job',
        resourceId: '987654',
      });
    });
  });
});
