import { createHmac, randomBytes } from 'node:crypto';
import { AuthenticationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../test-support/test-app';
import { TokenSigner } from './token-signer';

describe('TokenSigner', () => {
  const secret = randomBytes(32);

  it('issues compact HS256 JWTs carrying kind, application, user and exp', () => {
    const clock = manualClock(Date.parse('2026-03-01T00:00:00Z'));
    const signer = new TokenSigner(secret, clock);
    const token = signer.issue({ kind: 'scoped', applicationId: 'app-1', externalUserId: 'u-1' }, 1200);
    const [header, payload] = token.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Date.parse('2026-03-01T00:00:00Z') / 1000;
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      kind: 'scoped',
      app: 'app-1',
      sub: 'u-1',
      iat,
      exp: iat + 1200,
    });
    expect(signer.verify(token)).toEqual({
      kind: 'scoped',
      applicationId: 'app-1',
      externalUserId: 'u-1',
      issuedAt: iat,
      expiresAt: iat + 1200,
    });
  });

  it('expires exactly at exp', () => {
    const clock = manualClock();
    const signer = new TokenSigner(secret, clock);
    const token = signer.issue({ kind: 'application', applicationId: 'a' }, 900);
    clock.advance(899_999);
    expect(signer.verify(token).kind).toBe('application');
    clock.advance(1);
    expect(() => signer.verify(token)).toThrow(
      expect.objectContaining({ status: 401, code: 'token_expired' }),
    );
  });

  it('refuses other secrets, altered parts, missing claims and oversized input', () => {
    const clock = manualClock();
    const signer = new TokenSigner(secret, clock);
    const other = new TokenSigner(randomBytes(32), clock);
    const token = signer.issue({ kind: 'application', applicationId: 'a' }, 900);
    const [header, , signature] = token.split('.') as [string, string, string];
    const unsignedClaims = Buffer.from(
      JSON.stringify({ kind: 'scoped', app: 'a', iat: 0, exp: 9e9 }),
    ).toString('base64url');
    for (const bad of [
      other.issue({ kind: 'application', applicationId: 'a' }, 900),
      `${header}.${unsignedClaims}.${signature}`,
      `${token}.extra`,
      token.replace(/\.[^.]+$/, '.'),
      'a'.repeat(5000),
      '',
    ]) {
      expect(() => signer.verify(bad)).toThrow(AuthenticationError);
    }
    // A well-signed payload without the scoped user is still refused.
    const forged = `${header}.${unsignedClaims}`;
    const resigned = `${forged}.${createHmac('sha256', secret).update(forged).digest('base64url')}`;
    expect(() => signer.verify(resigned)).toThrow(expect.objectContaining({ code: 'invalid_token' }));
  });

  it('remembers a verified token without ever accepting an altered one, and still expires it', () => {
    const clock = manualClock();
    const signer = new TokenSigner(secret, clock);
    const token = signer.issue({ kind: 'scoped', applicationId: 'a', externalUserId: 'u' }, 900);
    const first = signer.verify(token);
    expect(signer.verify(token)).toBe(first);
    // A character inside the signature (the last one partly encodes padding bits).
    const altered = token.at(-5) === 'A' ? 'B' : 'A';
    expect(() => signer.verify(`${token.slice(0, -5)}${altered}${token.slice(-4)}`)).toThrow(
      expect.objectContaining({ code: 'invalid_token' }),
    );
    // Another signer (another secret) does not share what this one remembers.
    expect(() => new TokenSigner(randomBytes(32), clock).verify(token)).toThrow(AuthenticationError);
    clock.advance(900_000);
    expect(() => signer.verify(token)).toThrow(expect.objectContaining({ code: 'token_expired' }));
    expect(() => signer.verify(token)).toThrow(expect.objectContaining({ code: 'token_expired' }));
  });

  it('needs a secret of at least 32 bytes', () => {
    expect(() => new TokenSigner(randomBytes(16), manualClock())).toThrow(/at least 32 bytes/);
  });
});
