import { PlatformInputError } from './platform-input-error';
import type { PlatformValueErrorOptions } from './platform-value-error';

/**
 * Options of {@link PlatformSafeModeError}.
 *
 * @example
 * ```ts
 * new PlatformSafeModeError('…', { resourceType: 'source', resourceId: id, resourceName: 'prod-db' });
 * ```
 */
export interface PlatformSafeModeErrorOptions extends PlatformValueErrorOptions {
  /** `connection`, `source`, `destination` or `custom_source_definition`. */
  resourceType: string;
  resourceId: string;
  resourceName: string;
}

/**
 * A permanent delete was refused by safe mode: the item's name does not contain `delete-me` or
 * `deleteme` (case-insensitive). The check runs before anything is deleted, cascades included, so
 * a refusal leaves everything in place. Rename the item, or pass `safeMode: false` where the
 * operation allows it. A {@link PlatformInputError}, as in the original.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformSafeModeError) console.log(`rename ${error.resourceType} "${error.resourceName}" first`);
 * }
 * ```
 */
export class PlatformSafeModeError extends PlatformInputError {
  override readonly name: string = 'PlatformSafeModeError';
  readonly resourceType: string;
  readonly resourceId: string;
  readonly resourceName: string;

  constructor(message: string, options: PlatformSafeModeErrorOptions) {
    super(message, { code: 'safe_mode_refused', inputValue: options.resourceName, ...options });
    this.resourceType = options.resourceType;
    this.resourceId = options.resourceId;
    this.resourceName = options.resourceName;
  }
}
