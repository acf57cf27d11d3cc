import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformWorkspaceMismatchError}.
 *
 * @example
 * ```ts
 * new PlatformWorkspaceMismatchError('…', { resourceType: 'connection', resourceId, expectedWorkspaceId, actualWorkspaceId });
 * ```
 */
export interface PlatformWorkspaceMismatchErrorOptions extends PlatformErrorOptions {
  resourceType: string;
  resourceId: string;
  expectedWorkspaceId: string;
  actualWorkspaceId: string;
}

/**
 * A resource fetched through a workspace belongs to another workspace (raised by
 * `CloudConnection.checkIsValid()` and by every lazy read of a connection's details).
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformWorkspaceMismatchError) console.log(error.actualWorkspaceId);
 * }
 * ```
 */
export class PlatformWorkspaceMismatchError extends PlatformError {
  override readonly name: string = 'PlatformWorkspaceMismatchError';
  readonly resourceType: string;
  readonly resourceId: string;
  readonly expectedWorkspaceId: string;
  readonly actualWorkspaceId: string;

  constructor(message: string, options: PlatformWorkspaceMismatchErrorOptions) {
    super(message, { code: 'workspace_mismatch', ...options });
    this.resourceType = options.resourceType;
    this.resourceId = options.resourceId;
    this.expectedWorkspaceId = options.expectedWorkspaceId;
    this.actualWorkspaceId = options.actualWorkspaceId;
  }
}
