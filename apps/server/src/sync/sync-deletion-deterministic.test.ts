import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';
import { startWatchedConnector, type WatchedConnector } from './test-support/watched-connector';

// Issue 33: whether an incremental run removed a task deleted upstream varied between identical
// runs. Only the watch ever removes one (an incremental run lists what changed, and a deleted task
// is not in any list), and the watch is paused while a run is queued or running: the deletion was
// gone at the run's end only when a watch happened to fall between the deletion and the request.
// Here the server clock does not move while the run goes on, so no watch falls in between: the run
// itself must take the deletion from the change stream, every time.

const ROUNDS = 20;

describe.each(['sqlite', 'postgres'] as const)(
  'a deletion upstream, then an incremental run, on %s',
  (kind) => {
    let sim: AsanaSimulator;
    let w: WatchedConnector;

    beforeAll(async () => {
      sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 23 }, rateLimit: false });
      w = await startWatchedConnector(kind, `sync_deletion_${kind}`, {
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      });
    });

    afterAll(async () => {
      await w?.close();
      await sim?.close();
    });

    /** Queues a run as `POST …/sync` does and waits for it to end, the server clock standing still. */
    async function runOnce(): Promise<{ mode: string; state: string }> {
      const response = await w.t.request('POST', `/api/v1/connectors/sources/${w.connectorId}/sync`, {
        token: w.token,
      });
      expect(response.status).toBe(202);
      const syncId = (response.body as { sync_id: string }).sync_id;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [run] = await w.store.db.query<{ mode: string; state: string }>(
          'SELECT mode, state FROM sync_runs WHERE id = $1',
          [syncId],
        );
        if (run !== undefined && run.state !== 'queued' && run.state !== 'running') return run;
        if (Date.now() > deadline) throw new Error('the run did not end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it(`removes the task (with its subtasks and files) in ${ROUNDS} of ${ROUNDS} runs, and the feed says so`, {
      timeout: 180_000,
    }, async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const projects = sim.data.projects.filter(
          (row) => sim.data.taskGids({ projectGid: row.gid }).length > 0,
        );
        const project = projects[round % projects.length]!.gid;
        // Alternately a top-level task and a subtask, each with a file of its own.
        const parent = sim.data.taskGids({ projectGid: project })[0]!;
        const victim =
          round % 2 === 0
            ? parent
            : sim.addTask({ parentGid: parent, name: `Subtask to delete ${round}` }).gid;
        const file = sim.addAttachment({ parentGid: victim, name: `goes-with-it-${round}.pdf` }).gid;
        if (round % 2 === 1) {
          // The copy holds the subtask and its file before it is deleted.
          await w.until(async () => (await storedRecords(w.store, w.connectorId)).attachments.includes(file));
        } else {
          await runOnce();
        }
        const goneWithIt = [victim, ...sim.data.subtaskGids(victim)];
        sim.deleteTask(victim);
        const run = await runOnce();
        const stored = await storedRecords(w.store, w.connectorId);
        const left = goneWithIt.filter((gid) => stored.tasks.includes(gid));
        outcomes.push(
          `${run.mode} ${run.state}: ${left.length === 0 && !stored.attachments.includes(file) ? 'removed' : `kept ${left.join(',')}`}`,
        );
      }
      expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => 'incremental succeeded: removed'));
      expect(await storedRecords(w.store, w.connectorId)).toEqual(expectedRecords(sim.data).records);
      expect(await indexInconsistencies(w.store, w.connectorId)).toEqual([]);
      const feed = await w.t.request(
        'GET',
        `/api/v1/connectors/sources/${w.connectorId}/changes?limit=1000`,
        { token: w.token },
      );
      const deletes = (feed.body as { changes: { entity: string; operation: string }[] }).changes.filter(
        (change) => change.operation === 'delete',
      );
      expect(deletes.filter((change) => change.entity === 'tasks').length).toBeGreaterThanOrEqual(ROUNDS);
      expect(deletes.filter((change) => change.entity === 'attachments').length).toBeGreaterThanOrEqual(
        ROUNDS,
      );
    });
  },
);
