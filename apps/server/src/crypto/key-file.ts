import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeKey, type EncryptionKey, keyFingerprint } from './keyring';

/** The file, inside the data directory, that holds the generated key of the embedded store. */
export const KEY_FILE_NAME = 'encryption.key';

/**
 * Loads the embedded store's generated encryption key, creating it (32 random bytes, base64, file
 * mode 0600) when it does not exist yet. Its id is its fingerprint, so it can later be listed in
 * `CONDUIT_ENCRYPTION_KEYS` as a bare key.
 *
 * @example
 * ```ts
 * const { key, created } = await loadOrCreateKeyFile('./.conduit');
 * ```
 */
export async function loadOrCreateKeyFile(
  dataDir: string,
): Promise<{ key: EncryptionKey; created: boolean; path: string }> {
  const path = join(dataDir, KEY_FILE_NAME);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    // `wx` fails when the file exists, so two processes starting together cannot both write a key.
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(`${randomBytes(32).toString('base64')}\n`, 'utf8');
    } finally {
      await handle.close();
    }
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // An existing key file readable by others is tightened rather than trusted as is.
    await chmod(path, 0o600);
  }
  const key = decodeKey(await readFile(path, 'utf8'), path);
  return { key: { id: keyFingerprint(key), key }, created, path };
}
