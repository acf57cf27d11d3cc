import { projectFields } from '../search/projection';

type Record_ = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function without(value: unknown, path: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((element) => without(element, path));
  if (!isPlainObject(value) || !Object.hasOwn(value, path[0]!)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = { ...value };
  if (rest.length === 0) delete copy[head];
  else copy[head] = without(copy[head], rest);
  return copy;
}

/**
 * The record filter of an execute request's `select_fields` / `exclude_fields` (reference §2.1):
 * dot paths, the allowlist winning when both are given, applied to every record the result holds.
 * Undefined when neither list is given, so records pass untouched.
 *
 * @example
 * ```ts
 * fieldSelection(['gid', 'assignee.name'], undefined)?.({ gid: '1', name: 'A', assignee: { gid: '9', name: 'Kim' } });
 * // { gid: '1', assignee: { name: 'Kim' } }
 * ```
 */
export function fieldSelection(
  select: readonly string[] | null | undefined,
  exclude: readonly string[] | null | undefined,
): ((record: Record_) => Record<string, unknown>) | undefined {
  if (select != null && select.length > 0) {
    const paths = select.map((path) => path.split('.'));
    return (record) => projectFields(record, paths);
  }
  if (exclude != null && exclude.length > 0) {
    const paths = exclude.map((path) => path.split('.'));
    return (record) =>
      paths.reduce<unknown>((kept, path) => without(kept, path), record) as Record<string, unknown>;
  }
  return undefined;
}
