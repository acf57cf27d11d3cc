import { describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { startCloudSimulator } from './start-cloud-simulator';

describe('startCloudSimulator', () => {
  it('listens on 127.0.0.1 and exposes the roots, credentials and seeded workspace', async () => {
    const sim = await startCloudSimulator({
      credentials: { clientId: 'c', clientSecret: 's', bearerToken: 'b' },
    });
    try {
      expect(sim.apiRoot).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(sim.configApiRoot).toBe(`${sim.origin}/api/v1`);
      expect(sim.tokenUrl).toBe(`${sim.origin}/v1/applications/token`);
      expect(sim.credentials).toEqual({ clientId: 'c', clientSecret: 's', bearerToken: 'b' });
      expect(sim.state.workspaces.get(sim.workspaceId)?.organizationId).toBe(sim.organizationId);
      expect(sim.clock.now()).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    } finally {
      await sim.close();
    }
  });

  it('reports a finished sync as running until its data is written, and settle() writes it', async () => {
    const sim = await startCloudSimulator({ defaultJobPlan: { pendingMs: 0, attemptDurationMs: 10 } });
    try {
      const { connectionId } = await deployFakerConnection(sim, {
        streams: [{ name: 'users', syncMode: 'incremental_append' }],
      });
      const created = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
      const jobId = (created.body as { jobId: number }).jobId;
      sim.clock.advance(10);
      expect(sim.state.jobStatus(jobId)).toBe('running');
      expect(sim.state.connectionStates.has(connectionId)).toBe(false);
      await sim.settle();
      expect(sim.state.jobStatus(jobId)).toBe('succeeded');
      expect(sim.state.connectionStates.get(connectionId)?.stateType).toBe('stream');
      expect(sim.state.attempts(jobId)).toMatchObject([
        { status: 'succeeded', stats: { recordsCommitted: 5 } },
      ]);
      expect(sim.state.jobsOf(connectionId).map((job) => job.jobId)).toEqual([jobId]);
    } finally {
      await sim.close();
    }
  });

  it('syncs test-registered source types with fixed or generated records', async () => {
    const sim = await startCloudSimulator({
      defaultJobPlan: { pendingMs: 0, attemptDurationMs: 10 },
      sources: [
        {
          sourceType: 'ledger',
          streams: [
            {
              name: 'entries',
              jsonSchema: {
                type: 'object',
                properties: { id: { type: 'integer' }, amount: { type: 'number' } },
              },
              primaryKey: [['id']],
              records: [
                { id: 1, amount: 9.5 },
                { id: 2, amount: 1 },
              ],
            },
            {
              name: 'accounts',
              jsonSchema: {
                type: 'object',
                properties: { id: { type: 'integer' }, opened_at: { type: 'string', format: 'date-time' } },
              },
              cursorField: ['opened_at'],
              recordCount: 4,
            },
          ],
        },
      ],
    });
    try {
      const source = await callCloud(sim, 'POST', '/sources', {
        body: { name: 'ledger', workspaceId: sim.workspaceId, configuration: { sourceType: 'ledger' } },
      });
      expect(source.body).toMatchObject({ sourceType: 'ledger' });
      const destination = await callCloud(sim, 'POST', '/destinations', {
        body: { name: 'null', workspaceId: sim.workspaceId, configuration: { destinationType: 'dev-null' } },
      });
      const connection = await callCloud(sim, 'POST', '/connections', {
        body: {
          sourceId: (source.body as { sourceId: string }).sourceId,
          destinationId: (destination.body as { destinationId: string }).destinationId,
          configurations: {
            streams: [{ name: 'entries' }, { name: 'accounts', syncMode: 'incremental_append' }],
          },
        },
      });
      const connectionId = (connection.body as { connectionId: string }).connectionId;
      const job = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType: 'sync' } });
      sim.clock.advance(10);
      const done = await callCloud(sim, 'GET', `/jobs/${(job.body as { jobId: number }).jobId}`);
      expect(done.body).toMatchObject({ status: 'succeeded', rowsSynced: 6 });
    } finally {
      await sim.close();
    }
  });

  it('refuses misuse of the control API with validation errors', async () => {
    const sim = await startCloudSimulator();
    try {
      const { connectionId } = await deployFakerConnection(sim);
      expect(() => sim.clock.advance(-1)).toThrow(/backwards/);
      expect(() => sim.clock.set(0)).toThrow(/backwards/);
      expect(() => sim.scriptJob(connectionId, { pendingMs: -5 })).toThrow(/pendingMs/);
      expect(() => sim.setDefaultJobPlan({ attempts: [] })).toThrow(/attempts/);
      expect(() => sim.state.lockConnection('nope')).toThrow(/unknown connection/);
      expect(() =>
        sim.state.addHistoricJob({ connectionId, status: 'succeeded', createdAt: sim.clock.now() }),
      ).toThrow(/finished before/);
      expect(() => sim.state.jobStatus(12345)).toThrow(/unknown job/);
      expect(() => sim.state.addWorkspace({ organizationId: 'missing' })).toThrow(/unknown organization/);
      expect(
        sim.state.logText(sim.state.addHistoricJob({ connectionId, status: 'failed', createdAt: 0 }).jobId),
      ).toContain('failed');
    } finally {
      await sim.close();
    }
  });

  it('closes while a delayed request is still waiting', async () => {
    const sim = await startCloudSimulator();
    sim.faults.delayNext(30_000);
    const pending = fetch(`${sim.apiRoot}/workspaces`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await sim.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    await pending;
  });

  it('can be closed twice, as an afterAll after a test that closed it does', async () => {
    const sim = await startCloudSimulator();
    await sim.close();
    await expect(sim.close()).resolves.toBeUndefined();
  });
});
