import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformDuplicateResourcesError}.
 *
 * @example
 * ```ts
 * new PlatformDuplicateResourcesError('…', { resourceType: 'source', resourceName: 'faker', existingIds: [id] });
 * ```
 */
export interface PlatformDuplicateResourcesErrorOptions extends PlatformErrorOptions {
  /** `source`, `destination` or `custom_source_definition`. */
  resourceType: string;
  resourceName: string;
  /** The ids of the resources that already carry the name. */
  existingIds: string[];
}

/**
 * A deploy or publish with `unique: true` found the name already taken in the workspace (exact,
 * case-sensitive match). Nothing was created. Pass `randomNameSuffix: true` or another name.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformDuplicateResourcesError) return workspace.getSource(error.existingIds[0]!);
 * }
 * ```
 */
export class PlatformDuplicateResourcesError extends PlatformError {
  override readonly name: string = 'PlatformDuplicateResourcesError';
  readonly resourceType: string;
  readonly resourceName: string;
  readonly existingIds: readonly string[];

  constructor(message: string, options: PlatformDuplicateResourcesErrorOptions) {
    super(message, { code: 'duplicate_resource', ...options });
    this.resourceType = options.resourceType;
    this.resourceName = options.resourceName;
    this.existingIds = [...options.existingIds];
  }
}
