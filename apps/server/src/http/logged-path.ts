import { redactUrl } from '@conduit/protocol';

// Characters a URL parser leaves as they are in a path: a path of only these, with no query, no
// fragment and no dot segment, is logged as it came, with no URL to parse and nothing to redact.
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
// A parser resolves dot segments written percent-encoded too.
const DOT_ESCAPE = /%2e/i;

/**
 * The path and query of a request URL as its log line shows them: as the URL parser normalises
 * them, with the values of secret-looking query parameters redacted.
 *
 * @example
 * ```ts
 * loggedPath('http://127.0.0.1:8787/v1/x?access_token=abc&limit=5'); // '/v1/x?access_token=[REDACTED]&limit=5'
 * ```
 */
export function loggedPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start !== -1) {
    const path = url.slice(start);
    if (PLAIN_PATH.test(path) && !path.includes('/.') && !DOT_ESCAPE.test(path)) return path;
  }
  const parsed = new URL(url);
  return redactUrl(`http://host${parsed.pathname}${parsed.search}`).slice('http://host'.length);
}
