import { describe, expect, it } from 'vitest';
import { formatAttemptLog } from './format-attempt-log';

describe('formatAttemptLog', () => {
  it('renders structured events as [epoch ms] level: message lines', () => {
    expect(
      formatAttemptLog({
        logs: {
          events: [
            { timestamp: 1000, level: 'INFO', message: 'Starting' },
            { timestamp: 2000, level: 'error', message: 'Boom' },
          ],
        },
      }),
    ).toBe('[1000] info: Starting\n[2000] error: Boom');
  });

  it('joins formatted lines, and gives "" without logs', () => {
    expect(formatAttemptLog({ logs: { logLines: ['a', 'b'] } })).toBe('a\nb');
    expect(formatAttemptLog({ logs: null })).toBe('');
    expect(formatAttemptLog({ logs: {} })).toBe('');
  });
});
