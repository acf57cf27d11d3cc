import { type DownloadResult, definedOptions } from '@conduit/protocol';

/**
 * What a download gave: its metadata, and its bytes when they fit under the cap. Beyond the cap
 * the stream is cancelled at once, so a large file costs at most `cap` bytes of memory.
 *
 * @example
 * ```ts
 * const file: DownloadedFile = { filename: 'a.txt', contentType: 'text/plain', status: 200, size: 5, bytes: new Uint8Array(5) };
 * ```
 */
export interface DownloadedFile {
  readonly filename: string | undefined;
  readonly contentType: string;
  readonly status: 200 | 206;
  readonly contentRange?: string;
  /** Bytes in the response, when known (always when `bytes` is given). */
  readonly size: number | undefined;
  /** The content, or undefined when it is over the cap. */
  readonly bytes: Uint8Array | undefined;
}

/**
 * Reads a download up to `cap` bytes.
 *
 * @example
 * ```ts
 * const file = await readDownload(result, 256 * 1024);
 * if (file.bytes === undefined) console.log('too large to inline');
 * ```
 */
export async function readDownload(download: DownloadResult, cap: number): Promise<DownloadedFile> {
  const meta = {
    filename: download.filename,
    contentType: download.contentType,
    status: download.status,
    ...definedOptions({ contentRange: download.contentRange }),
  };
  const stream = download.stream();
  if (download.contentLength !== undefined && download.contentLength > cap) {
    await stream.cancel().catch(() => {});
    return { ...meta, size: download.contentLength, bytes: undefined };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => {});
        return { ...meta, size: download.contentLength, bytes: undefined };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ...meta, size: total, bytes };
}
