import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/** Why an offset was refused; each maps to an `offset:` message. */
export type OffsetRejection = 'malformed' | 'foreign' | 'expired' | 'mismatch';

/**
 * The `offset:` message of each rejection, as the 400 body says it.
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_OFFSET_MESSAGES.expired);
 * ```
 */
export const OFFSET_MESSAGES: Readonly<Record<OffsetRejection, string>> = {
  malformed: 'offset: Not a valid pagination token.',
  foreign: 'offset: Invalid pagination token.',
  expired: 'offset: Your pagination token has expired.',
  mismatch: 'offset: This pagination token was issued for a different query.',
};

const HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');

interface OffsetPayload {
  border_rank: string;
  iat: number;
  exp: number;
  /** Hash of the query the token belongs to (path, filters, limit). */
  qry: string;
}

/**
 * A stable fingerprint of a list query: the path plus every parameter except `offset` and the
 * presentation-only `opt_fields`/`opt_pretty`, order-insensitive. An offset is only valid with the
 * same fingerprint, like Asana's ("only pass in an offset that was returned to you").
 *
 * @example
 * ```ts
 * queryFingerprint('/tasks', new URLSearchParams('project=1&limit=5'));
 * ```
 */
export function queryFingerprint(path: string, query: URLSearchParams): string {
  const pairs = [...query.entries()]
    .filter(([key]) => key !== 'offset' && key !== 'opt_fields' && key !== 'opt_pretty')
    .map(([key, value]) => `${key}=${value}`)
    .sort();
  return createHash('sha256')
    .update(path)
    .update('\n')
    .update(pairs.join('&'))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Issues and checks pagination offsets shaped like Asana's: an HS256 JWT whose payload carries an
 * opaque `border_rank`, `iat` and `exp`, signed with a per-simulator secret (so tokens from
 * another simulator instance are foreign) and bound to the query they came from.
 *
 * @example
 * ```ts
 * const codec = new OffsetCodec(secret, 900);
 * const token = codec.issue(42, fingerprint, Date.now());
 * codec.verify(token, fingerprint, Date.now()); // { ok: true, position: 42 }
 * ```
 */
export class OffsetCodec {
  // A key object made once: handed a raw Buffer, createHmac builds one per call, which cost more
  // than the rest of signing.
  private readonly key: KeyObject;

  constructor(
    secret: Buffer,
    /** Token lifetime in seconds. */
    public ttlSeconds: number,
  ) {
    this.key = createSecretKey(secret);
  }

  issue(position: number, fingerprint: string, nowMs: number): string {
    const iat = Math.floor(nowMs / 1000);
    const payload: OffsetPayload = {
      // The cursor itself is opaque to clients: a versioned, encoded position.
      border_rank: Buffer.from(`v1:${position.toString(36)}`).toString('base64url'),
      iat,
      exp: iat + this.ttlSeconds,
      qry: fingerprint,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${HEADER}.${body}.${this.sign(`${HEADER}.${body}`)}`;
  }

  verify(
    token: string,
    fingerprint: string,
    nowMs: number,
  ): { ok: true; position: number } | { ok: false; reason: OffsetRejection } {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
      return { ok: false, reason: 'malformed' };
    }
    const [header, body, signature] = parts as [string, string, string];
    let payload: Partial<OffsetPayload>;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<OffsetPayload>;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(`${header}.${body}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: 'foreign' };
    }
    if (typeof payload.exp !== 'number' || nowMs >= payload.exp * 1000)
      return { ok: false, reason: 'expired' };
    if (payload.qry !== fingerprint) return { ok: false, reason: 'mismatch' };
    const rank = Buffer.from(String(payload.border_rank), 'base64url').toString('utf8');
    const match = /^v1:([0-9a-z]+)$/.exec(rank);
    if (match?.[1] === undefined) return { ok: false, reason: 'malformed' };
    return { ok: true, position: Number.parseInt(match[1], 36) };
  }

  private sign(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}
