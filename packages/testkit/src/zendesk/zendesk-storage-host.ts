import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { attachmentContentChunks, contentTypeForName } from '../core/attachment-content';
import { sendObjectStorageError } from '../core/object-storage-error';
import { sendAttachmentContent } from '../core/send-attachment-content';
import type { ZendeskDataset } from './zendesk-dataset';
import type { ZendeskFaultQueue } from './zendesk-fault-queue';
import type { ZendeskRequestLog } from './zendesk-request-log';
import type { ZendeskAttachmentRow } from './zendesk-rows';

/** Signs and checks the short-lived storage URLs the `content_url` redirect points at. */
export class StorageSigner {
  constructor(
    private readonly secret: Buffer,
    readonly origin: string,
    public ttlSeconds: number,
  ) {}

  sign(attachment: ZendeskAttachmentRow, now: number): string {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const path = `/files/${attachment.id}/${encodeURIComponent(attachment.fileName)}`;
    return `${this.origin}${path}?expires=${expires}&signature=${this.signature(path, expires)}`;
  }

  verify(
    url: URL,
    now: number,
  ): { ok: true; attachmentId: number } | { ok: false; status: number; code: string; message: string } {
    const match = /^\/files\/(\d+)\/[^/]+$/.exec(url.pathname);
    const expires = Number(url.searchParams.get('expires'));
    const given = Buffer.from(url.searchParams.get('signature') ?? '');
    const expected = Buffer.from(this.signature(url.pathname, expires));
    if (match === null || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return {
        ok: false,
        status: 403,
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      };
    }
    if (Math.floor(now / 1000) >= expires)
      return { ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' };
    return { ok: true, attachmentId: Number(match[1]) };
  }

  private signature(path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}`).digest('hex');
  }
}

/**
 * The storage host (a second port): serves attachment bytes at signed, expiring URLs, refuses any
 * request that carries an `Authorization` header (as object storage does when a client leaks its
 * Zendesk credentials across the redirect), and answers byte ranges with 206/416. Bytes are
 * generated per chunk, so any size streams in constant memory.
 *
 * @example
 * ```ts
 * storageServer.on('request', createStorageHandler({ data, signer, log, faults, now }));
 * ```
 */
export function createStorageHandler(deps: {
  data: ZendeskDataset;
  signer: StorageSigner;
  log: ZendeskRequestLog;
  faults: ZendeskFaultQueue;
  now(): number;
}): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', deps.signer.origin);
    deps.log.recordExchange('storage', req, res, url, deps.now());
    const run = async (): Promise<void> => {
      const fault = deps.faults.take(url.pathname);
      if (fault?.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      if (req.headers.authorization !== undefined) {
        await sendObjectStorageError(
          req,
          res,
          400,
          'InvalidArgument',
          'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
        );
        return;
      }
      const verdict = deps.signer.verify(url, deps.now());
      if (!verdict.ok) {
        await sendObjectStorageError(req, res, verdict.status, verdict.code, verdict.message);
        return;
      }
      const attachment = deps.data.attachmentById.get(verdict.attachmentId);
      if (attachment === undefined) {
        await sendObjectStorageError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.');
        return;
      }
      const size = attachment.size;
      const key = String(attachment.id);
      const common = {
        'accept-ranges': 'bytes',
        'content-type': contentTypeForName(attachment.fileName),
        'content-disposition': `attachment; filename="${attachment.fileName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', "'")}"`,
      };
      await sendAttachmentContent(req, res, { key, name: attachment.fileName, size }, common);
    };
    run().catch(() => res.destroy());
  };
}

/**
 * The bytes `[start, end)` of a simulated attachment, to compare a download against.
 *
 * @example
 * ```ts
 * expect(downloaded.equals(zendeskAttachmentBytes(attachment, 0, attachment.size))).toBe(true);
 * ```
 */
export function zendeskAttachmentBytes(
  attachment: Pick<ZendeskAttachmentRow, 'id' | 'fileName'>,
  start: number,
  end: number,
): Buffer {
  return Buffer.concat([...attachmentContentChunks(String(attachment.id), attachment.fileName, start, end)]);
}
