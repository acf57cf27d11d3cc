import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** A commit that records each group and holds the first one until `gate` is released. */
function recordingCommit(commits: number[][], gate: { promise: Promise<void> }) {
  return async (writes: readonly number[]) => {
    commits.push([...writes]);
    if (commits.length === 1) await gate.promise;
  };
}

describe('GroupCommit', () => {
  it('commits a lone write at once and groups the writes that arrive during a commit, in order', async () => {
    const commits: number[][] = [];
    const gate = deferred();
    const pages = new GroupCommit<number>({
      commit: recordingCommit(commits, gate),
      weight: () => 1,
      maxWeight: 100,
    });
    const first = pages.submit(1);
    const later = [pages.submit(2), pages.submit(3), pages.submit(4)];
    expect(commits).toEqual([[1]]);
    gate.release();
    await Promise.all([first, ...later]);
    expect(commits).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps a group under its weight limit', async () => {
    const commits: number[][] = [];
    const gate = deferred();
    const pages = new GroupCommit<number>({
      commit: recordingCommit(commits, gate),
      weight: (write) => write,
      maxWeight: 10,
    });
    const all = [pages.submit(1), pages.submit(6), pages.submit(4), pages.submit(12), pages.submit(1)];
    gate.release();
    await Promise.all(all);
    expect(commits).toEqual([[1], [6, 4], [12], [1]]);
  });

  it('retries a failed group one write at a time, so only the failing write fails', async () => {
    const committed: number[] = [];
    const gate = deferred();
    let calls = 0;
    const pages = new GroupCommit<number>({
      commit: async (writes) => {
        calls += 1;
        if (calls === 1) await gate.promise;
        if (writes.includes(3)) throw new Error(`write 3 is refused (group of ${writes.length})`);
        committed.push(...writes);
      },
      weight: () => 1,
      maxWeight: 100,
    });
    const first = pages.submit(1);
    const results = Promise.allSettled([pages.submit(2), pages.submit(3), pages.submit(4)]);
    gate.release();
    await first;
    const [two, three, four] = await results;
    expect(two.status).toBe('fulfilled');
    expect(four.status).toBe('fulfilled');
    expect(three).toMatchObject({
      status: 'rejected',
      reason: { message: 'write 3 is refused (group of 1)' },
    });
    expect(committed).toEqual([1, 2, 4]);
  });

  it('goes on with later writes after a failed one', async () => {
    let fail = true;
    const pages = new GroupCommit<string>({
      commit: async () => {
        if (fail) throw new Error('store down');
      },
      weight: () => 1,
      maxWeight: 10,
    });
    await expect(pages.submit('a')).rejects.toThrow('store down');
    fail = false;
    await expect(pages.submit('b')).resolves.toBeUndefined();
  });
});
