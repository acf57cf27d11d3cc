import { hashParts, mix32 } from './seeded-random';

const BLOCK = 64 * 1024;
// Printable bytes for text files, so a downloaded .txt/.csv opens as text in an editor.
const TEXT_ALPHABET = Buffer.from('abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789,.\n');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
  mp4: 'video/mp4',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The Content-Type the download host sends for a file name.
 *
 * @example
 * ```ts
 * contentTypeForName('report.pdf'); // 'application/pdf'
 * ```
 */
export function contentTypeForName(name: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

function isText(name: string): boolean {
  return contentTypeForName(name).startsWith('text/');
}

/** Fills `out` with block `block` of the file keyed `key`: xorshift32 words, little-endian. */
function fillBlock(key: number, block: number, out: Buffer, text: boolean): void {
  let state = mix32(key ^ Math.imul(block + 1, 0x9e3779b1)) || 0x1234567;
  const words = new Uint32Array(out.buffer, out.byteOffset, out.length >>> 2);
  for (let i = 0; i < words.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[i] = state >>> 0;
  }
  if (!text) return;
  for (let i = 0; i < out.length; i += 1) out[i] = TEXT_ALPHABET[(out[i] ?? 0) % TEXT_ALPHABET.length] ?? 32;
}

/**
 * The bytes `[start, end)` of an attachment's content, as chunks of at most 64 KiB generated on
 * demand: any size costs one block of memory, and any range is computable without the rest.
 * Content depends only on the attachment gid and name (text files are printable).
 *
 * @example
 * ```ts
 * for (const chunk of attachmentContentChunks(gid, 'big.bin', 0, 200 * 1024 * 1024)) hash.update(chunk);
 * ```
 */
export function* attachmentContentChunks(
  gid: string,
  name: string,
  start: number,
  end: number,
): Generator<Buffer> {
  const key = hashParts('attachment-content', gid);
  const text = isText(name);
  for (let block = Math.floor(start / BLOCK); block * BLOCK < end; block += 1) {
    const buffer = Buffer.allocUnsafe(BLOCK);
    fillBlock(key, block, buffer, text);
    const from = Math.max(start, block * BLOCK) - block * BLOCK;
    const to = Math.min(end, (block + 1) * BLOCK) - block * BLOCK;
    yield from === 0 && to === BLOCK ? buffer : buffer.subarray(from, to);
  }
}

/**
 * The bytes `[start, end)` of an attachment as one Buffer: what a correct client must have
 * downloaded. For assertions on small files or ranges.
 *
 * @example
 * ```ts
 * expect(downloaded.equals(asanaAttachmentBytes(file.gid, file.name, 0, file.size))).toBe(true);
 * ```
 */
export function asanaAttachmentBytes(gid: string, name: string, start: number, end: number): Buffer {
  return Buffer.concat([...attachmentContentChunks(gid, name, start, end)]);
}
