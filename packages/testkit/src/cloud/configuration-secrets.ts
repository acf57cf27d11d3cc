import { isPlainObject } from './schema-record-generator';

/** What the platform shows in place of a secret configuration value. */
export const maskedSecret = '**********';

/** Leaf keys treated as secrets even when a connector spec does not list them. */
const secretKey =
  /password|secret|api[-_]?key|access[-_]?token|refresh[-_]?token|private[-_]?key|credentials_json|^token$/i;

/**
 * A copy of a configuration with secret values replaced by `**********`, as GET responses show
 * them. Secrets are the connector's declared secret paths plus secret-looking leaf keys.
 *
 * @example
 * ```ts
 * maskConfiguration({ host: 'h', password: 'p' }, ['password']); // { host: 'h', password: '**********' }
 * ```
 */
export function maskConfiguration(
  configuration: Record<string, unknown>,
  secretPaths: readonly string[],
): Record<string, unknown> {
  return maskObject(configuration, new Set(secretPaths), '');
}

function maskObject(
  value: Record<string, unknown>,
  paths: Set<string>,
  prefix: string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (paths.has(path) && inner !== null && inner !== undefined) {
      result[key] = maskedSecret;
    } else if (isPlainObject(inner)) {
      result[key] = maskObject(inner, paths, path);
    } else if (Array.isArray(inner)) {
      result[key] = inner.map((item) => (isPlainObject(item) ? maskObject(item, paths, path) : item));
    } else if (typeof inner === 'string' && secretKey.test(key)) {
      result[key] = maskedSecret;
    } else {
      result[key] = inner;
    }
  }
  return result;
}

/**
 * Deep-merges a PATCH configuration into the stored one, as the platform does: objects merge
 * key by key, other values replace, and a masked `**********` keeps the stored secret (so a
 * client can send back what it read).
 *
 * @example
 * ```ts
 * mergeConfiguration({ host: 'a', password: 'p' }, { host: 'b', password: '**********' });
 * // { host: 'b', password: 'p' }
 * ```
 */
export function mergeConfiguration(
  stored: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = structuredClone(stored);
  for (const [key, value] of Object.entries(patch)) {
    const current = result[key];
    if (value === maskedSecret) continue;
    if (isPlainObject(value) && isPlainObject(current)) {
      result[key] = mergeConfiguration(current, value);
    } else {
      result[key] = structuredClone(value);
    }
  }
  return result;
}

/**
 * Replaces a configuration wholesale (PUT), still keeping stored secrets where the new one
 * sends the mask back.
 *
 * @example
 * ```ts
 * replaceConfiguration({ host: 'a', password: 'p' }, { password: '**********' }); // { password: 'p' }
 * ```
 */
export function replaceConfiguration(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(incoming)) {
    const current = stored[key];
    if (value === maskedSecret && current !== undefined) {
      result[key] = structuredClone(current);
    } else if (isPlainObject(value)) {
      result[key] = replaceConfiguration(isPlainObject(current) ? current : {}, value);
    } else {
      result[key] = structuredClone(value);
    }
  }
  return result;
}
