import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformMissingResourceError}.
 *
 * @example
 * ```ts
 * new PlatformMissingResourceError('connection not found', { resourceType: 'connection', resourceId: id, status: 404 });
 * ```
 */
export interface PlatformMissingResourceErrorOptions extends PlatformErrorOptions {
  /** `connection`, `source`, `destination`, `job`, `custom_source_definition`, `table`, … */
  resourceType?: string;
  /** The id (or, for tables, the qualified name) that was not found. */
  resourceId?: string;
}

/**
 * The resource does not exist, or these credentials cannot see it: every 404 of the platform API,
 * and a missing warehouse table when reading results back.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformMissingResourceError) console.log(`${error.resourceType} ${error.resourceId} is gone`);
 * }
 * ```
 */
export class PlatformMissingResourceError extends PlatformError {
  override readonly name: string = 'PlatformMissingResourceError';
  readonly resourceType: string | undefined;
  readonly resourceId: string | undefined;

  constructor(message: string, options: PlatformMissingResourceErrorOptions = {}) {
    super(message, { code: 'not_found', ...options });
    this.resourceType = options.resourceType;
    this.resourceId = options.resourceId;
  }
}
