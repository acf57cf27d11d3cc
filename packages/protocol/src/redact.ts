/**
 * A log-safe description of an HTTP request: secrets in headers and query strings are replaced.
 *
 * @example
 * ```ts
 * const request: RequestDescription = describeRequest('GET', url, headers);
 * ```
 */
export interface RequestDescription {
  method: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * What stands in for a removed secret.
 *
 * @example
 * ```ts
 * redactHeaders({ authorization: 'Bearer x' }).authorization === REDACTED; // true
 * ```
 */
export const REDACTED = '[REDACTED]';

const secretName =
  /authorization|cookie|token|secret|password|passwd|api[-_]?key|(encryption|private|signing)[-_]?key|credential|signature|session|verifier/i;

// Signed URLs (S3, Google Cloud Storage, Azure SAS) carry credentials in parameters whose names do
// not all look secret on their own.
const signedUrlParameter =
  /^(x-amz-(credential|signature|security-token)|x-goog-(credential|signature)|sig)$/i;

// An OAuth redirect's authorization code (exchangeable for tokens) and its state (binds the
// browser to the flow): secrets in a query string, though the names are too common to be secret
// as object keys.
const oauthRedirectParameter = /^(code|state)$/i;

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
  let changed = false;
  if (parsed.username || parsed.password) {
    parsed.username = parsed.username ? REDACTED : '';
    parsed.password = parsed.password ? REDACTED : '';
    changed = true;
  }
  for (const key of new Set(parsed.searchParams.keys())) {
    if (isSecretName(key) || signedUrlParameter.test(key) || oauthRedirectParameter.test(key)) {
      parsed.searchParams.set(key, REDACTED);
      changed = true;
    }
  }
  // OAuth implicit-flow redirects put the token in the fragment: `#access_token=…`.
  if (parsed.hash.includes('=')) {
    const fragment = new URLSearchParams(parsed.hash.slice(1));
    let fragmentChanged = false;
    for (const key of new Set(fragment.keys())) {
      if (isSecretName(key)) {
        fragment.set(key, REDACTED);
        fragmentChanged = true;
      }
    }
    if (fragmentChanged) {
      parsed.hash = fragment.toString();
      changed = true;
    }
  }
  return changed ? parsed.toString().replaceAll('%5BREDACTED%5D', REDACTED) : url;
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

const maxRedactionDepth = 32;

/**
 * A deep copy of a JSON-like value with every secret-named key's value replaced, and the secrets
 * inside URL strings (signed download links, `?access_token=`) removed. Use it before logging
 * bodies, params or configuration. Anything nested deeper than 32 levels is replaced whole, since
 * it cannot be inspected cheaply.
 *
 * @example
 * ```ts
 * redactValue({ credentials: { token: 'x' }, name: 'n' }); // { credentials: '[REDACTED]', name: 'n' }
 * ```
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return /^https?:\/\//i.test(value) ? redactUrl(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxRedactionDepth) return REDACTED;
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
 * describeRequest('GET', 'https://api.example.com/v1/tasks/1', { authorization: 'Bearer x' });
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
