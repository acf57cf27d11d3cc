import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlStore } from '../store/sql-store';
import type { Store } from '../store/store';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';

describe.each(['sqlite', 'postgres'] as const)(
  'a token of an application that no longer exists, on %s',
  (kind) => {
    let app: StoredTestApp;
    let store: Store;
    let t: TestApp;

    beforeAll(async () => {
      app = await startStoredTestApp(kind, `gone_app_${kind}`);
      ({ store, t } = app);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers 401 invalid_token on connector creation, not 500', async () => {
      const tenant = await t.registerTenant();
      const token = await t.applicationToken(tenant);
      const application = await store.findApplicationByClientId(tenant.clientId);
      await (store as SqlStore).db.execute('DELETE FROM applications WHERE id = $1', [application!.id]);

      const response = await t.request('POST', '/v1/integrations/connectors', {
        token,
        body: { external_user_id: 'u', connector_type: 'asana', credentials: { token: 'pat' } },
      });
      expect(response.status, response.text).toBe(401);
      expect(response.body).toMatchObject({ errors: [{ error_code: 'invalid_token' }] });
      expect(t.logs.entries().filter((entry) => entry.level === 'error')).toEqual([]);
    });
  },
);
