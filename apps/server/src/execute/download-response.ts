import type { DownloadResult } from '@conduit/protocol';
import { attachmentDisposition } from './content-disposition';

/**
 * The response of a `download` action: the upstream bytes streamed straight through (the body is
 * pulled from the upstream only as fast as the caller reads it, so memory stays flat whatever the
 * size, and a caller that goes away cancels the upstream transfer), with status 200 or 206, the
 * upstream `Content-Type` (default `application/octet-stream`), `Content-Length` and
 * `Content-Range` when known, and `Content-Disposition: attachment`.
 *
 * @example
 * ```ts
 * const file = (await executor.execute({ entity: 'attachments', action: 'download', params }, { signal })) as DownloadResult;
 * return downloadResponse(file);
 * ```
 */
export function downloadResponse(file: DownloadResult): Response {
  const headers = new Headers({
    'content-type': file.contentType || 'application/octet-stream',
    'content-disposition': attachmentDisposition(file.filename),
    // The bytes are the upstream's, served from the service's origin: never let a browser sniff
    // them into something it renders, nor a shared cache keep a tenant's file.
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  if (file.contentLength !== undefined) headers.set('content-length', String(file.contentLength));
  if (file.contentRange !== undefined) headers.set('content-range', file.contentRange);
  return new Response(file.stream(), { status: file.status, headers });
}
