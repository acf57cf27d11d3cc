import { describe, expect, it } from 'vitest';
import { compileJobPlan } from './job-plan';

describe('compileJobPlan', () => {
  it('defaults to pending, one running attempt, then succeeded', () => {
    const plan = compileJobPlan({});
    expect(plan.segments).toEqual([
      { status: 'pending', from: 0, until: 1_000 },
      { status: 'running', from: 1_000, until: 11_000 },
      { status: 'succeeded', from: 11_000, until: Number.POSITIVE_INFINITY },
    ]);
    expect(plan.finalStatus).toBe('succeeded');
    expect(plan.finalOffset).toBe(11_000);
    expect(plan.logFormat).toBe('structured');
  });

  it('puts incomplete between failed attempts and a queued phase before the first', () => {
    const plan = compileJobPlan({
      pendingMs: 0,
      queuedMs: 500,
      attemptDurationMs: 1_000,
      retryDelayMs: 200,
      attempts: [{}, {}, { outcome: 'succeeded' }],
    });
    expect(plan.segments.map((segment) => segment.status)).toEqual([
      'queued',
      'running',
      'incomplete',
      'running',
      'incomplete',
      'running',
      'succeeded',
    ]);
    expect(plan.attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'succeeded']);
    expect(plan.finalOffset).toBe(500 + 1_000 + 200 + 1_000 + 200 + 1_000);
  });

  it('derives the last outcome from the final status', () => {
    expect(compileJobPlan({ finalStatus: 'failed' }).attempts[0]?.outcome).toBe('failed');
    expect(compileJobPlan({ finalStatus: 'cancelled' }).finalStatus).toBe('cancelled');
  });

  it('stalls in incomplete forever when asked to', () => {
    const plan = compileJobPlan({ finalStatus: 'incomplete', pendingMs: 0, attemptDurationMs: 10 });
    expect(plan.finalStatus).toBeUndefined();
    expect(plan.segments.at(-1)).toEqual({ status: 'incomplete', from: 10, until: Number.POSITIVE_INFINITY });
  });

  it('supports an attempt that never ends', () => {
    const plan = compileJobPlan({ attempts: [{ durationMs: Number.POSITIVE_INFINITY }] });
    expect(plan.finalStatus).toBeUndefined();
    expect(plan.segments.at(-1)?.status).toBe('running');
  });

  it('rejects inconsistent or invalid plans', () => {
    expect(() => compileJobPlan({ attempts: [] })).toThrow(/must not be empty/);
    expect(() => compileJobPlan({ finalStatus: 'failed', attempts: [{ outcome: 'succeeded' }] })).toThrow(
      /contradicts/,
    );
    expect(() => compileJobPlan({ attempts: [{ outcome: 'succeeded' }, {}] })).toThrow(
      /only the last attempt/,
    );
    expect(() => compileJobPlan({ pendingMs: -1 })).toThrow(/pendingMs/);
    expect(() => compileJobPlan({ attempts: [{ durationMs: Number.POSITIVE_INFINITY }, {}] })).toThrow(
      /run forever/,
    );
    expect(() => compileJobPlan({ statusOverrides: [{ fromMs: 5, untilMs: 5, status: 'x' }] })).toThrow(
      /untilMs/,
    );
  });
});
