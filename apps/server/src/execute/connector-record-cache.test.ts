import { describe, expect, it } from 'vitest';
import type { Caller } from '../services/caller';
import type { ConnectorRecord } from '../store/store';
import { ConnectorRecordCache } from './connector-record-cache';

const caller: Caller = { kind: 'application', applicationId: 'app-1' };

function record(status: ConnectorRecord['status']): ConnectorRecord {
  return {
    id: 'c1',
    applicationId: 'app-1',
    externalUserId: 'u1',
    connectorType: 'task-management',
    name: 'n',
    status,
    config: {},
    credentials: { ciphertext: Buffer.alloc(0), keyId: 'k', nonce: Buffer.alloc(12) },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A store read that answers when told to. */
function deferredRead() {
  let reads = 0;
  let answer: (value: ConnectorRecord) => void = () => {};
  const load = () => {
    reads += 1;
    return new Promise<ConnectorRecord>((resolve) => {
      answer = resolve;
    });
  };
  return { load, answer: (value: ConnectorRecord) => answer(value), reads: () => reads };
}

describe('ConnectorRecordCache', () => {
  it('reads the store once for concurrent calls that miss', async () => {
    const cache = new ConnectorRecordCache({ ttlMs: 60_000 });
    const read = deferredRead();
    const calls = [cache.get(caller, 'c1', read.load), cache.get(caller, 'c1', read.load)];
    read.answer(record('active'));
    expect(await Promise.all(calls)).toEqual([record('active'), record('active')]);
    expect(read.reads()).toBe(1);
    await cache.get(caller, 'c1', read.load);
    expect(read.reads()).toBe(1);
  });

  it('does not keep a row read before the connector was evicted', async () => {
    const cache = new ConnectorRecordCache({ ttlMs: 60_000 });
    const stale = deferredRead();
    const first = cache.get(caller, 'c1', stale.load);
    cache.evict('c1');
    const fresh = deferredRead();
    const second = cache.get(caller, 'c1', fresh.load);
    stale.answer(record('active'));
    fresh.answer(record('needs_reauth'));
    expect((await first).status).toBe('active');
    expect((await second).status).toBe('needs_reauth');
    expect((await cache.get(caller, 'c1', deferredRead().load)).status).toBe('needs_reauth');
  });

  it('shares a failed read with the calls waiting on it, and reads again after', async () => {
    const cache = new ConnectorRecordCache({ ttlMs: 60_000 });
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('store down'));
    };
    const calls = [cache.get(caller, 'c1', failing), cache.get(caller, 'c1', failing)];
    await expect(Promise.all(calls)).rejects.toThrow('store down');
    expect(reads).toBe(1);
    await expect(cache.get(caller, 'c1', async () => record('active'))).resolves.toMatchObject({ id: 'c1' });
  });
});
