import { ConduitError } from '@conduit/protocol';

/**
 * The server's configuration (environment or flags) is wrong; the message names the variable and
 * what it expects. The server refuses to start rather than run half-configured.
 *
 * @example
 * ```ts
 * throw new ConfigError('CONDUIT_PORT must be an integer between 0 and 65535');
 * ```
 */
export class ConfigError extends ConduitError {
  override readonly name: string = 'ConfigError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { code: 'invalid_config', ...options });
  }
}
