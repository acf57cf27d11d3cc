import type { DownloadResult } from '@conduit/protocol';
import type { Transport } from '@conduit/transport';

/**
 * What to stream: a `path` under the API root (sent with the connector's credentials) or an
 * absolute `url` elsewhere (a signed link: sent without them), and an optional `Range`.
 *
 * @example
 * ```ts
 * const target: DownloadTarget = { url: signedUrl, range: 'bytes=0-99', filename: 'a.pdf' };
 * ```
 */
export interface DownloadTarget {
  readonly path?: string;
  readonly url?: string;
  readonly range?: string | undefined;
  readonly filename?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed extended name: fall back to the plain one.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

/**
 * Streams a download through the transport (retries and limiter apply until the headers arrive),
 * read once in constant memory.
 *
 * @example
 * ```ts
 * const file = await streamDownload(transport, { path: '/files/1/content' });
 * for await (const chunk of file) sink.write(chunk);
 * ```
 */
export async function streamDownload(transport: Transport, target: DownloadTarget): Promise<DownloadResult> {
  const response = await transport.stream({
    ...(target.url === undefined ? { path: target.path ?? '/' } : { url: target.url, auth: false }),
    ...(target.range ? { headers: { range: target.range } } : {}),
    ...(target.signal ? { signal: target.signal } : {}),
  });
  return {
    status: response.status === 206 ? 206 : 200,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    contentLength: response.contentLength,
    contentRange: response.headers.get('content-range') ?? undefined,
    filename: target.filename ?? filenameOf(response.headers.get('content-disposition')),
    [Symbol.asyncIterator]: () => response.body[Symbol.asyncIterator](),
    stream: () => response.toReadableStream(),
  };
}
