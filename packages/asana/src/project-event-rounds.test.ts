import { describe, expect, it } from 'vitest';
import {
  BUSY_INTERVAL_MS,
  dueProjects,
  MIN_QUIET_INTERVAL_MS,
  nextDueInMs,
  quietIntervalMs,
  type RoundsState,
} from './project-event-rounds';

function state(count: number, now: number): RoundsState {
  const projects: RoundsState['projects'] = {};
  for (let index = 0; index < count; index += 1) projects[`p${index}`] = { s: 'token', e: 0, r: now };
  return { projects, credit: 0, creditAt: now };
}

/** Simulates `minutes` of reads every `stepMs`, marking `busy` projects with events on every read. */
function simulate(
  rounds: RoundsState,
  perMinute: number,
  minutes: number,
  busy: ReadonlySet<string> = new Set(),
) {
  const reads = new Map<string, number>();
  const start = rounds.creditAt;
  for (let now = start; now < start + minutes * 60_000; now += 1_000) {
    for (const gid of dueProjects(rounds, now, perMinute)) {
      reads.set(gid, (reads.get(gid) ?? 0) + 1);
      const subscription = rounds.projects[gid]!;
      subscription.r = now;
      if (busy.has(gid)) subscription.e = now;
    }
  }
  return reads;
}

describe('the rounds of per-project event subscriptions', () => {
  it('makes a round of N projects N requests, paced to the budget, never shorter than 5 s', () => {
    expect(quietIntervalMs(25, 150)).toBe(10_000);
    expect(quietIntervalMs(1_000, 150)).toBe(400_000);
    expect(quietIntervalMs(3, 150)).toBe(MIN_QUIET_INTERVAL_MS);
  });

  it('spends at most the budget while nothing changes, and reads every project each round', {
    timeout: 60_000,
  }, () => {
    for (const count of [3, 25, 100, 1_000]) {
      const reads = simulate(state(count, 1_000_000), 150, 14);
      const total = [...reads.values()].reduce((sum, value) => sum + value, 0);
      // 14 minutes at 150 a minute, plus the one credit a read may run ahead.
      expect(total, `${count} projects`).toBeLessThanOrEqual(14 * 150 + 1);
      const rounds = Math.floor((14 * 60_000) / quietIntervalMs(count, 150));
      for (let index = 0; index < count; index += 1)
        expect(reads.get(`p${index}`) ?? 0, `p${index} of ${count}`).toBeGreaterThanOrEqual(rounds - 1);
    }
  });

  it('reads a busy project every couple of seconds while the quiet ones keep their round', () => {
    const rounds = state(1_000, 1_000_000);
    // An event has just come in p7; it keeps having some on every read.
    rounds.projects.p7!.e = rounds.creditAt;
    const reads = simulate(rounds, 150, 2, new Set(['p7']));
    // About one read per BUSY_INTERVAL_MS, while a quiet project waits for its 400 s round.
    expect(reads.get('p7')).toBeGreaterThan((2 * 60_000) / BUSY_INTERVAL_MS / 2);
    expect(reads.get('p8') ?? 0).toBeLessThanOrEqual(1);
    expect(nextDueInMs(rounds, rounds.creditAt, 150)).toBeLessThanOrEqual(BUSY_INTERVAL_MS);
  });

  it('subscribes new projects at once, whatever the credit', () => {
    const rounds = state(2, 1_000_000);
    rounds.projects.fresh = { s: null, e: 0, r: 0 };
    expect(dueProjects(rounds, 1_000_000, 150)).toEqual(['fresh']);
    expect(dueProjects(rounds, 1_000_000, 150, true).sort()).toEqual(['fresh', 'p0', 'p1']);
  });
});
