import { definedOptions, ValidationError } from '@conduit/protocol';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { CLOUD_API_ROOT, CLOUD_ENV } from './cloud-defaults';
import { trimRoot } from './platform-roots';
import { SecretString } from './secret-string';

/**
 * A secret given as plain text or already wrapped.
 *
 * @example
 * ```ts
 * const secret: SecretInput = new SecretString(process.env.TOKEN!);
 * ```
 */
export type SecretInput = string | SecretString;

/**
 * Arguments of {@link CloudClientConfig}. Give exactly one authentication method: `clientId`
 * together with `clientSecret` (OAuth 2 client credentials), or `bearerToken`.
 *
 * @example
 * ```ts
 * const init: CloudClientConfigInit = { clientId: 'id', clientSecret: 'secret' };
 * ```
 */
export interface CloudClientConfigInit {
  clientId?: SecretInput;
  clientSecret?: SecretInput;
  bearerToken?: SecretInput;
  /** The public API root; default {@link CLOUD_API_ROOT} (`https://api.airbyte.com/v1`). */
  apiRoot?: string;
  /**
   * The Config API root (for catalog, state, attempts, logs, organization and builder calls).
   * Default: derived from `apiRoot` (hosted → `https://cloud.airbyte.com/api/v1`,
   * `…/api/public/v1` → `…/api/v1`).
   */
  configApiRoot?: string;
}

/**
 * Options of {@link CloudClientConfig.fromEnv}.
 *
 * @example
 * ```ts
 * CloudClientConfig.fromEnv({ env: { PLATFORM_CLOUD_BEARER_TOKEN: token } });
 * ```
 */
export interface CloudClientConfigFromEnvOptions {
  /** Wins over `PLATFORM_CLOUD_API_URL` and the default. */
  apiRoot?: string;
  /** Wins over `PLATFORM_CLOUD_CONFIG_API_URL`. */
  configApiRoot?: string;
  /** The environment to read; default `process.env` (read when called, never at import). */
  env?: Readonly<Record<string, string | undefined>>;
}

const credentialFields = ['clientId', 'clientSecret', 'bearerToken'] as const;

function invalid(message: string, fields: readonly string[]): ValidationError {
  return new ValidationError(message, {
    details: fields.map((field) => ({ field, message, error_code: 'invalid_param' })),
  });
}

/**
 * Reads an environment variable, treating an empty value as absent (as the original does).
 *
 * @example
 * ```ts
 * readEnv({ A: '' }, 'A'); // undefined
 * ```
 */
export function readEnv(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * How the client reaches and authenticates to the platform. Construction validates that exactly
 * one authentication method is present; a violation throws protocol's `ValidationError` (the
 * seed's "validation error") whose `details` name the fields at fault. Secrets are held as
 * {@link SecretString}s, so logging or serialising a config never shows them.
 *
 * @example
 * ```ts
 * const config = new CloudClientConfig({ bearerToken: process.env.TOKEN! });
 * config.usesBearerToken; // true
 * const fromEnv = CloudClientConfig.fromEnv();
 * ```
 */
export class CloudClientConfig {
  readonly clientId: SecretString | undefined;
  readonly clientSecret: SecretString | undefined;
  readonly bearerToken: SecretString | undefined;
  /** Without trailing slash. */
  readonly apiRoot: string;
  /** The explicit Config API root, if one was given (else derived when needed). */
  readonly configApiRoot: string | undefined;

  constructor(init: CloudClientConfigInit = {}) {
    this.clientId = SecretString.from(init.clientId);
    this.clientSecret = SecretString.from(init.clientSecret);
    this.bearerToken = SecretString.from(init.bearerToken);
    const hasClientPart = this.clientId !== undefined || this.clientSecret !== undefined;
    if (this.bearerToken && hasClientPart) {
      throw invalid('Cannot use both client credentials and bearer token authentication.', credentialFields);
    }
    if (!this.bearerToken && !hasClientPart) {
      throw invalid(
        'No authentication credentials provided: give clientId and clientSecret, or bearerToken.',
        credentialFields,
      );
    }
    if (!this.bearerToken && (this.clientId === undefined || this.clientSecret === undefined)) {
      throw invalid(
        'Incomplete client credentials: clientId and clientSecret are both required.',
        this.clientId === undefined ? ['clientId'] : ['clientSecret'],
      );
    }
    this.apiRoot = checkRoot(init.apiRoot ?? CLOUD_API_ROOT, 'apiRoot');
    this.configApiRoot =
      init.configApiRoot === undefined || init.configApiRoot === ''
        ? undefined
        : checkRoot(init.configApiRoot, 'configApiRoot');
  }

  /**
   * Builds a config from the environment: `PLATFORM_CLOUD_BEARER_TOKEN` is checked first; without
   * it, `PLATFORM_CLOUD_CLIENT_ID` and `PLATFORM_CLOUD_CLIENT_SECRET` are required
   * ({@link PlatformSecretNotFoundError} names the first one missing). `apiRoot` falls back to
   * `PLATFORM_CLOUD_API_URL`, then to the hosted root.
   *
   * @example
   * ```ts
   * const config = CloudClientConfig.fromEnv({ apiRoot: 'https://airbyte.internal/api/public/v1' });
   * ```
   */
  static fromEnv(options: CloudClientConfigFromEnvOptions = {}): CloudClientConfig {
    const env = options.env ?? process.env;
    const apiRoot = options.apiRoot ?? readEnv(env, CLOUD_ENV.apiRoot);
    const configApiRoot = options.configApiRoot ?? readEnv(env, CLOUD_ENV.configApiRoot);
    const roots = definedOptions({ apiRoot, configApiRoot });
    const bearerToken = readEnv(env, CLOUD_ENV.bearerToken);
    if (bearerToken !== undefined) return new CloudClientConfig({ bearerToken, ...roots });
    const clientId = readEnv(env, CLOUD_ENV.clientId);
    const clientSecret = readEnv(env, CLOUD_ENV.clientSecret);
    for (const [name, value] of [
      [CLOUD_ENV.clientId, clientId],
      [CLOUD_ENV.clientSecret, clientSecret],
    ] as const) {
      if (value === undefined) {
        throw new PlatformSecretNotFoundError(
          `Secret ${name} not found in the environment (and ${CLOUD_ENV.bearerToken} is not set either).`,
          {
            secretName: name,
            sources: ['environment'],
            guidance: `Set ${CLOUD_ENV.bearerToken}, or both ${CLOUD_ENV.clientId} and ${CLOUD_ENV.clientSecret}.`,
          },
        );
      }
    }
    return new CloudClientConfig({ clientId, clientSecret, ...roots });
  }

  /** True when a pre-generated bearer token is used. */
  get usesBearerToken(): boolean {
    return this.bearerToken !== undefined;
  }

  /** True when the client-credentials flow (client id and secret) is used. */
  get usesClientCredentials(): boolean {
    return this.clientId !== undefined && this.clientSecret !== undefined;
  }

  /** A log-safe view: which method is used, never the secrets. */
  toJSON(): Record<string, unknown> {
    return definedOptions({
      apiRoot: this.apiRoot,
      configApiRoot: this.configApiRoot,
      usesBearerToken: this.usesBearerToken,
      usesClientCredentials: this.usesClientCredentials,
      clientId: this.clientId?.toJSON(),
      clientSecret: this.clientSecret?.toJSON(),
      bearerToken: this.bearerToken?.toJSON(),
    });
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `CloudClientConfig ${JSON.stringify(this.toJSON())}`;
  }
}

function checkRoot(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${field} must be an absolute http(s) URL, got "${value}"`, [field]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`${field} must use http or https, not ${url.protocol}`, [field]);
  }
  return trimRoot(value);
}
