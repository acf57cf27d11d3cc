import { PlatformInputError } from '../errors/platform-input-error';
import { CLOUD_API_ROOT, CLOUD_CONFIG_API_ROOT, CLOUD_ENV, CLOUD_WEB_ROOT } from './cloud-defaults';

const selfManagedPublicSuffix = '/api/public/v1';

/**
 * An API root without its trailing slashes, so paths can be appended with one `/`.
 *
 * @example
 * ```ts
 * trimRoot('https://api.airbyte.com/v1/'); // 'https://api.airbyte.com/v1'
 * ```
 */
export function trimRoot(root: string): string {
  return root.replace(/\/+$/, '');
}

/**
 * The Config API root that goes with a public API root: the explicit one when given; the hosted
 * Config API for the hosted public root; `…/api/v1` for a self-managed `…/api/public/v1`.
 * Anything else cannot be guessed and fails with a {@link PlatformInputError} naming the option
 * and the environment variable to set. Called only when a Config API call is made.
 *
 * @example
 * ```ts
 * resolveConfigApiRoot('https://airbyte.internal/api/public/v1'); // 'https://airbyte.internal/api/v1'
 * ```
 */
export function resolveConfigApiRoot(apiRoot: string, explicit?: string): string {
  if (explicit !== undefined && explicit !== '') return trimRoot(explicit);
  const root = trimRoot(apiRoot);
  if (root === CLOUD_API_ROOT) return CLOUD_CONFIG_API_ROOT;
  if (root.endsWith(selfManagedPublicSuffix)) {
    return `${root.slice(0, -selfManagedPublicSuffix.length)}/api/v1`;
  }
  throw new PlatformInputError(
    `Cannot derive the Config API root from api root ${root}. Pass configApiRoot (or set ${CLOUD_ENV.configApiRoot}).`,
    { field: 'configApiRoot', inputValue: root },
  );
}

/**
 * The web application's root for an API root: the hosted web app for the hosted API; for a
 * self-managed installation the origin (and path prefix) in front of `/api/public/v1` or `/v1`.
 *
 * @example
 * ```ts
 * webRootFor('https://api.airbyte.com/v1'); // 'https://cloud.airbyte.com'
 * webRootFor('https://airbyte.internal/api/public/v1'); // 'https://airbyte.internal'
 * ```
 */
export function webRootFor(apiRoot: string): string {
  const root = trimRoot(apiRoot);
  if (root === CLOUD_API_ROOT) return CLOUD_WEB_ROOT;
  // The original used the API root itself here, which is a broken link for self-managed
  // installations; the web app is served from the same origin, in front of the API paths.
  if (root.endsWith(selfManagedPublicSuffix)) return root.slice(0, -selfManagedPublicSuffix.length);
  if (root.endsWith('/v1')) return root.slice(0, -'/v1'.length);
  return root;
}
