import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestDeadline } from './request-deadline';

describe('RequestDeadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with the caller’s reason when the caller goes, even after it is disarmed', () => {
    const caller = new AbortController();
    const deadline = new RequestDeadline(caller.signal, 30_000, () => new Error('late'));
    deadline.disarm();
    expect(deadline.signal.aborted).toBe(false);
    caller.abort(new Error('gone'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toEqual(new Error('gone'));
  });

  it('starts aborted when the caller already went', () => {
    const deadline = new RequestDeadline(AbortSignal.abort('gone'), 30_000, () => 'late');
    expect(deadline.signal.reason).toBe('gone');
    deadline.disarm();
  });

  it('aborts with the expiry error when the time is up, unless disarmed first', () => {
    vi.useFakeTimers();
    const expiring = new RequestDeadline(new AbortController().signal, 1000, () => 'late');
    const disarmed = new RequestDeadline(new AbortController().signal, 1000, () => 'late');
    disarmed.disarm();
    vi.advanceTimersByTime(1000);
    expect(expiring.signal.reason).toBe('late');
    expect(disarmed.signal.aborted).toBe(false);
  });
});
