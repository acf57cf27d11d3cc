import { readAt } from './read-at';

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
  const records = Array.isArray(found) ? found : [found];
  const keys = Object.keys(defaults);
  for (const record of records) {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) continue;
    for (const key of keys) {
      if (!(key in record)) (record as Record<string, unknown>)[key] = defaults[key];
    }
  }
}
