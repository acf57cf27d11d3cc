/** A parsed `Range` header: a window, "unsatisfiable", or undefined (absent or ignorable). */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * Parses a single-range `Range: bytes=…` header against a size: `a-b`, `a-` and `-n`. Multiple
 * ranges and malformed headers are ignored (the whole file is served), like S3 does.
 *
 * @example
 * ```ts
 * parseByteRange('bytes=-100', 1000); // { start: 900, end: 999 }
 * ```
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}
