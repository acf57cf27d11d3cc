import { PageLimitExceededError } from '@conduit/connector-kit';
import * as protocol from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import * as entry from './index';

describe('@conduit/asana', () => {
  it('re-exports every error class a call can throw, so callers need no @conduit/protocol', () => {
    const errorClasses = Object.entries(protocol).filter(
      ([, value]) =>
        typeof value === 'function' &&
        (value === protocol.ConduitError || value.prototype instanceof protocol.ConduitError),
    );
    expect(errorClasses.length).toBeGreaterThan(10);
    const exported: Record<string, unknown> = { ...entry };
    for (const [name, value] of errorClasses) expect(exported[name], name).toBe(value);
    expect(entry.PageLimitExceededError).toBe(PageLimitExceededError);
  });
});
