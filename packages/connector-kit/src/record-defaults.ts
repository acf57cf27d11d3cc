import { readAt } from './read-at';

/**
 * Gives one record the `defaults` it lacks (their keys given as `keys`), in place; a value that is
 * not a plain object is left alone.
 *
 * @example
 * ```ts
 * fillRecordDefaults(task, ['resource_type'], { resource_type: 'task' });
 * ```
 */
export function fillRecordDefaults(
  record: unknown,
  keys: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
): void {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (!(key in record)) (record as Record<string, unknown>)[key] = defaults[key];
  }
}

/**
 * Gives each record at `at` in an upstream body (an array of records, or one) the `defaults` it
 * lacks, in place. For fields every record of an action has but the upstream leaves out under the
 * query the action must send: Asana answers `opt_fields` with exactly the fields asked for, and its
 * spec does not let a client ask for `resource_type`, which the action knows anyway.
 *
 * @example
 * ```ts
 * applyRecordDefaults(body, 'data', { resource_type: 'task' });
 * ```
 */
export function applyRecordDefaults(
  body: unknown,
  at: string,
  defaults: Readonly<Record<string, unknown>> | undefined,
): void {
  if (defaults === undefined) return;
  const found = readAt(body, at);
  const keys = Object.keys(defaults);
  if (Array.isArray(found)) {
    for (let index = 0; index < found.length; index += 1) fillRecordDefaults(found[index], keys, defaults);
  } else {
    fillRecordDefaults(found, keys, defaults);
  }
}
