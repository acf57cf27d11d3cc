import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreKind, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import type { ConnectorRecord, Store } from './store';

function sealed() {
  return { ciphertext: randomBytes(24), keyId: 'k', nonce: randomBytes(12) };
}

describe.each<StoreKind>(['sqlite', 'postgres'])('SqlStore on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let applicationId: string;

  beforeAll(async () => {
    location = await testStoreLocation(kind, 'store');
    store = await location.open();
    await store.migrate();
    const now = new Date().toISOString();
    applicationId = 'app-1';
    await store.insertApplication({
      id: applicationId,
      clientId: 'client-1',
      secret: { hash: randomBytes(32), salt: randomBytes(16), params: 'scrypt:N=16384,r=8,p=1' },
      createdAt: now,
      updatedAt: now,
    });
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  it('keeps the first value of a setting written concurrently', async () => {
    const now = new Date();
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((value) => store.putSettingIfAbsent('race', { kind: 'plain', value }, now)),
    );
    const winner = results[0]!;
    expect(results.every((result) => JSON.stringify(result) === JSON.stringify(winner))).toBe(true);
    expect(await store.getSetting('race')).toEqual(winner);
    expect(await store.getSetting('absent')).toBeUndefined();
  });

  it('inserts an application once per client id', async () => {
    const now = new Date().toISOString();
    const again = await store.insertApplication({
      id: 'app-2',
      clientId: 'client-1',
      secret: { hash: randomBytes(32), salt: randomBytes(16), params: 'x' },
      createdAt: now,
      updatedAt: now,
    });
    expect(again.created).toBe(false);
    expect(again.application.id).toBe(applicationId);
  });

  it('round-trips a connector with its sealed credentials, timestamps and config', async () => {
    const record: ConnectorRecord = {
      id: 'c-1',
      applicationId,
      externalUserId: 'u',
      connectorType: 'support-desk',
      name: 'n',
      status: 'active',
      config: { subdomain: 'acme', nested: { list: [1, 'two'] } },
      credentials: sealed(),
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-01-02T03:04:05.678Z',
    };
    await store.insertConnector(record);
    expect(await store.findConnector({ applicationId }, 'c-1')).toEqual(record);
    expect(await store.findConnector({ applicationId, externalUserId: 'other' }, 'c-1')).toBeUndefined();
    expect(await store.findConnector({ applicationId: 'app-x' }, 'c-1')).toBeUndefined();

    const later = new Date('2026-01-03T00:00:00Z');
    expect(await store.updateConnectorStatus('c-1', 'needs_reauth', later)).toBe(true);
    expect(await store.updateConnectorStatus('c-1', 'needs_reauth', later)).toBe(false);
    const fresh = sealed();
    expect(await store.updateConnectorCredentials('c-1', fresh, 'active', later)).toBe(true);
    const updated = await store.findConnector({ applicationId }, 'c-1');
    expect(updated).toMatchObject({ status: 'active', credentials: fresh, updatedAt: later.toISOString() });

    // Compare-and-set: only the current sealed value can be replaced.
    expect(await store.replaceConnectorCredentials('c-1', record.credentials, sealed())).toBe(false);
    expect(await store.replaceConnectorCredentials('c-1', fresh, sealed())).toBe(true);
  });

  it('runs delete hooks inside the transaction and rolls back when one fails', async () => {
    await store.insertConnector({
      id: 'c-2',
      applicationId,
      externalUserId: 'u',
      connectorType: 'crm',
      name: 'n',
      status: 'active',
      config: {},
      credentials: sealed(),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    await expect(
      store.deleteConnector({ applicationId }, 'c-2', [
        async () => {
          throw new Error('hook failed');
        },
      ]),
    ).rejects.toThrow('hook failed');
    expect(await store.findConnector({ applicationId }, 'c-2')).toBeDefined();
    const seen: string[] = [];
    const deleted = await store.deleteConnector({ applicationId }, 'c-2', [
      async (tx, connector) => {
        seen.push(connector.id);
        const rows = await tx.query('SELECT id FROM connectors WHERE id = $1', [connector.id]);
        expect(rows).toHaveLength(1);
      },
    ]);
    expect(deleted?.id).toBe('c-2');
    expect(seen).toEqual(['c-2']);
    expect(await store.deleteConnector({ applicationId }, 'c-2')).toBeUndefined();
  });

  it('counts rate-limit hits per bucket and window, and forgets old windows', async () => {
    expect(await store.hitRateLimit('b', 60_000)).toBe(1);
    expect(await store.hitRateLimit('b', 60_000)).toBe(2);
    expect(await store.hitRateLimit('other', 60_000)).toBe(1);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => store.hitRateLimit('b', 60_000)));
    expect(concurrent.sort((x, y) => x - y)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await store.hitRateLimit('b', 120_000)).toBe(1);
    expect(await store.hitRateLimit('b', 120_000, 5)).toBe(6);
    const windows = await store.db.query<{ window_start: unknown }>(
      'SELECT window_start FROM rate_limit_windows WHERE bucket = $1',
      ['b'],
    );
    expect(windows.map((row) => Number(row.window_start))).toEqual([120_000]);
  });
});
