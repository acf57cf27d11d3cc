import { PlatformSafeModeError } from '../errors/platform-safe-mode-error';

/**
 * True when safe mode allows deleting an item of this name: it contains `delete-me` or
 * `deleteme`, in any case.
 *
 * @example
 * ```ts
 * isSafeNameToDelete('tmp source (Delete-Me)'); // true
 * isSafeNameToDelete('production'); // false
 * ```
 */
export function isSafeNameToDelete(name: string | undefined | null): boolean {
  if (!name) return false;
  const lower = name.toLowerCase();
  return lower.includes('delete-me') || lower.includes('deleteme');
}

/** An item a delete is about to remove. */
export interface DeletionTarget {
  resourceType: string;
  resourceId: string;
  resourceName: string | undefined;
}

/**
 * Refuses, with a {@link PlatformSafeModeError} naming the first offender, when any of the items
 * lacks a safe name. Called with every item of a delete (cascades included) before the first
 * DELETE, so a refusal deletes nothing.
 *
 * @example
 * ```ts
 * assertSafeToDelete([{ resourceType: 'source', resourceId: id, resourceName: 'prod' }], workspace);
 * ```
 */
export function assertSafeToDelete(
  targets: readonly DeletionTarget[],
  where: { workspaceId: string; workspaceUrl: string },
): void {
  for (const target of targets) {
    if (isSafeNameToDelete(target.resourceName)) continue;
    const name = target.resourceName ?? '';
    throw new PlatformSafeModeError(
      `Safe mode refused to delete ${target.resourceType} "${name}" (${target.resourceId}): its name contains neither "delete-me" nor "deleteme". Nothing was deleted.`,
      {
        resourceType: target.resourceType,
        resourceId: target.resourceId,
        resourceName: name,
        field: 'safeMode',
        workspaceId: where.workspaceId,
        workspaceUrl: where.workspaceUrl,
        guidance: `Rename the ${target.resourceType} to include "delete-me", or pass safeMode: false if you are sure.`,
      },
    );
  }
}
