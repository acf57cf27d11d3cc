import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { contentTypeForName } from '../core/attachment-content';
import { type BodyFault, sendBody } from '../core/http-io';
import { sendObjectStorageError } from '../core/object-storage-error';
import { hashParts } from '../core/seeded-random';
import { sendAttachmentContent } from '../core/send-attachment-content';
import { xmlEscape } from '../core/xml-escape';
import type { AsanaDataset } from './asana-dataset';
import type { AsanaAttachmentRow } from './dataset-rows';
import type { DownloadSigner } from './download-signer';
import type { AsanaFaultInjector } from './fault-injector';
import { type AsanaRequestLog, queryRecord } from './request-log';

/** What the download host needs. */
export interface DownloadHostDependencies {
  data: AsanaDataset;
  signer: DownloadSigner;
  faults: AsanaFaultInjector;
  log: AsanaRequestLog;
  now(): number;
  /** Origin of this host, for parsing request URLs. */
  origin: string;
}

const S3_CODES: Readonly<Record<number, string>> = {
  400: 'InvalidRequest',
  403: 'AccessDenied',
  404: 'NoSuchKey',
  405: 'MethodNotAllowed',
  416: 'InvalidRange',
  500: 'InternalError',
  503: 'SlowDown',
};

/** An S3-style XML error with a request id: object storage never answers in Asana's JSON envelope. */
const sendXmlError = (
  ...[req, res, status, code, message, headers]: Parameters<typeof sendObjectStorageError>
): Promise<void> => sendObjectStorageError(req, res, status, code, message, headers, { requestId: true });

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  attachment: AsanaAttachmentRow,
  fault: BodyFault | undefined,
): Promise<void> {
  const size = attachment.size;
  const common = {
    'accept-ranges': 'bytes',
    'content-type': contentTypeForName(attachment.name),
    'content-disposition': contentDisposition(attachment.name),
    etag: `"${hashParts('etag', attachment.gid, size).toString(16)}"`,
    'last-modified': new Date(attachment.createdAt).toUTCString(),
  };
  await sendAttachmentContent(req, res, { key: attachment.gid, name: attachment.name, size }, common, {
    fault,
    requestId: true,
  });
}

/** A 1×1 PNG whose colour derives from the user gid: a real image, a few dozen bytes. */
function profilePhoto(userGid: string): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const colour = hashParts('photo', userGid);
  const pixel = Buffer.from([0, colour & 0xff, (colour >>> 8) & 0xff, (colour >>> 16) & 0xff]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: DownloadHostDependencies,
  fault: BodyFault | undefined,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    await sendXmlError(
      req,
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
    return;
  }
  if (req.headers.authorization !== undefined) {
    // Presigned URLs carry their own credentials; a second mechanism is refused outright.
    await sendXmlError(
      req,
      res,
      400,
      'InvalidArgument',
      'Only one authentication mechanism is allowed: the presigned query string or an Authorization header, not both.',
    );
    return;
  }
  const path = url.pathname;
  if (path.startsWith('/assets/')) {
    const verdict = deps.signer.verify(url, deps.now());
    if (!verdict.ok) {
      await sendXmlError(
        req,
        res,
        verdict.rejection.status,
        verdict.rejection.code,
        verdict.rejection.message,
      );
      return;
    }
    const attachment = deps.data.attachment(verdict.attachmentGid);
    if (attachment === undefined) {
      await sendXmlError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return;
    }
    await serveFile(req, res, attachment, fault);
    return;
  }
  const provider = /^\/providers\/([a-z]+)\/(\d+)\/(.+)$/.exec(path);
  if (provider !== null) {
    const attachment = deps.data.attachment(provider[2] ?? '');
    if (attachment === undefined || attachment.host !== provider[1]) {
      await sendXmlError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return;
    }
    if (provider[3] === 'view') {
      const page = Buffer.from(
        `<!doctype html><html><head><title>${xmlEscape(attachment.name)}</title></head><body><h1>${xmlEscape(
          attachment.name,
        )}</h1><p>Shared from ${attachment.host}.</p></body></html>`,
      );
      await sendBody(
        req,
        res,
        200,
        { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length },
        [page],
      );
      return;
    }
    await serveFile(req, res, attachment, fault);
    return;
  }
  const photo = /^\/profile_photos\/(\d+)\/[0-9x]+\.png$/.exec(path);
  if (photo !== null && deps.data.user(photo[1] ?? '') !== undefined) {
    const image = profilePhoto(photo[1] ?? '');
    await sendBody(
      req,
      res,
      200,
      { 'content-type': 'image/png', 'content-length': image.length },
      [image],
      fault,
    );
    return;
  }
  await sendXmlError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.');
}

/**
 * The second host: serves attachment bytes at presigned, expiring URLs (S3-like: XML errors, 403
 * when expired or tampered with, 400 when an `Authorization` header is sent), honours single byte
 * ranges with 206/416, and streams any size from generated content with flat memory. Also serves
 * the third-party "provider" links and profile photos, so no URL in a record leaves 127.0.0.1.
 *
 * @example
 * ```ts
 * const server = createServer(createDownloadHandler(deps));
 * ```
 */
export function createDownloadHandler(
  deps: DownloadHostDependencies,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', deps.origin);
    const method = req.method ?? 'GET';
    const entry = deps.log.begin({
      at: deps.now(),
      target: 'download',
      method,
      path: url.pathname,
      query: queryRecord(url.searchParams),
      headers: req.headers,
    });
    res.once('close', () => {
      deps.log.finish(entry, res.headersSent ? res.statusCode : undefined, performance.now() - started);
    });
    void (async () => {
      const fault = deps.faults.take('download', method, url.pathname);
      let bodyFault: BodyFault | undefined;
      if (fault !== undefined) {
        entry.fault = fault.kind;
        if (fault.kind === 'status') {
          await sendXmlError(
            req,
            res,
            fault.status,
            S3_CODES[fault.status] ?? 'ServiceError',
            fault.message ?? 'Injected failure',
            {
              ...(fault.retryAfterSeconds === undefined
                ? {}
                : { 'retry-after': String(Math.ceil(fault.retryAfterSeconds)) }),
            },
          );
          return;
        }
        if (fault.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (fault.kind === 'reset' && fault.afterBytes === undefined) {
          req.socket.destroy();
          return;
        }
        if (fault.kind === 'stall' && fault.afterBytes === undefined) return;
        if (fault.kind === 'reset' || fault.kind === 'stall')
          bodyFault = { kind: fault.kind, afterBytes: fault.afterBytes ?? 0 };
      }
      await route(req, res, url, deps, bodyFault);
    })().catch((error: unknown) => {
      entry.error = error instanceof Error ? error.message : String(error);
      if (!res.headersSent)
        void sendXmlError(req, res, 500, 'InternalError', 'We encountered an internal error.');
      else res.destroy();
    });
  };
}
