import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh private directory for one test file, and its removal.
 *
 * @example
 * ```ts
 * const dir = await makeTempDir('store');
 * await removeTempDir(dir);
 * ```
 */
export function makeTempDir(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `conduit-server-${label}-`));
}

/** Removes a directory made by {@link makeTempDir}. */
export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}
