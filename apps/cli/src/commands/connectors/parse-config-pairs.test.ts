import { describe, expect, it } from 'vitest';
import { UsageError } from '../../framework/usage-error';
import { parseConfigPairs } from './parse-config-pairs';

describe('parseConfigPairs', () => {
  it('reads KEY=VALUE pairs the type accepts, splitting at the first =', () => {
    expect(parseConfigPairs([], 'task-management')).toBeUndefined();
    expect(parseConfigPairs(['base_url=http://127.0.0.1:4010/api/1.0'], 'task-management')).toEqual({
      base_url: 'http://127.0.0.1:4010/api/1.0',
    });
    expect(() => parseConfigPairs(['base_url=http://x.test/api?a=b'], 'task-management')).toThrow(
      /must not have a query/,
    );
    expect(parseConfigPairs(['subdomain=acme'], 'support-desk')).toEqual({ subdomain: 'acme' });
  });

  it('refuses bad syntax, repeats, secrets and what the type does not take', () => {
    expect(() => parseConfigPairs(['subdomain'], 'support-desk')).toThrow(
      '--config needs KEY=VALUE, got "subdomain"',
    );
    expect(() => parseConfigPairs(['=x'], 'support-desk')).toThrow(UsageError);
    expect(() => parseConfigPairs(['subdomain=a', 'subdomain=b'], 'support-desk')).toThrow(
      'given more than once',
    );
    expect(() => parseConfigPairs(['api_token=x'], 'support-desk')).toThrow(
      'a secret is never taken from the command line',
    );
    expect(() => parseConfigPairs(['region=eu'], 'task-management')).toThrow(/--config: .*region/);
  });
});
