const compiled = new Map<string, readonly string[]>();

function segmentsOf(path: string): readonly string[] {
  let segments = compiled.get(path);
  if (segments === undefined) {
    segments = path === '' ? [] : path.split('.');
    compiled.set(path, segments);
  }
  return segments;
}

/**
 * The value at a dotted path of a parsed JSON body (`''` is the body itself); `undefined` when a
 * step is missing or not an object. Keys of the declared paths never contain dots.
 *
 * @example
 * ```ts
 * readAt({ meta: { has_more: true } }, 'meta.has_more'); // true
 * readAt({ data: [] }, ''); // { data: [] }
 * ```
 */
export function readAt(body: unknown, path: string): unknown {
  const segments = segmentsOf(path);
  let value = body;
  // Indexed: `for…of` allocated an array iterator on each of the several reads per list page.
  for (let index = 0; index < segments.length; index += 1) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segments[index] as string];
  }
  return value;
}
