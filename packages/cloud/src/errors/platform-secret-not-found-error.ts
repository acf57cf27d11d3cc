import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformSecretNotFoundError}.
 *
 * @example
 * ```ts
 * new PlatformSecretNotFoundError('…', { secretName: 'PLATFORM_CLOUD_CLIENT_ID', sources: ['environment'] });
 * ```
 */
export interface PlatformSecretNotFoundErrorOptions extends PlatformErrorOptions {
  /** The secret that was looked for, e.g. `PLATFORM_CLOUD_CLIENT_SECRET`. */
  secretName: string;
  /** Where it was looked for, e.g. `['environment']`. */
  sources: string[];
}

/**
 * A required secret was not found where it was looked for: credentials or the workspace id for
 * `fromEnv()`, or a warehouse credential the API masks (a MotherDuck token) when reading results
 * back. The error names the secret, never its value.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformSecretNotFoundError) console.log(`set ${error.secretName}`);
 * }
 * ```
 */
export class PlatformSecretNotFoundError extends PlatformError {
  override readonly name: string = 'PlatformSecretNotFoundError';
  readonly secretName: string;
  readonly sources: readonly string[];

  constructor(message: string, options: PlatformSecretNotFoundErrorOptions) {
    super(message, { code: 'secret_not_found', ...options });
    this.secretName = options.secretName;
    this.sources = [...options.sources];
  }
}
