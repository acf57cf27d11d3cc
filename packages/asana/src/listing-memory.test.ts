import { type AsanaSimulator, createLiveMemoryProbe, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsana } from './asana';

const TASKS = 30_000;
const SAMPLES = 10;

let sim: AsanaSimulator;

beforeAll(async () => {
  sim = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 17, largeProject: { tasks: TASKS } },
    rateLimit: false,
  });
});
afterAll(() => sim?.close());

describe('a long local listing', () => {
  it('holds one page at a time: the live heap after GC does not grow across the listing', async () => {
    const asana = createAsana({ auth: { token: sim.tokens.personalAccessToken }, baseUrl: sim.baseUrl });
    const projectGid = sim.data.largeProject!.gid;
    const list = () => asana.project_tasks.list({ project_gid: projectGid, limit: 100 });
    // One pass first, untimed: the simulator (in this process) and the connector build what they
    // keep for good (caches, pooled sockets, compiled schemas) before the baseline is taken.
    let warm = 0;
    for await (const _ of list()) warm += 1;
    expect(warm).toBe(TASKS);

    const probe = createLiveMemoryProbe();
    const samples: number[] = [];
    let seen = 0;
    let jsonBytes = 0;
    for await (const task of list()) {
      expect(typeof task.gid).toBe('string');
      seen += 1;
      jsonBytes += JSON.stringify(task).length;
      if (seen % (TASKS / SAMPLES) === 0) samples.push(probe.sample());
    }
    expect(seen).toBe(TASKS);
    // A page of 100 tasks is tens of KiB alive; the whole listing is MiBs even as JSON text (and
    // several times that as objects), so a listing that kept its pages would climb steadily from
    // the first samples to the last. One sample can jump by a MiB or two when the collector or a
    // socket's buffer happens to hold something at that moment (seen on CI), so the test compares
    // the median of the first samples with the median of the last ones, not two single samples.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const third = Math.floor(SAMPLES / 3);
    const growth = median(samples.slice(-third)) - median(samples.slice(0, third));
    const limit = 2 * 1024 * 1024;
    expect(jsonBytes, 'the listing is large enough for a kept copy to show').toBeGreaterThan(2 * limit);
    expect(
      growth,
      `live heap above the baseline, MiB: ${samples.map((s) => (s / 2 ** 20).toFixed(2)).join(' → ')}`,
    ).toBeLessThan(limit);
    expect(probe.peak).toBeLessThan(16 * 1024 * 1024);
  }, 180_000);
});
