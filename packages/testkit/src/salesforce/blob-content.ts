import { createHash } from 'node:crypto';
import { hashParts, mix32 } from '../core/seeded-random';

const CHUNK = 65_536;

/**
 * The bytes behind a blob field (ContentVersion `VersionData`, Attachment `Body`): given, or
 * generated on demand from a seed so a 50 MB file costs no memory until it is read.
 *
 * @example
 * ```ts
 * const blob = BlobContent.generated(1_000_000, 'seed');
 * for (const chunk of blob.chunks()) res.write(chunk);
 * ```
 */
export class BlobContent {
  private constructor(
    readonly size: number,
    private readonly bytes: Buffer | undefined,
    private readonly seed: number,
  ) {}

  /** Blob of exactly these bytes. */
  static of(bytes: Buffer): BlobContent {
    return new BlobContent(bytes.length, bytes, 0);
  }

  /** Blob of `size` pseudo-random bytes derived from `seed`. */
  static generated(size: number, seed: string): BlobContent {
    return new BlobContent(size, undefined, hashParts(seed));
  }

  /** The bytes in 64 KiB chunks, from `start` to `end` (exclusive). */
  *chunks(start = 0, end = this.size): Generator<Buffer> {
    if (this.bytes !== undefined) {
      for (let at = start; at < end; at += CHUNK) yield this.bytes.subarray(at, Math.min(end, at + CHUNK));
      return;
    }
    for (let at = start; at < end; ) {
      const chunkIndex = Math.floor(at / CHUNK);
      const chunk = this.generatedChunk(chunkIndex);
      const from = at - chunkIndex * CHUNK;
      const to = Math.min(chunk.length, end - chunkIndex * CHUNK);
      yield chunk.subarray(from, to);
      at += to - from;
    }
  }

  /** MD5 hex of the content (ContentVersion `Checksum`). */
  md5(): string {
    const hash = createHash('md5');
    for (const chunk of this.chunks()) hash.update(chunk);
    return hash.digest('hex');
  }

  private generatedChunk(index: number): Buffer {
    const length = Math.min(CHUNK, this.size - index * CHUNK);
    const buffer = Buffer.allocUnsafe(length);
    let state = mix32(this.seed ^ Math.imul(index + 1, 0x9e3779b1));
    let i = 0;
    for (; i + 4 <= length; i += 4) {
      state = mix32(state + 0x6d2b79f5);
      buffer.writeUInt32LE(state, i);
    }
    for (; i < length; i += 1) {
      state = mix32(state + 1);
      buffer[i] = state & 0xff;
    }
    return buffer;
  }
}
