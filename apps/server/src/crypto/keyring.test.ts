import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeKey, Keyring, keyFingerprint, parseEncryptionKeys } from './keyring';

describe('encryption keys', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);

  it('parses id:base64 and bare entries, the first one current', () => {
    const keys = parseEncryptionKeys(` 2026-05:${a.toString('base64')} , ${b.toString('base64')} `, 'KEYS');
    expect(keys).toEqual([
      { id: '2026-05', key: a },
      { id: keyFingerprint(b), key: b },
    ]);
    const keyring = new Keyring(keys);
    expect(keyring.current.id).toBe('2026-05');
    expect(keyring.get(keyFingerprint(b))).toEqual(b);
    expect(keyring.ids).toEqual(['2026-05', keyFingerprint(b)]);
  });

  it('accepts base64url spelling of a key', () => {
    expect(decodeKey(a.toString('base64url'), 'K')).toEqual(a);
  });

  it('refuses keys that are not exactly 32 bytes of base64, bad ids and duplicates', () => {
    expect(() => decodeKey(randomBytes(16).toString('base64'), 'CONDUIT_ENCRYPTION_KEY')).toThrow(
      /CONDUIT_ENCRYPTION_KEY must be 32 random bytes/,
    );
    expect(() => decodeKey('not base64 at all!!', 'K')).toThrow(/32 random bytes/);
    expect(() => parseEncryptionKeys(`bad id:${a.toString('base64')}`, 'KEYS')).toThrow(/key id must match/);
    expect(() => parseEncryptionKeys(`x:${a.toString('base64')},x:${b.toString('base64')}`, 'KEYS')).toThrow(
      /names key id "x" twice/,
    );
    expect(() => parseEncryptionKeys(' , ', 'KEYS')).toThrow(/names no key/);
    expect(() => new Keyring([])).toThrow(/at least one key/);
  });

  it('names a key by a stable fingerprint', () => {
    expect(keyFingerprint(Buffer.alloc(32))).toBe('k-66687aadf862bd77');
    expect(keyFingerprint(a)).toBe(keyFingerprint(Buffer.from(a)));
    expect(keyFingerprint(a)).not.toBe(keyFingerprint(b));
  });
});
