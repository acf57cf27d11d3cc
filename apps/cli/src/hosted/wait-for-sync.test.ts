import type { HostedClient } from '@conduit/hosted';
import type { SyncSummary } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { syncFailure, waitForSync } from './wait-for-sync';

const idle = (lastSuccess: string | null, records = 0): SyncSummary => ({
  state: 'idle',
  last_success_at: lastSuccess,
  entities: records === 0 ? [] : [{ entity: 'tasks', records, synced_at: lastSuccess }],
});

function client(statuses: SyncSummary[]): { client: HostedClient; reads: () => number } {
  let index = 0;
  const fake = {
    getSyncStatus: async () => statuses[Math.min(index++, statuses.length - 1)]!,
  } as unknown as HostedClient;
  return { client: fake, reads: () => index };
}

const signal = new AbortController().signal;
const options = { timeoutMs: 5_000, intervalMs: 1, signal };

describe('waitForSync', () => {
  it('waits until the sync seen running stops', async () => {
    const before = idle('2026-01-01T00:00:00Z', 5);
    const running: SyncSummary = { ...before, state: 'running' };
    const after = idle('2026-01-01T00:01:00Z', 9);
    const fake = client([before, running, running, after]);
    const seen: string[] = [];
    const summary = await waitForSync(fake.client, 'c', before, {
      ...options,
      onStatus: (status) => seen.push(status.state),
    });
    expect(summary).toEqual(after);
    expect(seen).toEqual(['idle', 'running', 'running', 'idle']);
  });

  it('ends when the summary changed without a running state being seen (a quick sync)', async () => {
    const before = idle(null);
    const after = idle('2026-01-01T00:01:00Z', 3);
    const fake = client([after]);
    expect(await waitForSync(fake.client, 'c', before, options)).toEqual(after);
    expect(fake.reads()).toBe(1);
  });

  it('returns a failed state, and gives up at the timeout with exit 7', async () => {
    const before = idle(null);
    const failed: SyncSummary = {
      state: 'failed',
      last_success_at: null,
      entities: [{ entity: 'tasks', records: 0, synced_at: null, error: 'upstream refused the token' }],
    };
    const summary = await waitForSync(
      client([{ ...before, state: 'running' }, failed]).client,
      'c',
      before,
      options,
    );
    expect(syncFailure('c', summary)).toMatchObject({
      message: 'the sync of connector c failed for tasks',
      exitCode: 7,
      details: [{ field: 'tasks', message: 'upstream refused the token', error_code: 'sync_failed' }],
    });
    let now = 0;
    await expect(
      waitForSync(client([before]).client, 'c', before, { ...options, timeoutMs: 10, now: () => (now += 5) }),
    ).rejects.toMatchObject({ code: 'sync_timeout', exitCode: 7 });
  });
});
