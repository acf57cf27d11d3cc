import { describe, expect, it } from 'vitest';
import { PlatformSafeModeError } from '../errors/platform-safe-mode-error';
import { assertSafeToDelete, isSafeNameToDelete } from './safe-mode';

describe('safe mode', () => {
  it('allows names with delete-me or deleteme in any case', () => {
    for (const name of ['delete-me', 'tmp (DELETE-ME)', 'DeleteMe source', 'x-deleteme-y']) {
      expect(isSafeNameToDelete(name), name).toBe(true);
    }
    for (const name of ['production', 'delete me', 'delete_me', 'dele-teme', '', undefined, null]) {
      expect(isSafeNameToDelete(name), String(name)).toBe(false);
    }
  });

  it('names the first unsafe item', () => {
    const where = { workspaceId: 'w', workspaceUrl: 'https://web/workspaces/w' };
    expect(() =>
      assertSafeToDelete(
        [
          { resourceType: 'connection', resourceId: 'c', resourceName: 'c (delete-me)' },
          { resourceType: 'source', resourceId: 's', resourceName: 'prod' },
          { resourceType: 'destination', resourceId: 'd', resourceName: 'warehouse' },
        ],
        where,
      ),
    ).toThrow(
      expect.objectContaining({ resourceType: 'source', resourceId: 's', workspaceUrl: where.workspaceUrl }),
    );
    expect(() =>
      assertSafeToDelete([{ resourceType: 'source', resourceId: 's', resourceName: undefined }], where),
    ).toThrow(PlatformSafeModeError);
    expect(() =>
      assertSafeToDelete([{ resourceType: 'source', resourceId: 's', resourceName: 'x deleteme' }], where),
    ).not.toThrow();
  });
});
