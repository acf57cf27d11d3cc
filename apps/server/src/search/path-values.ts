/**
 * The values a field path reaches in a JSON value: each segment descends into an object member;
 * an array met on the way, or at the end, stands for its elements (recursively); a missing member
 * reaches nothing. `null` is a value.
 *
 * @example
 * ```ts
 * pathValues({ followers: [{ gid: '1' }, { gid: null }, {}] }, ['followers', 'gid']); // ['1', null]
 * pathValues({ tags: [] }, ['tags']); // []
 * ```
 */
export function pathValues(root: unknown, path: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(root, path, 0, out);
  return out;
}

function collect(value: unknown, path: readonly string[], index: number, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collect(element, path, index, out);
    return;
  }
  if (index === path.length) {
    out.push(value);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const key = path[index]!;
    if (Object.hasOwn(value, key)) collect((value as Record<string, unknown>)[key], path, index + 1, out);
  }
}
