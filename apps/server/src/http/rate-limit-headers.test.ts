import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';

const CONNECTORS = '/v1/integrations/connectors';

function fieldsOf(headers: Headers) {
  return {
    limit: headers.get('ratelimit-limit'),
    remaining: headers.get('ratelimit-remaining'),
    reset: Number(headers.get('ratelimit-reset')),
  };
}

describe('RateLimit-* fields', () => {
  let location: TestStoreLocation;
  let store: Store;
  let t: TestApp;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'ratelimit-fields');
    store = await location.open();
    await store.migrate();
    t = await startTestApp(store, { rateLimit: { limit: 2, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('count down on every answer, stay on the 429 beside Retry-After, and are absent outside the limit', async () => {
    const token = await t.applicationToken();
    const first = await t.request('GET', CONNECTORS, { token });
    expect(first.status).toBe(200);
    expect(fieldsOf(first.headers)).toMatchObject({ limit: '2', remaining: '1' });
    expect(fieldsOf(first.headers).reset).toBeGreaterThanOrEqual(1);
    expect(fieldsOf(first.headers).reset).toBeLessThanOrEqual(60);

    // An error answer of a counted request carries them too.
    const missing = await t.request('GET', `${CONNECTORS}/no-such-connector`, { token });
    expect(missing.status).toBe(404);
    expect(fieldsOf(missing.headers)).toMatchObject({ limit: '2', remaining: '0' });

    const refused = await t.request('GET', CONNECTORS, { token });
    expect(refused.status).toBe(429);
    expect(fieldsOf(refused.headers)).toMatchObject({ limit: '2', remaining: '0' });
    expect(fieldsOf(refused.headers).reset).toBe(Number(refused.headers.get('retry-after')));

    // The window resets: the count starts again.
    t.clock.advance(60_000);
    const again = await t.request('GET', CONNECTORS, { token });
    expect(again.status).toBe(200);
    expect(fieldsOf(again.headers)).toMatchObject({ limit: '2', remaining: '1' });

    // Not counted (the health check, an unauthenticated refusal): no fields.
    const health = await t.request('GET', '/healthz');
    expect(health.headers.get('ratelimit-limit')).toBeNull();
    const anonymous = await t.request('GET', CONNECTORS);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('ratelimit-limit')).toBeNull();
  });
});
