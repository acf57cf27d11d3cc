import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Keyring } from './keyring';
import { DecryptionError, seal, sealJson, unseal, unsealJson } from './sealed-box';

describe('sealed values', () => {
  const keyring = new Keyring([{ id: 'k1', key: randomBytes(32) }]);

  it('round-trips with a fresh nonce each time and the key id beside the ciphertext', () => {
    const first = sealJson(keyring, { token: 'secret' }, 'connector:1:credentials');
    const second = sealJson(keyring, { token: 'secret' }, 'connector:1:credentials');
    expect(first.keyId).toBe('k1');
    expect(first.nonce).toHaveLength(12);
    expect(first.nonce.equals(second.nonce)).toBe(false);
    expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
    expect(first.ciphertext.includes(Buffer.from('secret'))).toBe(false);
    expect(unsealJson(keyring, first, 'connector:1:credentials')).toEqual({ token: 'secret' });
  });

  it('refuses another record, an altered ciphertext or an unknown key', () => {
    const sealed = seal(keyring, Buffer.from('payload'), 'connector:1:credentials');
    expect(() => unseal(keyring, sealed, 'connector:2:credentials')).toThrow(DecryptionError);
    const altered = Buffer.from(sealed.ciphertext);
    altered[0]! ^= 1;
    expect(() => unseal(keyring, { ...sealed, ciphertext: altered }, 'connector:1:credentials')).toThrow(
      /wrong key or altered data/,
    );
    expect(() => unseal(keyring, { ...sealed, keyId: 'gone' }, 'connector:1:credentials')).toThrow(
      /no encryption key with id "gone"/,
    );
    expect(() => unseal(keyring, { ...sealed, nonce: Buffer.alloc(4) }, 'connector:1:credentials')).toThrow(
      /malformed/,
    );
  });

  it('opens values sealed with an older key of the keyring', () => {
    const old = { id: 'old', key: randomBytes(32) };
    const sealed = seal(new Keyring([old]), Buffer.from('x'), 'c');
    const rotated = new Keyring([{ id: 'new', key: randomBytes(32) }, old]);
    expect(unseal(rotated, sealed, 'c').toString()).toBe('x');
    expect(seal(rotated, Buffer.from('x'), 'c').keyId).toBe('new');
  });
});
