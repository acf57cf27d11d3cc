import { ConnectSessionSchema, CreatedConnectSessionSchema } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testStoreLocation } from '../test-support/test-app';

// Issue 33: with CONDUIT_PUBLIC_URL set, a session's url is the address to hand to an end user.
describe('connect session URLs with CONDUIT_PUBLIC_URL', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const location = await testStoreLocation('sqlite', 'connect-public-url');
    const store = await location.open();
    await store.migrate();
    // A path prefix (a service behind a proxy under /conduit) is kept, as in the OAuth callback.
    t = await startTestApp(store, { publicUrl: 'https://connect.example/conduit' });
    cleanup = async () => {
      await t.close();
      await store.close();
      await location.cleanup();
    };
  });

  afterAll(async () => {
    await cleanup?.();
  });

  it('are absolute on the public URL, when created and when read again, and the page serves there', async () => {
    const token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connect-sessions', {
      token,
      body: { external_user_id: 'public-url-user' },
    });
    expect(created.status, created.text).toBe(201);
    const session = CreatedConnectSessionSchema.parse(created.body);
    expect(session.url).toBe(`https://connect.example/conduit/connect/${session.id}`);
    const read = await t.request('GET', `/v1/integrations/connect-sessions/${session.id}`, { token });
    expect(ConnectSessionSchema.parse(read.body).url).toBe(session.url);
    // The path after the prefix is the page's own.
    const page = await fetch(`${t.server.url}${new URL(session.url).pathname.replace(/^\/conduit/, '')}`);
    expect(page.status).toBe(200);
  });
});
