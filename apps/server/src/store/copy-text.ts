import type { SqlValue } from './sql-database';

/** Bytes of COPY text handed to the connection at a time: large enough to amortise each write. */
const CHUNK_CHARS = 1 << 16;

// The characters COPY's text format gives a meaning to (PostgreSQL docs, COPY, "Text Format"):
// backslash, and the delimiter and line ends, which must appear escaped inside a value.
const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in COPY's text format: `\N` for null, booleans as `t`/`f`, bytes as `bytea` hex,
 * text with the format's special characters escaped.
 *
 * @example
 * ```ts
 * copyTextField('a\tb'); // 'a\\tb'
 * copyTextField(null); // '\\N'
 * ```
 */
export function copyTextField(value: SqlValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return `\\\\x${Buffer.from(value).toString('hex')}`;
  return value.replace(SPECIAL, (char) => ESCAPES[char]!);
}

/**
 * Rows as COPY text (`COPY … FROM STDIN`, default text format), in chunks of about 64 KiB, so a
 * batch is streamed to the server without being held as one string twice.
 *
 * @example
 * ```ts
 * [...copyTextChunks([[1, 'a'], [2, null]])]; // ['1\ta\n2\t\\N\n']
 * ```
 */
export function* copyTextChunks(rows: Iterable<readonly SqlValue[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(copyTextField).join('\t')}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
