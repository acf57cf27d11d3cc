import { type ConnectorType, parseConnectorConfig } from '@conduit/connectors';
import { ConduitError, isSecretName } from '@conduit/protocol';
import { UsageError } from '../../framework/usage-error';

/**
 * `--config KEY=VALUE` pairs as the configuration object of a new connector (`subdomain`,
 * `instance_url`, `base_url`), checked against the type's variables before anything is sent.
 * Returns undefined when no pair was given.
 *
 * @example
 * ```ts
 * parseConfigPairs(['base_url=http://127.0.0.1:4010/api/1.0'], 'task-management');
 * // { base_url: 'http://127.0.0.1:4010/api/1.0' }
 * ```
 */
export function parseConfigPairs(
  pairs: readonly string[],
  type: ConnectorType,
): Record<string, string> | undefined {
  if (pairs.length === 0) return undefined;
  const config: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const key = equals === -1 ? pair : pair.slice(0, equals);
    if (equals <= 0) {
      throw new UsageError(`--config needs KEY=VALUE, got "${key}"`, { code: 'invalid_flag' });
    }
    if (Object.hasOwn(config, key)) {
      throw new UsageError(`--config ${key} is given more than once`, { code: 'invalid_flag' });
    }
    if (isSecretName(key)) {
      throw new UsageError(`--config ${key}: a secret is never taken from the command line`, {
        code: 'secret_in_argv',
        hint: 'credentials go in --credentials-file or --credentials-stdin',
      });
    }
    config[key] = pair.slice(equals + 1);
  }
  try {
    parseConnectorConfig(type, config);
  } catch (error) {
    if (!ConduitError.isInstance(error)) throw error;
    throw new UsageError(`--config: ${error.message}`, { code: 'invalid_config', details: error.details });
  }
  return config;
}
