import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { CreatedConnectorSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import { writeRecords } from '../search/test-support/search-fixture';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp, TestStoreLocation } from '../test-support/test-app';
import type { Store } from './store';

const MARKER = 'zq-erase-marker-7f3a';

function onDisk(dataDir: string): string {
  const read = (name: string) => {
    try {
      return readFileSync(join(dataDir, name)).toString('latin1');
    } catch {
      return '';
    }
  };
  return read('conduit.db') + read('conduit.db-wal');
}

describe('a deleted connector on the embedded store', () => {
  let app: StoredTestApp;
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;

  beforeAll(async () => {
    const extensions = [createExecuteExtension(), createSearchExtension()];
    app = await startStoredTestApp('sqlite', 'erase-on-disk', { extensions });
    ({ location, store, t } = app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('leaves its synced records neither in the database file nor in the WAL', async () => {
    const token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'u', connector_type: 'asana', credentials: { token: `pat-${MARKER}` } },
    });
    const id = CreatedConnectorSchema.parse(created.body).id;
    const records = Array.from({ length: 50 }, (_, index) => ({
      gid: String(9000 + index),
      resource_type: 'task',
      name: `${MARKER} task ${index}`,
      notes: `${MARKER} notes`,
    }));
    await writeRecords(store, id, 'tasks', SEARCHABLE_FIELDS.tasks, records);
    expect(onDisk(location.dataDir!)).toContain(MARKER);

    expect((await t.request('DELETE', `/v1/integrations/connectors/${id}`, { token })).status).toBe(204);
    expect(onDisk(location.dataDir!)).not.toContain(MARKER);
  });
});
