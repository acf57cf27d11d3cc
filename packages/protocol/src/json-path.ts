/**
 * One step of a JSON path: an object key or an array index.
 *
 * @example
 * ```ts
 * const path: JsonPathSegment[] = ['query', 'filter', 'and', 1];
 * ```
 */
export type JsonPathSegment = string | number;

// Keys made of dot-separated identifiers stay readable as written (`query.filter.eq.assignee.gid`):
// a caller who wrote the field as `assignee.gid` recognises it. Anything else is quoted.
const plainKey = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Writes a path into a JSON value the way error details name it: keys after dots, indexes in
 * brackets, and keys that are not identifiers quoted in brackets.
 *
 * @example
 * ```ts
 * formatJsonPath(['query', 'filter', 'and', 1, 'eq', 'completed']); // 'query.filter.and[1].eq.completed'
 * formatJsonPath(['params', 'a b']); // 'params["a b"]'
 * ```
 */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (plainKey.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
