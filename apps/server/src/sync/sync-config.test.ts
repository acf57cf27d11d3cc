import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { DEFAULT_SYNC_CONFIG, loadSyncConfig } from './sync-config';

describe('sync configuration', () => {
  it('defaults to a sync every 15 minutes', () => {
    expect(loadSyncConfig({})).toEqual(DEFAULT_SYNC_CONFIG);
    expect(DEFAULT_SYNC_CONFIG.intervalMs).toBe(900_000);
  });

  it('reads the variables', () => {
    const config = loadSyncConfig({
      CONDUIT_SYNC_INTERVAL: '5m',
      CONDUIT_SYNC_FULL_INTERVAL: '12h',
      CONDUIT_SYNC_LEASE: '30s',
      CONDUIT_SYNC_CONCURRENCY: '4',
    });
    expect(config).toMatchObject({
      intervalMs: 300_000,
      fullIntervalMs: 43_200_000,
      leaseMs: 30_000,
      concurrency: 4,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadSyncConfig({ CONDUIT_SYNC_INTERVAL: 'soon' })).toThrow(ConfigError);
    expect(() => loadSyncConfig({ CONDUIT_SYNC_INTERVAL: 'soon' })).toThrow(/CONDUIT_SYNC_INTERVAL/);
    expect(() => loadSyncConfig({ CONDUIT_SYNC_CONCURRENCY: '0' })).toThrow(/CONDUIT_SYNC_CONCURRENCY/);
  });

  it('reads the watch share of the quota as a fraction or a percentage, and refuses others', () => {
    expect(DEFAULT_SYNC_CONFIG.watchShare).toBe(0.1);
    expect(loadSyncConfig({ CONDUIT_SYNC_WATCH_SHARE: '0.25' }).watchShare).toBe(0.25);
    expect(loadSyncConfig({ CONDUIT_SYNC_WATCH_SHARE: '30%' }).watchShare).toBeCloseTo(0.3);
    for (const bad of ['0', '1.5', 'half', '-10%'])
      expect(() => loadSyncConfig({ CONDUIT_SYNC_WATCH_SHARE: bad })).toThrow(/CONDUIT_SYNC_WATCH_SHARE/);
  });
});
