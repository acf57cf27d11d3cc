/** A log-safe description of an HTTP request: secrets in headers and query strings are replaced. */
export interface RequestDescription {
  method: string;
  url: string;
  headers?: Record<string, string>;
}

/** What stands in for a removed secret. */
export const REDACTED = '[REDACTED]';

const secretName =
  /authorization|cookie|token|secret|password|passwd|api[-_]?key|credential|signature|session/i;

/**
 * True when a header, query parameter or object key names a secret.
 *
 * @example
 * ```ts
 * isSecretName('client_secret'); // true
 * isSecretName('project'); // false
 * ```
 */
export function isSecretName(name: string): boolean {
  return secretName.test(name);
}

/**
 * The URL with the values of secret-looking query parameters (and any user:password) replaced.
 *
 * @example
 * ```ts
 * redactUrl('https://x.test/a?access_token=abc&limit=5'); // 'https://x.test/a?access_token=[REDACTED]&limit=5'
 * ```
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username || parsed.password) {
    parsed.username = parsed.username ? REDACTED : '';
    parsed.password = parsed.password ? REDACTED : '';
  }
  let changed = false;
  for (const key of [...parsed.searchParams.keys()]) {
    // S3-style signed URLs carry credentials in X-Amz-* parameters.
    if (isSecretName(key) || /^x-amz-(credential|signature|security-token)$/i.test(key)) {
      parsed.searchParams.set(key, REDACTED);
      changed = true;
    }
  }
  return changed || parsed.username ? parsed.toString().replaceAll('%5BREDACTED%5D', REDACTED) : url;
}

/**
 * Headers as a plain object with lower-cased names and secret values replaced.
 *
 * @example
 * ```ts
 * redactHeaders({ Authorization: 'Bearer x', Accept: 'application/json' });
 * // { authorization: '[REDACTED]', accept: 'application/json' }
 * ```
 */
export function redactHeaders(
  headers: Headers | Record<string, string | undefined> | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  if (!headers) return result;
  const entries =
    typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function'
      ? [...(headers as Headers).entries()]
      : Object.entries(headers as Record<string, string | undefined>);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    result[lower] = isSecretName(lower) ? REDACTED : value;
  }
  return result;
}

/**
 * A deep copy of a JSON-like value with every secret-named key's value replaced. Use it before
 * logging bodies, params or configuration.
 *
 * @example
 * ```ts
 * redactValue({ credentials: { token: 'x' }, name: 'n' }); // { credentials: '[REDACTED]', name: 'n' }
 * ```
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = isSecretName(key) ? REDACTED : redactValue(inner, depth + 1);
  }
  return result;
}

/**
 * Describes a request for an error or a log line, with secrets removed.
 *
 * @example
 * ```ts
 * describeRequest('GET', 'https://app.asana.com/api/1.0/tasks/1', { authorization: 'Bearer x' });
 * ```
 */
export function describeRequest(
  method: string,
  url: string,
  headers?: Headers | Record<string, string | undefined>,
): RequestDescription {
  const description: RequestDescription = { method: method.toUpperCase(), url: redactUrl(url) };
  if (headers) description.headers = redactHeaders(headers);
  return description;
}
