import type { ConnectorModule } from '@conduit/connector-kit';
import { ConduitError } from '@conduit/protocol';
import { UsageError } from '../framework/usage-error';
import { settingKey } from './connector-registry-entry';
import type { CredentialsInput, LocalConnector } from './local-connector';

/**
 * The usage error of credentials a module refused, naming where they came from.
 *
 * @example
 * ```ts
 * catch (error) { throw credentialsUsageError(error, '--credentials-file a.json'); }
 * ```
 */
export function credentialsUsageError(error: unknown, origin: string): unknown {
  if (!ConduitError.isInstance(error)) return error;
  return new UsageError(`invalid credentials in ${origin}: ${error.message}`, {
    code: 'invalid_credentials',
    details: error.details,
  });
}

/**
 * A connector module as the CLI runs it locally: its credential methods' required fields read from
 * the settings `<name>_<field>`, credentials checked by the module, the API root from `<name>_base_url`.
 *
 * @example
 * ```ts
 * const connector = localConnectorOf(await entry.load());
 * ```
 */
export function localConnectorOf(module: ConnectorModule): LocalConnector {
  return {
    definition: module.definition,
    credentialMethods: module.credentialMethods.map((method) => ({
      name: method.displayName,
      // Optional fields (an OAuth access token still valid) come only with a credentials file.
      fields: method.fields
        .filter((field) => !field.optional)
        .map((field) => ({ json: field.name, setting: settingKey(module.name, field.name) })),
    })),
    parseCredentials(value, origin) {
      try {
        return module.parseCredentials(value) as CredentialsInput;
      } catch (error) {
        throw credentialsUsageError(error, origin);
      }
    },
    baseUrlSetting: settingKey(module.name, 'base_url'),
    defaultBaseUrl: module.defaultBaseUrl,
    createExecutor(options) {
      return module.createExecutor({
        credentials: options.credentials as never,
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        userAgent: options.userAgent,
        ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
      });
    },
  };
}
