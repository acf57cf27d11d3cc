import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics-registry';
import { createServerMetrics } from './server-metrics';

describe('MetricsRegistry', () => {
  it('renders counters, gauges and cumulative histograms in the text format', () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter('test_requests_total', 'Requests.', ['route', 'status']);
    requests.inc({ route: '/a', status: 200 });
    requests.inc({ route: '/a', status: 200 }, 2);
    requests.inc({ route: '/b"\\\n', status: 500 });
    const lag = registry.gauge('test_lag_seconds', 'Lag.\nSecond line.', ['entity']);
    lag.set({ entity: 'tasks' }, 12.5);
    lag.set({ entity: 'users' }, 1);
    lag.remove({ entity: 'users' });
    const duration = registry.histogram('test_duration_seconds', 'Duration.', ['route'], [0.1, 1]);
    duration.observe({ route: '/a' }, 0.05);
    duration.observe({ route: '/a' }, 0.5);
    duration.observe({ route: '/a' }, 3);
    expect(registry.render()).toBe(
      [
        '# HELP test_requests_total Requests.',
        '# TYPE test_requests_total counter',
        'test_requests_total{route="/a",status="200"} 3',
        'test_requests_total{route="/b\\"\\\\\\n",status="500"} 1',
        '# HELP test_lag_seconds Lag.\\nSecond line.',
        '# TYPE test_lag_seconds gauge',
        'test_lag_seconds{entity="tasks"} 12.5',
        '# HELP test_duration_seconds Duration.',
        '# TYPE test_duration_seconds histogram',
        'test_duration_seconds_bucket{route="/a",le="0.1"} 1',
        'test_duration_seconds_bucket{route="/a",le="1"} 2',
        'test_duration_seconds_bucket{route="/a",le="+Inf"} 3',
        'test_duration_seconds_sum{route="/a"} 3.55',
        'test_duration_seconds_count{route="/a"} 3',
        '',
      ].join('\n'),
    );
  });

  it('returns the same metric for the same declaration and refuses conflicting ones', () => {
    const registry = new MetricsRegistry();
    const first = registry.counter('shared_total', 'Shared.', ['kind']);
    expect(registry.counter('shared_total', 'Shared.', ['kind'])).toBe(first);
    expect(() => registry.gauge('shared_total', 'Shared.', ['kind'])).toThrow(/already registered/);
    expect(() => registry.counter('shared_total', 'Shared.', ['other'])).toThrow(/already registered/);
  });

  it('refuses bad names, undeclared labels and decreasing counters', () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter('bad-name', 'x')).toThrow(/invalid metric name/);
    expect(() => registry.histogram('h', 'x', ['le'])).toThrow(/invalid label name/);
    const counter = registry.counter('c_total', 'x', ['a']);
    expect(() => counter.inc({ b: 'x' })).toThrow(/has no label "b"/);
    expect(() => counter.inc({ a: 'x' }, -1)).toThrow(/can only increase/);
  });

  it('declares the server metrics other features increment', () => {
    const metrics = createServerMetrics(new MetricsRegistry());
    metrics.upstreamRequests.inc({ connector_type: 'task-management', status: 429 });
    metrics.upstreamRateLimited.inc({ connector_type: 'task-management' });
    metrics.syncLag.set({ connector_type: 'task-management', entity: 'tasks' }, 30);
    const text = metrics.registry.render();
    expect(text).toContain(
      'conduit_upstream_requests_total{connector_type="task-management",status="429"} 1',
    );
    expect(text).toContain('conduit_upstream_rate_limited_total{connector_type="task-management"} 1');
    expect(text).toContain('conduit_sync_lag_seconds{connector_type="task-management",entity="tasks"} 30');
  });
});
