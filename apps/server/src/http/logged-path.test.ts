import { redactUrl } from '@conduit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loggedPath } from './logged-path';

/** What the log line showed before the shortcut: always through the URL parser. */
function parsedPath(url: string): string {
  const parsed = new URL(url);
  return redactUrl(`http://host${parsed.pathname}${parsed.search}`).slice('http://host'.length);
}

describe('loggedPath', () => {
  it('logs a plain path as it came', () => {
    expect(loggedPath('http://127.0.0.1:8787/api/v1/connectors/sources/abc-1/execute')).toBe(
      '/api/v1/connectors/sources/abc-1/execute',
    );
    expect(loggedPath('http://[::1]:8787/healthz')).toBe('/healthz');
  });

  it('redacts secret query values and resolves dot segments, as the URL parser does', () => {
    expect(loggedPath('http://h/v1/x?access_token=abc&limit=5')).toBe(
      '/v1/x?access_token=[REDACTED]&limit=5',
    );
    expect(loggedPath('http://h/a/../b')).toBe('/b');
    expect(loggedPath('http://h/a/%2e%2E/b')).toBe('/b');
    expect(loggedPath('http://h/a/%2e/b')).toBe('/a/b');
  });

  it('agrees with parsing the URL for any path and query, normalised or as it came', () => {
    const piece = fc.constantFrom(
      'a',
      'Z',
      '0',
      '-',
      '.',
      '..',
      '_',
      '~',
      '%',
      '%2e',
      '%2E',
      '%41',
      '/',
      '//',
      '?',
      '#',
      '=',
      '&',
      'token',
      ' ',
      '"',
      "'",
      '@',
      ':',
      'é',
      '\\',
      '[',
      '{',
      '|',
      '^',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const raw = `http://127.0.0.1:8787/${pieces.join('')}`;
        expect(loggedPath(raw)).toBe(parsedPath(raw));
        const normalised = new URL(raw).href;
        expect(loggedPath(normalised)).toBe(parsedPath(normalised));
      }),
      { numRuns: 2000 },
    );
  });
});
