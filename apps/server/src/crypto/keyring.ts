import { createHash } from 'node:crypto';

/** One AES-256 key and the id stored beside everything it encrypts. */
export interface EncryptionKey {
  readonly id: string;
  readonly key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The id of a key given without one: `k-` and the first 16 hex digits of its SHA-256, so the same
 * key always gets the same id and different keys practically never share one.
 *
 * @example
 * ```ts
 * keyFingerprint(Buffer.alloc(32)); // 'k-66687aadf862bd77'
 * ```
 */
export function keyFingerprint(key: Buffer): string {
  return `k-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/**
 * Decodes one base64 key, insisting on exactly 32 bytes of canonical base64 (so a truncated or
 * mistyped key fails at start, not at the first decryption).
 *
 * @example
 * ```ts
 * decodeKey(randomBytes(32).toString('base64'), 'CONDUIT_ENCRYPTION_KEY');
 * ```
 */
export function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  const canonical = (value: string) => value.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (key.length !== 32 || canonical(key.toString('base64')) !== canonical(trimmed)) {
    throw new Error(`${source} must be 32 random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
}

/**
 * Parses `CONDUIT_ENCRYPTION_KEYS`: comma-separated `id:base64` or bare `base64` entries (a bare key's
 * id is its fingerprint). The first entry is the current key; the others only decrypt.
 *
 * @example
 * ```ts
 * parseEncryptionKeys('2025-06:AAAA…=,2024-01:BBBB…=', 'CONDUIT_ENCRYPTION_KEYS');
 * ```
 */
export function parseEncryptionKeys(value: string, source: string): EncryptionKey[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) throw new Error(`${source} names no key`);
  const keys = entries.map((entry, index): EncryptionKey => {
    const separator = entry.indexOf(':');
    const where = `${source} entry ${index + 1}`;
    if (separator === -1) {
      const key = decodeKey(entry, where);
      return { id: keyFingerprint(key), key };
    }
    const id = entry.slice(0, separator);
    if (!KEY_ID.test(id)) throw new Error(`${where}: key id must match ${KEY_ID} (letters, digits, _ . -)`);
    return { id, key: decodeKey(entry.slice(separator + 1), where) };
  });
  const seen = new Set<string>();
  for (const { id } of keys) {
    if (seen.has(id)) throw new Error(`${source} names key id "${id}" twice`);
    seen.add(id);
  }
  return keys;
}

/**
 * The server's encryption keys: the current one seals, every one opens what it sealed. Rotation is
 * "put a new key first, run `rotate-keys`, then drop the old one".
 *
 * @example
 * ```ts
 * const keyring = new Keyring([{ id: 'new', key: newKey }, { id: 'old', key: oldKey }]);
 * keyring.current.id; // 'new'
 * ```
 */
export class Keyring {
  readonly #keys: ReadonlyMap<string, Buffer>;
  readonly current: EncryptionKey;

  constructor(keys: readonly EncryptionKey[]) {
    const [current] = keys;
    if (!current) throw new Error('a keyring needs at least one key');
    for (const { id, key } of keys) {
      if (key.length !== 32) throw new Error(`encryption key "${id}" is not 32 bytes`);
    }
    this.current = current;
    this.#keys = new Map(keys.map(({ id, key }) => [id, key]));
  }

  /** The key with this id, if the keyring holds it. */
  get(id: string): Buffer | undefined {
    return this.#keys.get(id);
  }

  /** Every key id, the current one first. */
  get ids(): string[] {
    return [...this.#keys.keys()];
  }
}
