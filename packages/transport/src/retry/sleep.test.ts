import { describe, expect, it } from 'vitest';
import { sleep } from './sleep';

describe('sleep', () => {
  it('waits', async () => {
    const started = performance.now();
    await sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('rejects with the abort reason, before or during the wait', async () => {
    const reason = new DOMException('stop', 'AbortError');
    await expect(sleep(10_000, AbortSignal.abort(reason))).rejects.toBe(reason);
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
