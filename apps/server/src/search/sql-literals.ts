import type { SearchScalar } from '@conduit/protocol';

/**
 * Field-path segments reach SQL only inside JSON paths; the search parser already restricts them
 * to this alphabet, and this check keeps any other caller from getting past it.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]+$/;

function assertSegments(segments: readonly string[]): void {
  for (const segment of segments) {
    if (!SAFE_SEGMENT.test(segment)) throw new Error(`unsafe field path segment ${JSON.stringify(segment)}`);
  }
}

/**
 * A SQLite JSON path (`$."a"."b"`) for field-path segments, to be bound as a parameter.
 *
 * @example
 * ```ts
 * sqliteJsonPath(['assignee', 'gid']); // '$."assignee"."gid"'
 * ```
 */
export function sqliteJsonPath(segments: readonly string[]): string {
  assertSegments(segments);
  return `$${segments.map((segment) => `."${segment}"`).join('')}`;
}

/**
 * A PostgreSQL SQL/JSON path selecting what field-path segments reach, arrays unwrapped at every
 * step (lax mode) and at the end (`[*]`), to be bound as a parameter.
 *
 * @example
 * ```ts
 * jsonPathOf(['followers', 'gid']); // '$."followers"."gid"[*]'
 * ```
 */
export function jsonPathOf(segments: readonly string[]): string {
  assertSegments(segments);
  return `$${segments.map((segment) => `."${segment}"`).join('')}[*]`;
}

/**
 * Replaces U+0000, which PostgreSQL cannot store in text or JSON, by U+FFFD; the writer stores
 * strings the same way in both stores, so compared values go through it too.
 *
 * @example
 * ```ts
 * storableText('a\u0000b'); // 'a\uFFFDb'
 * ```
 */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/**
 * A scalar as an SQL/JSON path literal (strings JSON-escaped, which the path syntax accepts).
 *
 * @example
 * ```ts
 * jsonPathLiteral('say "hi"'); // '"say \\"hi\\""'
 * jsonPathLiteral(1e21); // '1e+21'
 * ```
 */
export function jsonPathLiteral(value: SearchScalar): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(storableText(value));
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a compared number must be finite');
    return String(value);
  }
  return value ? 'true' : 'false';
}

/**
 * A PostgreSQL array literal of texts (every element quoted and escaped), to be bound as a
 * parameter and cast to `text[]`.
 *
 * @example
 * ```ts
 * pgTextArray(['12:name:launch', 'a"b']); // '{"12:name:launch","a\\"b"}'
 * ```
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${storableText(value).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
