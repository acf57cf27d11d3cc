import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AsanaAttachmentRow } from './dataset-rows';

const ALGORITHM = 'AWS4-HMAC-SHA256';

function amzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function parseAmzDate(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (match === null) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Why a signed download URL was refused, in S3's vocabulary. */
export interface DownloadRejection {
  status: 403;
  code: 'AccessDenied' | 'SignatureDoesNotMatch';
  message: string;
}

/**
 * Presigns and checks `download_url`s in the shape of S3 SigV4 query signing (`X-Amz-Date`,
 * `X-Amz-Expires`, `X-Amz-Signature`, …) with an HMAC over path and parameters. URLs expire by
 * the simulator clock, like the two-minute URLs Asana hands out.
 *
 * @example
 * ```ts
 * const url = signer.sign(attachment, clock.now());
 * signer.verify(new URL(url), clock.now()); // { ok: true, attachmentGid }
 * ```
 */
export class DownloadSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly origin: string,
    /** Validity of a URL in seconds. */
    public ttlSeconds: number,
  ) {}

  sign(attachment: AsanaAttachmentRow, now: number): string {
    const digest = createHash('sha256').update(attachment.gid).digest('hex').slice(0, 32);
    const path = `/assets/${attachment.workspaceGid}/${attachment.gid}/${digest}`;
    const date = amzDate(now);
    const query = new URLSearchParams({
      'X-Amz-Algorithm': ALGORITHM,
      'X-Amz-Credential': `SIMULATOR/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'X-Amz-Date': date,
      'X-Amz-Expires': String(this.ttlSeconds),
      'X-Amz-SignedHeaders': 'host',
    });
    query.set('X-Amz-Signature', this.signature(path, query));
    return `${this.origin}${path}?${query.toString()}`;
  }

  verify(
    url: URL,
    now: number,
  ): { ok: true; attachmentGid: string } | { ok: false; rejection: DownloadRejection } {
    const parts = /^\/assets\/\d+\/(\d+)\/[0-9a-f]+$/.exec(url.pathname);
    const given = Buffer.from(url.searchParams.get('X-Amz-Signature') ?? '');
    const expected = Buffer.from(this.signature(url.pathname, url.searchParams));
    const signatureOk =
      parts !== null && given.length === expected.length && timingSafeEqual(given, expected);
    if (!signatureOk || parts?.[1] === undefined) {
      return {
        ok: false,
        rejection: {
          status: 403,
          code: 'SignatureDoesNotMatch',
          message: 'The request signature we calculated does not match the signature you provided.',
        },
      };
    }
    const signedAt = parseAmzDate(url.searchParams.get('X-Amz-Date') ?? '');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (signedAt === undefined || !Number.isFinite(expires) || now >= signedAt + expires * 1000) {
      return { ok: false, rejection: { status: 403, code: 'AccessDenied', message: 'Request has expired' } };
    }
    return { ok: true, attachmentGid: parts[1] };
  }

  private signature(path: string, query: URLSearchParams): string {
    const fields = [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
    ];
    const canonical = ['GET', path, ...fields.map((field) => `${field}=${query.get(field) ?? ''}`)].join(
      '\n',
    );
    return createHmac('sha256', this.secret).update(canonical).digest('hex');
  }
}
