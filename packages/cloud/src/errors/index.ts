export { mapPlatformHttpError } from './map-platform-http-error';
export { PlatformApiError, type PlatformApiErrorOptions } from './platform-api-error';
export {
  PlatformConnectionSyncError,
  type PlatformConnectionSyncErrorOptions,
} from './platform-connection-sync-error';
export {
  PlatformConnectionSyncTimeoutError,
  type PlatformConnectionSyncTimeoutErrorOptions,
} from './platform-connection-sync-timeout-error';
export {
  PlatformDuplicateResourcesError,
  type PlatformDuplicateResourcesErrorOptions,
} from './platform-duplicate-resources-error';
export { PlatformError, type PlatformErrorOptions } from './platform-error';
export { PlatformInputError } from './platform-input-error';
export {
  PlatformMissingResourceError,
  type PlatformMissingResourceErrorOptions,
} from './platform-missing-resource-error';
export { PlatformSafeModeError, type PlatformSafeModeErrorOptions } from './platform-safe-mode-error';
export {
  PlatformSecretNotFoundError,
  type PlatformSecretNotFoundErrorOptions,
} from './platform-secret-not-found-error';
export { PlatformValueError, type PlatformValueErrorOptions } from './platform-value-error';
export {
  PlatformWorkspaceMismatchError,
  type PlatformWorkspaceMismatchErrorOptions,
} from './platform-workspace-mismatch-error';
