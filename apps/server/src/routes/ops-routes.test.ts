import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerMetrics } from '../metrics/server-metrics';
import type { Store } from '../store/store';
import { startTestApp, type TestApp, testStoreLocation } from '../test-support/test-app';

describe('/metrics', () => {
  let store: Store;
  let cleanup: () => Promise<void>;
  let t: TestApp;
  const metricsToken = 'metrics-token-of-the-operator-0123456789';

  beforeAll(async () => {
    const location = await testStoreLocation('sqlite', 'metrics');
    cleanup = location.cleanup;
    store = await location.open();
    await store.migrate();
    t = await startTestApp(store, { metricsToken });
  });

  afterAll(async () => {
    await t.close();
    await store.close();
    await cleanup();
  });

  it('answers only the operator token when one is configured, compared whole', async () => {
    const missing = await t.request('GET', '/metrics');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ errors: [{ error_code: 'missing_token' }] });
    for (const wrong of [`${metricsToken}x`, metricsToken.slice(0, -1), 'x']) {
      const refused = await t.request('GET', '/metrics', { token: wrong });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ errors: [{ error_code: 'invalid_token' }] });
    }
    const allowed = await t.request('GET', '/metrics', { token: metricsToken });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(allowed.text).toMatch(
      /conduit_http_requests_total\{method="GET",route="\/metrics",status="401"\} 4/,
    );
    // The other operations endpoints stay open to probes.
    expect((await t.request('GET', '/healthz')).status).toBe(200);
  });
});

describe('createServerMetrics', () => {
  it("adds prom-client's process and event-loop metrics and reports the store pool on scrape", async () => {
    const metrics = createServerMetrics({ defaultMetrics: true });
    let waiting = 0;
    metrics.observePool(() => ({ total: 3, idle: 1, waiting, max: 7 }));
    metrics.executeTotal.inc({
      connector_type: 'task-management',
      entity: 'tasks',
      action: 'list',
      outcome: 'ok',
    });
    metrics.syncRuns.inc({ connector_type: 'task-management', mode: 'full', outcome: 'succeeded' });
    metrics.upstreamRateLimited.inc({ connector_type: 'task-management' });
    waiting = 2;
    const text = await metrics.registry.metrics();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'conduit_execute_duration_seconds',
      'conduit_sync_run_duration_seconds',
      'conduit_sync_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('conduit_store_pool_connections{state="max"} 7');
    expect(text).toContain('conduit_store_pool_connections{state="waiting"} 2');
    expect(text).toMatch(
      /conduit_execute_total\{connector_type="task-management",entity="tasks",action="list",outcome="ok"\} 1/,
    );
    expect(text).toMatch(/conduit_upstream_rate_limited_total\{connector_type="task-management"\} 1/);
    expect(text).toMatch(/conduit_sync_runs_total\{[^}]*outcome="succeeded"\} 1/);
  });

  it('reports no pool series for a store without a pool', async () => {
    const metrics = createServerMetrics();
    metrics.observePool(() => undefined);
    expect(await metrics.registry.metrics()).not.toContain('conduit_store_pool_connections{');
  });
});
