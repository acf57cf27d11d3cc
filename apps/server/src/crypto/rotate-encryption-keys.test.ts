import { randomBytes } from 'node:crypto';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { registerApplication } from '../services/applications';
import { ConnectorService } from '../services/connector-service';
import type { Store } from '../store/store';
import { type StoreKind, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { Keyring } from './keyring';
import { rotateEncryptionKeys } from './rotate-encryption-keys';
import { credentialsContext, unseal } from './sealed-box';
import { resolveTokenSecret } from './token-secret';

const oldKey = { id: 'old', key: randomBytes(32) };
const newKey = { id: 'new', key: randomBytes(32) };

describe.each<StoreKind>(['sqlite', 'postgres'])('key rotation on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let applicationId: string;
  let tokenSecret: Buffer;
  const created = new Map<string, unknown>();

  beforeAll(async () => {
    location = await testStoreLocation(kind, 'rotation');
    store = await location.open();
    await store.migrate();
    applicationId = (await registerApplication(store)).applicationId;
    const old = new Keyring([oldKey]);
    tokenSecret = await resolveTokenSecret(store, old, undefined, systemClock);
    const service = new ConnectorService({
      registry: connectorRegistry,
      store,
      keyring: old,
      clock: systemClock,
      allowUpstreamOverride: false,
    });
    for (let index = 0; index < 7; index += 1) {
      const credentials = { token: `pat-${index}-${randomBytes(4).toString('hex')}` };
      const record = await service.create(
        { kind: 'application', applicationId },
        { external_user_id: `user-${index % 3}`, connector_type: 'asana', credentials },
      );
      created.set(record.id, credentials);
    }
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  it('keeps serving old ciphertexts while a rotation is under way, then re-encrypts every record', async () => {
    const both = new Keyring([newKey, oldKey]);
    const service = new ConnectorService({
      registry: connectorRegistry,
      store,
      keyring: both,
      clock: systemClock,
      allowUpstreamOverride: false,
    });
    const caller = { kind: 'application', applicationId } as const;
    const seenDuringRotation: unknown[] = [];
    const report = await rotateEncryptionKeys(store, both, {
      batchSize: 2,
      // Between batches some rows are new-key and some old-key: all of them must still open.
      onProgress: async () => {
        for (const id of created.keys())
          seenDuringRotation.push((await service.loadForCaller(caller, id)).credentials);
      },
    });
    expect(report).toMatchObject({ currentKeyId: 'new', rotated: 8, failures: [] });
    expect(seenDuringRotation.length).toBeGreaterThan(0);

    const rows = await store.listConnectors({ applicationId });
    expect(rows.map((row) => row.credentials.keyId)).toEqual(Array(7).fill('new'));
    const onlyNew = new Keyring([newKey]);
    for (const row of rows) {
      expect(JSON.parse(unseal(onlyNew, row.credentials, credentialsContext(row.id)).toString())).toEqual(
        created.get(row.id),
      );
    }
    // The generated token secret was re-sealed too, to the same value.
    expect(await resolveTokenSecret(store, onlyNew, undefined, systemClock)).toEqual(tokenSecret);
    // A second run has nothing left to do.
    expect(await rotateEncryptionKeys(store, both)).toMatchObject({ rotated: 0, failures: [] });
  });

  it('reports values whose key is not configured, and rotates the rest', async () => {
    const stray = { id: 'stray', key: randomBytes(32) };
    const service = new ConnectorService({
      registry: connectorRegistry,
      store,
      keyring: new Keyring([stray]),
      clock: systemClock,
      allowUpstreamOverride: false,
    });
    const record = await service.create(
      { kind: 'application', applicationId },
      { external_user_id: 'stray-user', connector_type: 'asana', credentials: { token: 'stray' } },
    );
    const report = await rotateEncryptionKeys(
      store,
      new Keyring([{ id: 'newest', key: randomBytes(32) }, newKey]),
    );
    expect(report.rotated).toBe(8);
    expect(report.failures).toEqual([
      expect.objectContaining({
        kind: 'connector',
        id: record.id,
        keyId: 'stray',
        reason: expect.stringContaining('"stray"'),
      }),
    ]);
  });
});
