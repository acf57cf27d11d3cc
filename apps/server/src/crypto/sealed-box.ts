import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConduitError } from '@conduit/protocol';
import type { SealedValue } from '../store/store';
import type { Keyring } from './keyring';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A sealed value could not be opened: its key is not configured, or the ciphertext (or the record it
 * is bound to) was altered.
 *
 * @example
 * ```ts
 * try {
 *   unseal(keyring, sealed, context);
 * } catch (error) {
 *   if (error instanceof DecryptionError) console.error('add the missing key to CONDUIT_ENCRYPTION_KEYS');
 * }
 * ```
 */
export class DecryptionError extends ConduitError {
  override readonly name: string = 'DecryptionError';
  constructor(message: string) {
    super(message, { code: 'decryption_failed' });
  }
}

/**
 * Encrypts with the keyring's current key (AES-256-GCM, a fresh random 96-bit nonce per value).
 * `context` is authenticated but not stored: it binds the ciphertext to its record (e.g.
 * `connector:<id>:credentials`), so a ciphertext copied into another row does not open.
 *
 * @example
 * ```ts
 * const sealed = seal(keyring, Buffer.from(JSON.stringify(credentials)), `connector:${id}:credentials`);
 * ```
 */
export function seal(keyring: Keyring, plaintext: Uint8Array, context: string): SealedValue {
  const { id, key } = keyring.current;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext, keyId: id, nonce };
}

/**
 * Decrypts a sealed value with whichever configured key sealed it.
 *
 * @throws DecryptionError when the key is not in the keyring or authentication fails
 * @example
 * ```ts
 * const plaintext = unseal(keyring, connector.credentials, `connector:${connector.id}:credentials`);
 * ```
 */
export function unseal(keyring: Keyring, sealed: SealedValue, context: string): Buffer {
  const key = keyring.get(sealed.keyId);
  if (!key) {
    throw new DecryptionError(
      `no encryption key with id "${sealed.keyId}" is configured; add it to CONDUIT_ENCRYPTION_KEYS (configured: ${keyring.ids.join(', ')})`,
    );
  }
  if (sealed.nonce.length !== NONCE_BYTES || sealed.ciphertext.length < TAG_BYTES) {
    throw new DecryptionError('sealed value is malformed');
  }
  const body = sealed.ciphertext.subarray(0, sealed.ciphertext.length - TAG_BYTES);
  const tag = sealed.ciphertext.subarray(sealed.ciphertext.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new DecryptionError(
      `cannot decrypt a value sealed with key "${sealed.keyId}": wrong key or altered data`,
    );
  }
}

/**
 * Seals a JSON value. See {@link seal}.
 *
 * @example
 * ```ts
 * const sealed = sealJson(keyring, { token: 'pat' }, 'connector:1:credentials');
 * ```
 */
export function sealJson(keyring: Keyring, value: unknown, context: string): SealedValue {
  return seal(keyring, Buffer.from(JSON.stringify(value), 'utf8'), context);
}

/**
 * Opens a value sealed by {@link sealJson}.
 *
 * @example
 * ```ts
 * const credentials = unsealJson(keyring, connector.credentials, `connector:${connector.id}:credentials`);
 * ```
 */
export function unsealJson(keyring: Keyring, sealed: SealedValue, context: string): unknown {
  return JSON.parse(unseal(keyring, sealed, context).toString('utf8'));
}

/**
 * The authenticated context of a connector's credentials.
 *
 * @example
 * ```ts
 * credentialsContext('0c9…'); // 'connector:0c9…:credentials'
 * ```
 */
export function credentialsContext(connectorId: string): string {
  return `connector:${connectorId}:credentials`;
}

/**
 * The authenticated context of a sealed setting.
 *
 * @example
 * ```ts
 * settingContext('token_secret'); // 'setting:token_secret'
 * ```
 */
export function settingContext(key: string): string {
  return `setting:${key}`;
}

/**
 * The authenticated context of a connect session's webhook secret.
 *
 * @example
 * ```ts
 * webhookSecretContext('cs_…'); // 'connect-session:cs_…:webhook-secret'
 * ```
 */
export function webhookSecretContext(sessionId: string): string {
  return `connect-session:${sessionId}:webhook-secret`;
}

/**
 * The authenticated context of a pending OAuth authorization's PKCE verifier, by its state's hash.
 *
 * @example
 * ```ts
 * oauthVerifierContext('q1…'); // 'connect-oauth:q1…:verifier'
 * ```
 */
export function oauthVerifierContext(stateHash: string): string {
  return `connect-oauth:${stateHash}:verifier`;
}
