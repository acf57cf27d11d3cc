import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, stat } from 'node:fs/promises';
import { RANGE_NOT_SATISFIABLE } from '@conduit/connector-kit';
import { ConduitError, type DownloadResult } from '@conduit/protocol';
import { CliError } from '../../framework/cli-error';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import type { Output } from '../../output/output';

/** What {@link downloadToFile} needs. */
export interface FileDownloadOptions {
  /** The file to write. The bytes go to `<target>.part` first, renamed once complete and checked. */
  readonly target: string;
  /** Continue a partial file (`<target>.part`, else `<target>` itself) with a byte range. */
  readonly resume: boolean;
  /** The size the upstream reports for the file, when it does. */
  readonly expectedSize: number | undefined;
  /** What the progress bar calls the file. */
  readonly label: string;
  /** Starts the download, from byte `from` when given (`range_header: bytes=<from>-`). */
  readonly fetch: (from: number | undefined) => Promise<DownloadResult>;
  readonly output: Output;
  readonly signal: AbortSignal;
}

/** What a download produced. */
export interface FileDownloadReport {
  readonly file: string;
  /** Size of the file now. */
  readonly bytes: number;
  /** Bytes received by this run. */
  readonly received: number;
  /** Bytes already on disk that this run continued from (0 when it started afresh). */
  readonly resumed_from: number;
  /** The size the upstream announced (attachment `size`, `Content-Range` or `Content-Length`). */
  readonly expected_bytes: number | null;
  /** SHA-256 of the whole file, hex. */
  readonly sha256: string;
  readonly content_type: string | null;
  readonly filename: string | null;
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${path} exists and is not a file`, { code: 'not_a_file' });
    return info.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * `Content-Range: bytes START-END/TOTAL` (TOTAL may be `*`) as numbers.
 *
 * @example
 * ```ts
 * parseContentRange('bytes 100-199/1000'); // { start: 100, end: 199, total: 1000 }
 * ```
 */
export function parseContentRange(
  header: string | undefined,
): { start: number; end: number; total: number | undefined } | undefined {
  const match = header === undefined ? null : /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec(header.trim());
  if (!match) return undefined;
  return {
    start: Number(match[1]),
    end: Number(match[2]),
    total: match[3] === '*' ? undefined : Number(match[3]),
  };
}

/**
 * SHA-256 of a file, hex.
 *
 * @example
 * ```ts
 * await sha256File('report.pdf'); // 'e3b0c442…'
 * ```
 */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A range that starts past the end: the upstream's bare 416, or the connector's `ValidationError`
 * naming its range param (connector-kit's `unsatisfiableRange`), in local and hosted mode alike.
 */
function rangeNotSatisfiable(error: unknown): boolean {
  return ConduitError.isInstance(error) && (error.status === 416 || error.code === RANGE_NOT_SATISFIABLE);
}

/**
 * Downloads to a file through `<target>.part`, renamed once the size is checked, so a file that
 * looks whole is whole. With `resume`, an existing `<target>.part` (or, failing that, a `<target>`
 * cut short) is continued from its size with a byte range; a server that ignores the range sends
 * the whole file, which is then written afresh. A run that fails or is interrupted keeps what it
 * received, and says how to resume. The final size is checked against what the upstream
 * announced; a short file is an upstream failure (exit 7) that `--resume` can finish.
 *
 * @example
 * ```ts
 * const report = await downloadToFile({ target: 'a.pdf', resume: true, expectedSize: 27_232, label: 'a.pdf', fetch, output, signal });
 * ```
 */
export async function downloadToFile(options: FileDownloadOptions): Promise<FileDownloadReport> {
  const { target, output } = options;
  const partial = `${target}.part`;
  let path = partial;
  let offset = 0;
  if (options.resume) {
    const partSize = await sizeOf(partial);
    const targetSize = partSize === undefined ? await sizeOf(target) : undefined;
    if (partSize !== undefined) offset = partSize;
    else if (targetSize !== undefined) {
      path = target;
      offset = targetSize;
    }
  }
  const expected = options.expectedSize;
  if (expected !== undefined && offset > expected) {
    throw new UsageError(
      `${path} holds ${offset} bytes, more than the ${expected} of the file: it is not a partial copy of it`,
      { code: 'not_a_partial_copy', hint: 'remove it, or download again without --resume' },
    );
  }

  let result: DownloadResult | undefined;
  let received = 0;
  let announced = expected;
  if (!(offset > 0 && expected !== undefined && offset === expected)) {
    try {
      result = await options.fetch(offset > 0 ? offset : undefined);
    } catch (error) {
      // Asked for the bytes after the end: what is on disk is the whole file.
      if (!(offset > 0 && rangeNotSatisfiable(error))) throw error;
      output.debugLog(`the range from byte ${offset} is past the end: ${path} is complete`);
    }
  }
  if (result) {
    const range = parseContentRange(result.contentRange);
    if (offset > 0 && result.status !== 206) {
      output.note(`the server sent the whole file instead of the rest: downloading ${options.label} again`);
      offset = 0;
    } else if (offset > 0 && range && range.start !== offset) {
      throw new CliError(`asked for the bytes from ${offset}, the server sent them from ${range.start}`, {
        code: 'range_mismatch',
        exitCode: EXIT_CODES.upstream,
      });
    }
    announced ??=
      range?.total ?? (result.contentLength === undefined ? undefined : offset + result.contentLength);
    const progress = output.transferProgress({ label: options.label, total: announced, initial: offset });
    // Chunk by chunk to the file, each write awaited: whatever arrived before a failure or Ctrl-C
    // is on disk, whole, for --resume to continue from.
    const file = await open(path, offset > 0 ? 'a' : 'w', 0o644);
    try {
      for await (const chunk of result) {
        options.signal.throwIfAborted();
        await file.write(chunk);
        received += chunk.byteLength;
        progress.advance(chunk.byteLength);
      }
      options.signal.throwIfAborted();
    } catch (error) {
      progress.stop();
      await file.close();
      const kept = (await sizeOf(path).catch(() => undefined)) ?? 0;
      if (kept > 0) {
        output.note(
          `kept the ${kept} bytes received in ${path}; run the command again with --resume to continue`,
        );
      }
      throw error;
    }
    await file.close();
    progress.stop();
  }

  const size = (await sizeOf(path)) ?? 0;
  if (announced !== undefined && size !== announced) {
    const short = size < announced;
    throw new CliError(
      short
        ? `the download stopped at ${size} of ${announced} bytes`
        : `${path} holds ${size} bytes, but the file has ${announced}`,
      {
        code: short ? 'incomplete_download' : 'size_mismatch',
        exitCode: EXIT_CODES.upstream,
        hint: short
          ? `${path} keeps what arrived: run the command again with --resume`
          : `remove ${path} and download again`,
      },
    );
  }
  if (path !== target) await rename(path, target);
  return {
    file: target,
    bytes: size,
    received,
    resumed_from: offset,
    expected_bytes: announced ?? null,
    sha256: await sha256File(target),
    content_type: result?.contentType ?? null,
    filename: result?.filename ?? null,
  };
}
