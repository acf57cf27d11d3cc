import { ConduitError, type ConduitErrorOptions } from '@conduit/protocol';

/**
 * Options every platform error accepts, on top of {@link ConduitErrorOptions}.
 *
 * @example
 * ```ts
 * new PlatformError('Organization info is incomplete.', { workspaceId, guidance: 'Check the token permissions.' });
 * ```
 */
export interface PlatformErrorOptions extends ConduitErrorOptions {
  /** The workspace the failed operation ran in, when known. */
  workspaceId?: string;
  /** The workspace's web address, when known, so a person can go and look. */
  workspaceUrl?: string;
  /** What the caller can do about it, in one sentence. */
  guidance?: string;
}

/**
 * The base of every error the cloud workspace client raises on its own behalf (the seed's
 * `PlatformError`). It is a {@link ConduitError}, so `ConduitError.isInstance`, `code`, `status`,
 * `retryable`, the redacted `request` and `details` work as everywhere in Conduit.
 *
 * Network failures and timeouts of the HTTP layer stay `NetworkError` / `TimeoutError` from
 * `@conduit/protocol` (also `ConduitError`s); every HTTP *response* failure of the platform API is
 * a `PlatformError` subclass.
 *
 * @example
 * ```ts
 * try {
 *   await workspace.connect();
 * } catch (error) {
 *   if (error instanceof PlatformError) console.error(error.message, error.workspaceUrl);
 * }
 * ```
 */
export class PlatformError extends ConduitError {
  override readonly name: string = 'PlatformError';
  readonly workspaceId: string | undefined;
  readonly workspaceUrl: string | undefined;
  readonly guidance: string | undefined;

  constructor(message: string, options: PlatformErrorOptions = {}) {
    super(message, { code: 'platform_error', ...options });
    this.workspaceId = options.workspaceId;
    this.workspaceUrl = options.workspaceUrl;
    this.guidance = options.guidance;
  }
}
