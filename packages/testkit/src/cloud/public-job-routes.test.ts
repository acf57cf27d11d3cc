import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

type Job = Record<string, unknown> & { jobId: number; status: string };

describe('jobs', () => {
  let sim: CloudSimulator;
  let connectionId: string;

  beforeEach(async () => {
    sim = await startCloudSimulator();
    ({ connectionId } = await deployFakerConnection(sim, { count: 5 }));
  });
  afterEach(async () => {
    await sim.close();
  });

  const startSync = async (): Promise<Job> => {
    const answer = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    expect(answer.status).toBe(200);
    return answer.body as Job;
  };
  const getJob = async (jobId: number): Promise<Job> =>
    (await callCloud(sim, 'GET', `/jobs/${jobId}`)).body as Job;
  const jobInfo = async (jobId: number) =>
    (await callCloud(sim, 'POST', '/jobs/get', { root: 'config', body: { id: jobId } })).body as {
      job: Record<string, unknown>;
      attempts: Array<{ attempt: Record<string, unknown>; logType: string; logs: Record<string, unknown> }>;
    };

  it('moves pending → running → succeeded with the clock, with stats and Java-style times', async () => {
    const created = await startSync();
    expect(created).toEqual({
      jobId: created.jobId,
      status: 'pending',
      jobType: 'sync',
      connectionId,
      startTime: '2026-01-02T03:04:05Z',
    });
    sim.clock.advance(1_000);
    const running = await getJob(created.jobId);
    expect(running).toMatchObject({ status: 'running', duration: 'PT1S', rowsSynced: 0, bytesSynced: 0 });
    expect(running).not.toHaveProperty('lastUpdatedAt');
    sim.clock.advance(5_000);
    const halfway = await getJob(created.jobId);
    expect(halfway.rowsSynced).toBe(7);
    sim.clock.advance(5_000);
    const done = await getJob(created.jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      duration: 'PT11S',
      lastUpdatedAt: '2026-01-02T03:04:16Z',
      rowsSynced: 15,
    });
    expect(done.bytesSynced).toBeGreaterThan(0);
    expect(sim.requests.jobPolls(created.jobId)).toBe(3);
  });

  it('answers 409 try-again-later while a sync runs and accepts a new one afterwards', async () => {
    const first = await startSync();
    const conflict = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      status: 409,
      type: 'https://reference.airbyte.com/reference/errors#try-again-later',
      title: 'try-again-later',
      detail: 'Please try again later.',
      data: { message: `A sync is already running for: ${connectionId}` },
    });
    sim.clock.advance(11_000);
    const second = await startSync();
    expect(second.jobId).toBe(first.jobId + 1);
  });

  it('refuses refresh with 422, unknown connections with 404 and bad bodies with 400', async () => {
    const refresh = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'refresh' } });
    expect(refresh.status).toBe(422);
    expect(refresh.body).toMatchObject({
      data: { message: 'Refreshes are not supported in the public API' },
    });
    const unknown = await callCloud(sim, 'POST', '/jobs', {
      body: { connectionId: '00000000-0000-4000-8000-000000000000', jobType: 'sync' },
    });
    expect(unknown.status).toBe(404);
    expect((await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'nap' } })).status).toBe(
      400,
    );
    expect((await callCloud(sim, 'GET', '/jobs/999')).status).toBe(404);
    expect((await callCloud(sim, 'GET', '/jobs/abc')).status).toBe(404);
  });

  it('cancels a running job; its attempt fails as a manual cancellation; a second cancel conflicts', async () => {
    const job = await startSync();
    sim.clock.advance(3_000);
    const cancelled = await callCloud(sim, 'DELETE', `/jobs/${job.jobId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', lastUpdatedAt: '2026-01-02T03:04:08Z' });
    sim.clock.advance(60_000);
    expect((await getJob(job.jobId)).status).toBe('cancelled');
    const info = await jobInfo(job.jobId);
    expect(info.attempts[0]?.attempt).toMatchObject({
      status: 'failed',
      failureSummary: { failures: [{ failureType: 'manual_cancellation' }] },
    });
    expect((await callCloud(sim, 'DELETE', `/jobs/${job.jobId}`)).status).toBe(409);
  });

  it('retries failed attempts through incomplete and serves each attempt log', async () => {
    sim.scriptJob(connectionId, {
      pendingMs: 0,
      attemptDurationMs: 1_000,
      retryDelayMs: 500,
      attempts: [
        { failureMessage: 'source timed out', logLines: ['first try'] },
        { failureMessage: 'rate limited', failureOrigin: 'source', failureType: 'transient_error' },
        { logLines: ['third time lucky'] },
      ],
    });
    const job = await startSync();
    const seen: string[] = [job.status];
    for (let step = 0; step < 14; step += 1) {
      sim.clock.advance(250);
      const status = (await getJob(job.jobId)).status;
      if (seen.at(-1) !== status) seen.push(status);
    }
    sim.clock.advance(2_000);
    seen.push((await getJob(job.jobId)).status);
    expect(seen).toEqual(['running', 'incomplete', 'running', 'incomplete', 'running', 'succeeded']);

    const info = await jobInfo(job.jobId);
    expect(info.job).toMatchObject({
      id: job.jobId,
      configType: 'sync',
      configId: connectionId,
      status: 'succeeded',
    });
    expect(info.attempts.map((attempt) => attempt.attempt.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(info.attempts.map((attempt) => attempt.attempt.recordsSynced)).toEqual([0, 0, 15]);
    expect(info.attempts[1]?.attempt).toMatchObject({
      failureSummary: {
        failures: [
          { externalMessage: 'rate limited', failureType: 'transient_error', failureOrigin: 'source' },
        ],
      },
    });
    const events =
      (info.attempts[0]?.logs as { events: Array<{ message: string; level: string }> } | undefined)?.events ??
      [];
    expect(info.attempts[0]?.logType).toBe('structured');
    expect(events.map((event) => event.message)).toContain('first try');
    expect(events.at(-1)).toMatchObject({
      level: 'error',
      message: 'Sync attempt 0 failed: source timed out',
    });
    expect(sim.state.logText(job.jobId)).toContain('third time lucky');
    expect(sim.state.logText(job.jobId)).toContain('Read 5 records from stream users');
  });

  it('serves formatted log lines when the plan asks for them', async () => {
    sim.scriptJob(connectionId, {
      pendingMs: 0,
      attemptDurationMs: 100,
      logFormat: 'formatted',
      finalStatus: 'failed',
    });
    const job = await startSync();
    sim.clock.advance(100);
    expect((await getJob(job.jobId)).status).toBe('failed');
    const info = await jobInfo(job.jobId);
    expect(info.attempts[0]?.logType).toBe('formatted');
    const lines = (info.attempts[0]?.logs as { logLines: string[] } | undefined)?.logLines ?? [];
    expect(lines[0]).toMatch(/^2026-01-02 03:04:05 platform > INFO Starting sync attempt 0/);
    expect(lines.at(-1)).toContain('ERROR Sync attempt 0 failed');
  });

  it('reports a status the client does not know mid-way, then the real one again', async () => {
    sim.scriptJob(connectionId, {
      pendingMs: 0,
      queuedMs: 1_000,
      attemptDurationMs: 4_000,
      statusOverrides: [{ fromMs: 2_000, untilMs: 3_000, status: 'paused_for_maintenance' }],
    });
    const job = await startSync();
    expect(job.status).toBe('queued');
    sim.clock.advance(1_500);
    expect((await getJob(job.jobId)).status).toBe('running');
    sim.clock.advance(1_000);
    expect((await getJob(job.jobId)).status).toBe('paused_for_maintenance');
    const conflict = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
    expect(conflict.status).toBe(409);
    sim.clock.advance(1_000);
    expect((await getJob(job.jobId)).status).toBe('running');
    sim.clock.advance(2_000);
    expect((await getJob(job.jobId)).status).toBe('succeeded');
  });

  it('can stall in incomplete or keep running forever, for timeout tests', async () => {
    sim.scriptJob(connectionId, { finalStatus: 'incomplete', pendingMs: 0, attemptDurationMs: 10 });
    const stalled = await startSync();
    sim.clock.advance(3_600_000);
    expect((await getJob(stalled.jobId)).status).toBe('incomplete');
    await callCloud(sim, 'DELETE', `/jobs/${stalled.jobId}`);
    sim.scriptJob(connectionId, { attempts: [{ durationMs: Number.POSITIVE_INFINITY }] });
    const endless = await startSync();
    sim.clock.advance(86_400_000);
    expect((await getJob(endless.jobId)).status).toBe('running');
  });

  it('reports scripted record and byte counts', async () => {
    sim.scriptJob(connectionId, {
      pendingMs: 0,
      attempts: [{ durationMs: 10, recordsSynced: 1_234, bytesSynced: 99 }],
    });
    const job = await startSync();
    sim.clock.advance(10);
    expect(await getJob(job.jobId)).toMatchObject({
      status: 'succeeded',
      rowsSynced: 1_234,
      bytesSynced: 99,
    });
  });

  it('advances the clock on each poll so a waiting client finishes without real time passing', async () => {
    sim.setAutoAdvance({ perJobPollMs: 2_000 });
    const job = await startSync();
    let status = job.status;
    let polls = 0;
    while (!['succeeded', 'failed', 'cancelled'].includes(status)) {
      status = (await getJob(job.jobId)).status;
      polls += 1;
    }
    expect(status).toBe('succeeded');
    expect(sim.requests.jobPolls(job.jobId)).toBe(polls);
    expect(polls).toBe(7);
  });
});

describe('job listing', () => {
  let sim: CloudSimulator;
  let connectionId: string;
  let otherConnectionId: string;
  const minute = 60_000;

  beforeEach(async () => {
    sim = await startCloudSimulator({ startTime: Date.UTC(2026, 0, 10) });
    ({ connectionId } = await deployFakerConnection(sim));
    ({ connectionId: otherConnectionId } = await deployFakerConnection(sim, { name: 'other' }));
    const base = Date.UTC(2026, 0, 1);
    const statuses = ['succeeded', 'failed', 'succeeded', 'cancelled', 'succeeded'] as const;
    statuses.forEach((status, index) => {
      sim.state.addHistoricJob({
        connectionId,
        status,
        createdAt: base + index * 60 * minute,
        rowsSynced: index * 10,
      });
    });
    sim.state.addHistoricJob({
      connectionId,
      status: 'succeeded',
      createdAt: base + 30 * minute,
      jobType: 'reset',
    });
    sim.state.addHistoricJob({ connectionId: otherConnectionId, status: 'succeeded', createdAt: base });
  });
  afterEach(async () => {
    await sim.close();
  });

  const list = async (query: string) => {
    const answer = await callCloud(sim, 'GET', `/jobs?${query}`);
    return { status: answer.status, page: answer.body as { data: Job[]; next: string; previous: string } };
  };

  it('orders by createdAt ascending by default and descending on request', async () => {
    const ascending = await list(`connectionId=${connectionId}`);
    const created = ascending.page.data.map((job) => String(job.startTime));
    expect(created).toEqual([...created].sort());
    expect(ascending.page.data).toHaveLength(6);
    const descending = await list(`connectionId=${connectionId}&orderBy=createdAt|DESC&limit=2`);
    expect(descending.page.data.map((job) => job.rowsSynced)).toEqual([40, 30]);
    expect(descending.page.next).toBe(
      `${sim.apiRoot}/jobs?connectionId=${connectionId}&orderBy=createdAt%7CDESC&limit=2&offset=2`,
    );
    const updated = await list(`connectionId=${connectionId}&orderBy=updatedAt|ASC`);
    expect(updated.status).toBe(200);
  });

  it('filters by jobType and status, pages with offset and prefers connectionId over workspaceIds', async () => {
    expect((await list(`connectionId=${connectionId}&jobType=reset`)).page.data).toHaveLength(1);
    expect(
      (await list(`connectionId=${connectionId}&status=failed`)).page.data.map((job) => job.status),
    ).toEqual(['failed']);
    const second = await list(`connectionId=${connectionId}&limit=4&offset=4`);
    expect(second.page.data).toHaveLength(2);
    expect(second.page.previous).toBe(`${sim.apiRoot}/jobs?connectionId=${connectionId}&limit=4&offset=0`);
    const third = await list(`connectionId=${connectionId}&limit=4&offset=8`);
    expect(third.page).toMatchObject({ data: [], next: '' });
    const scoped = await list(`connectionId=${otherConnectionId}&workspaceIds=${sim.workspaceId}`);
    expect(scoped.page.data).toHaveLength(1);
    expect((await list(`workspaceIds=${sim.workspaceId}&limit=100`)).page.data).toHaveLength(7);
  });

  it('filters by creation time', async () => {
    const start = new Date(Date.UTC(2026, 0, 1, 2, 0)).toISOString();
    const answer = await list(`connectionId=${connectionId}&createdAtStart=${start}`);
    expect(answer.page.data.map((job) => job.rowsSynced)).toEqual([20, 30, 40]);
  });

  it('answers 400 for malformed orderBy, jobType, status and limits, and 404 for unknown connections', async () => {
    for (const query of [
      'orderBy=name|ASC',
      'orderBy=createdAt',
      'jobType=nap',
      'status=asleep',
      'limit=0',
      'limit=500',
    ]) {
      expect((await list(`connectionId=${connectionId}&${query}`)).status).toBe(400);
    }
    expect((await list('connectionId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('concurrent job creation', () => {
  it('starts exactly one sync when two requests race', async () => {
    const sim = await startCloudSimulator();
    try {
      const { connectionId } = await deployFakerConnection(sim);
      const answers = await Promise.all(
        [0, 1, 2].map(() => callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      expect(sim.state.jobsOf(connectionId)).toHaveLength(1);
    } finally {
      await sim.close();
    }
  });
});
