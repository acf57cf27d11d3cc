import { ConfigError } from '../config/config-error';
import type { Logger } from '../logging/logger';
import { loadOrCreateKeyFile } from './key-file';
import { type EncryptionKey, Keyring } from './keyring';

/** What the keyring is built from. */
export interface KeyringSource {
  readonly encryptionKeys: readonly EncryptionKey[] | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

/**
 * The keyring the configuration calls for: the configured keys; or, on the embedded store only, a
 * key file generated in the data directory (with a warning, since the key then sits beside the
 * data it protects). With PostgreSQL a configured key is required: several processes must share it
 * and a local file would not be shared.
 *
 * @throws ConfigError when PostgreSQL is used without `CONDUIT_ENCRYPTION_KEY(S)`
 * @example
 * ```ts
 * const keyring = await resolveKeyring(config, logger);
 * ```
 */
export async function resolveKeyring(source: KeyringSource, logger: Logger): Promise<Keyring> {
  if (source.encryptionKeys !== undefined && source.encryptionKeys.length > 0) {
    return new Keyring(source.encryptionKeys);
  }
  if (source.databaseUrl !== undefined) {
    throw new ConfigError(
      'CONDUIT_ENCRYPTION_KEY is required with CONDUIT_DATABASE_URL: set it to 32 random bytes in base64 (e.g. `openssl rand -base64 32`), the same for every server process',
    );
  }
  const { key, created, path } = await loadOrCreateKeyFile(source.dataDir);
  logger.warn(
    created
      ? 'generated an encryption key file; set CONDUIT_ENCRYPTION_KEY to keep the key apart from the data'
      : 'using the encryption key file in the data directory; set CONDUIT_ENCRYPTION_KEY to keep the key apart from the data',
    { path, key_id: key.id },
  );
  return new Keyring([key]);
}
