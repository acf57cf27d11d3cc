import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, needsRehash, verifyAgainstDecoy, verifySecret } from './secret-hash';

describe('application secret hashing', () => {
  it('hashes with scrypt and a random salt, and verifies only the right secret', async () => {
    const first = await hashSecret('correct horse');
    const second = await hashSecret('correct horse');
    expect(first.params).toBe('scrypt:N=16384,r=8,p=1');
    expect(first.salt).toHaveLength(16);
    expect(first.hash).toHaveLength(32);
    expect(first.salt.equals(second.salt)).toBe(false);
    expect(first.hash.equals(second.hash)).toBe(false);
    expect(await verifySecret('correct horse', first)).toBe(true);
    expect(await verifySecret('correct horse!', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies hashes made with other cost parameters and flags them for rehashing', async () => {
    const current = await hashSecret('s');
    const cheap = {
      hash: scryptSync('s', current.salt, 32, { N: 1024, r: 8, p: 1 }),
      salt: current.salt,
      params: 'scrypt:N=1024,r=8,p=1',
    };
    expect(await verifySecret('s', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('refuses unknown or absurd parameters instead of computing them', async () => {
    const current = await hashSecret('s');
    for (const params of [
      'bcrypt:12',
      'scrypt:N=3,r=8,p=1',
      'scrypt:N=4194304,r=8,p=1',
      'scrypt:N=1024,r=64,p=1',
    ]) {
      expect(await verifySecret('s', { ...current, params })).toBe(false);
    }
  });

  it('spends a verification on unknown clients and says no', async () => {
    expect(await verifyAgainstDecoy('anything')).toBe(false);
  });
});
