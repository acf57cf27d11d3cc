import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { refuseUnknownOptions } from './unknown-options';

const KNOWN = { credentials: true, instanceUrl: true } as const;

describe('refuseUnknownOptions', () => {
  it('lets known options through', () => {
    expect(() =>
      refuseUnknownOptions({ credentials: {}, instanceUrl: 'https://x' }, KNOWN, 'create'),
    ).not.toThrow();
    expect(() => refuseUnknownOptions({}, KNOWN, 'create')).not.toThrow();
  });

  it('names every unknown option, with the name to use where one is known', () => {
    let caught: unknown;
    try {
      refuseUnknownOptions(
        { credentials: {}, baseUrl: 'http://127.0.0.1:1', colour: 'red' },
        KNOWN,
        'createX',
        {
          baseUrl: 'instanceUrl',
        },
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(caught).toMatchObject({
      code: 'invalid_config',
      message: 'createX: unknown option baseUrl (use instanceUrl); unknown option colour',
      details: [
        {
          field: 'baseUrl',
          message: 'unknown option baseUrl (use instanceUrl)',
          error_code: 'invalid_config',
        },
        { field: 'colour', message: 'unknown option colour', error_code: 'invalid_config' },
      ],
    });
  });

  it('does not take inherited names for known ones', () => {
    expect(() => refuseUnknownOptions({ toString: 1 }, KNOWN, 'create')).toThrow(/unknown option toString/);
  });
});
