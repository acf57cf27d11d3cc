import type { FieldDescription } from '../../introspect/field-description';
import { formatCell } from '../../output/format-value';
import { sanitizeForTerminal } from '../../output/text-width';

const MAX_INFERRED_COLUMNS = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The columns a listing shows: the fields the definition declares for the record, `gid` and
 * `name` first; for a record the definition leaves open, the keys of the first records.
 *
 * @example
 * ```ts
 * listColumns([{ name: 'resource_type' }, { name: 'gid' }, { name: 'name' }] as FieldDescription[], []);
 * // ['gid', 'name', 'resource_type']
 * ```
 */
export function listColumns(
  fields: readonly FieldDescription[] | null,
  sample: readonly unknown[],
): string[] {
  let names = (fields ?? []).map((field) => field.name);
  const inferred = names.length === 0;
  if (inferred) {
    const keys = new Set<string>();
    for (const record of sample.slice(0, 5))
      if (isRecord(record)) for (const key of Object.keys(record)) keys.add(key);
    names = [...keys];
  }
  const first = ['gid', 'id', 'name'].filter((name) => names.includes(name));
  const ordered = [...first, ...names.filter((name) => !first.includes(name))];
  // Cut inferred columns only after moving the identifying ones first: keys may arrive sorted
  // (search hits do), and `name` would otherwise fall past the cut.
  return inferred ? ordered.slice(0, MAX_INFERRED_COLUMNS) : ordered;
}

/**
 * The value at a dotted path (`assignee.name`) of a record, or undefined; a key that itself holds
 * a dot wins over the path.
 *
 * @example
 * ```ts
 * valueAtPath({ assignee: { name: 'Ada' } }, 'assignee.name'); // 'Ada'
 * ```
 */
export function valueAtPath(record: unknown, path: string): unknown {
  if (!isRecord(record)) return undefined;
  if (Object.hasOwn(record, path)) return record[path];
  let current: unknown = record;
  for (const segment of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/** A record as the cells of a table row; columns may be dotted paths into nested objects. */
export function recordRow(record: unknown, columns: readonly string[]): string[] {
  if (!isRecord(record)) return [formatCell(record)];
  return columns.map((column) => formatCell(valueAtPath(record, column)));
}

/**
 * A record as `key  value` pairs for the detail view of `get`: every field, nested values as
 * compact JSON, text sanitised for the terminal.
 *
 * @example
 * ```ts
 * recordDetails({ gid: '1', workspace: { gid: '2', name: 'Acme' } });
 * // [['gid', '1'], ['workspace', '{"gid":"2","name":"Acme"}']]
 * ```
 */
export function recordDetails(record: unknown): [string, string][] {
  if (!isRecord(record)) return [['value', sanitizeForTerminal(JSON.stringify(record) ?? '')]];
  return Object.entries(record).map(([key, value]) => {
    const text =
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return [sanitizeForTerminal(key), sanitizeForTerminal(text)];
  });
}
