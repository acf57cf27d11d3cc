/**
 * The hosted platform's public API root (`api_root`'s default), ending in `/v1`.
 *
 * @example
 * ```ts
 * new CloudWorkspace({ workspaceId, bearerToken, apiRoot: CLOUD_API_ROOT });
 * ```
 */
export const CLOUD_API_ROOT = 'https://api.airbyte.com/v1';

/**
 * The hosted platform's Config API root, which serves `/web_backend/connections/get`,
 * `/state/get`, `/jobs/get` and the other calls the public API lacks.
 *
 * @example
 * ```ts
 * `${CLOUD_CONFIG_API_ROOT}/state/get`; // 'https://cloud.airbyte.com/api/v1/state/get'
 * ```
 */
export const CLOUD_CONFIG_API_ROOT = 'https://cloud.airbyte.com/api/v1';

/**
 * The hosted platform's web application, the root of `workspaceUrl` and the other web links.
 *
 * @example
 * ```ts
 * `${CLOUD_WEB_ROOT}/workspaces/${workspaceId}`;
 * ```
 */
export const CLOUD_WEB_ROOT = 'https://cloud.airbyte.com';

/**
 * The environment variables the `fromEnv()` factories read.
 *
 * @example
 * ```ts
 * process.env[CLOUD_ENV.bearerToken]; // PLATFORM_CLOUD_BEARER_TOKEN
 * ```
 */
export const CLOUD_ENV = Object.freeze({
  clientId: 'PLATFORM_CLOUD_CLIENT_ID',
  clientSecret: 'PLATFORM_CLOUD_CLIENT_SECRET',
  bearerToken: 'PLATFORM_CLOUD_BEARER_TOKEN',
  apiRoot: 'PLATFORM_CLOUD_API_URL',
  configApiRoot: 'PLATFORM_CLOUD_CONFIG_API_URL',
  workspaceId: 'PLATFORM_CLOUD_WORKSPACE_ID',
} as const);

/**
 * Default `waitTimeout` of `waitForCompletion`, in seconds.
 *
 * @example
 * ```ts
 * await result.waitForCompletion({ waitTimeout: DEFAULT_SYNC_TIMEOUT_SECONDS * 2 });
 * ```
 */
export const DEFAULT_SYNC_TIMEOUT_SECONDS = 1800;

/**
 * Default `waitTimeout` of `runSync`, in seconds (shorter than `waitForCompletion`'s, as in the
 * original).
 *
 * @example
 * ```ts
 * await connection.runSync({ waitTimeout: RUN_SYNC_TIMEOUT_SECONDS });
 * ```
 */
export const RUN_SYNC_TIMEOUT_SECONDS = 300;
