function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return value;
  if (Array.isArray(value)) {
    // Elements that are objects keep their place (possibly empty), so several paths into the
    // same array merge element by element.
    return value.filter(isPlainObject).map((element) => pick(element, path) ?? {});
  }
  if (!isPlainObject(value) || !Object.hasOwn(value, path[0]!)) return undefined;
  const inner = pick(value[path[0]!], path.slice(1));
  return inner === undefined ? undefined : { [path[0]!]: inner };
}

function merge(into: unknown, from: unknown): unknown {
  if (into === undefined) return from;
  if (from === undefined) return into;
  if (isPlainObject(into) && isPlainObject(from)) {
    const merged: Record<string, unknown> = { ...into };
    for (const [key, value] of Object.entries(from)) merged[key] = merge(merged[key], value);
    return merged;
  }
  if (Array.isArray(into) && Array.isArray(from) && into.length === from.length) {
    return into.map((element, index) => merge(element, from[index]));
  }
  // Shorter paths merge first, so `into` is the whole value and `from` a part of it.
  return into;
}

/**
 * Projects a record's data to the requested paths (the search's `fields`), keeping their
 * structure: `['assignee', 'name']` gives `{assignee: {name}}`, a path through an array keeps
 * that sub-field of each object element. Missing paths are left out.
 *
 * @example
 * ```ts
 * projectFields({ gid: '1', name: 'A', assignee: { gid: '9', name: 'Kim' } }, [['name'], ['assignee', 'name']]);
 * // { name: 'A', assignee: { name: 'Kim' } }
 * ```
 */
export function projectFields(
  data: Readonly<Record<string, unknown>>,
  fields: readonly (readonly string[])[],
): Record<string, unknown> {
  let result: unknown = {};
  const shortestFirst = [...fields].sort((a, b) => a.length - b.length);
  for (const path of shortestFirst) result = merge(result, pick(data, path));
  return result as Record<string, unknown>;
}
