const warned = new Set<string>();

/**
 * Warns once per process that an old option shape or name is in use: a Node `DeprecationWarning`
 * (so `--no-deprecation` and `--throw-deprecation` apply), else `console.warn` where there is no
 * `process` (browsers, workers).
 *
 * @example
 * ```ts
 * warnDeprecated('CONDUIT_ASANA_AUTH', 'createAsana({ auth, baseUrl }) is deprecated; use { credentials, config }');
 * ```
 */
export function warnDeprecated(code: string, message: string): void {
  if (warned.has(code)) return;
  warned.add(code);
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: object) => void } })
    .process?.emitWarning;
  if (typeof emit === 'function') emit(message, { type: 'DeprecationWarning', code });
  else console.warn(`DeprecationWarning: ${message}`);
}
