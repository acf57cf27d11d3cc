import type { SyncSummary } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { liveSyncLines } from './render-sync';

const summary = (
  state: SyncSummary['state'],
  counts: Record<string, number>,
  syncedAt: string | null = null,
): SyncSummary => ({
  state,
  last_success_at: syncedAt,
  entities: Object.entries(counts).map(([entity, records]) => ({ entity, records, synced_at: syncedAt })),
});

describe('liveSyncLines', () => {
  it('shows what each entity does while its count climbs, not "pending"', () => {
    const before = summary('idle', {});
    const previous = summary('running', { projects: 4, tasks: 10, users: 0 });
    const latest = summary('running', { projects: 4, tasks: 25, users: 0 });
    const lines = liveSyncLines(latest, 'asana', 1_500, 0, { before, previous });
    expect(lines[0]).toContain('sync of asana: running (1.5 s)');
    expect(lines.slice(1)).toEqual([
      '  projects        4 records  fetched, +4 this run',
      '  tasks          25 records  syncing, +25 this run',
      '  users           0 records  waiting',
    ]);
    expect(lines.join('\n')).not.toContain('pending');
  });

  it('counts from the previous sync, and shows the end state once the run is over', () => {
    const before = summary('idle', { tasks: 100 }, '2026-05-01T10:00:00.000Z');
    const running = liveSyncLines(summary('running', { tasks: 100 }, '2026-05-01T10:00:00.000Z'), 'a', 0, 0, {
      before,
      previous: undefined,
    });
    expect(running[1]).toBe('  tasks      100 records  waiting (last synced 2026-05-01T10:00:00.000Z)');
    const done = liveSyncLines(summary('idle', { tasks: 103 }, '2026-05-01T11:00:00.000Z'), 'a', 0, 0, {
      before,
      previous: undefined,
    });
    expect(done[1]).toBe('  tasks      103 records  synced 2026-05-01T11:00:00.000Z');
    const failed = summary('failed', { tasks: 3 });
    failed.entities[0] = { ...failed.entities[0]!, error: 'upstream refused' };
    expect(liveSyncLines(failed, 'a', 0, 0)[1]).toContain('failed: upstream refused');
  });
});
