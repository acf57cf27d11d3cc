import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DownloadResult } from '@conduit/protocol';
import type { Output } from '../../output/output';

/** What a download wrote. */
export interface DownloadSummary {
  readonly file: string | null;
  readonly bytes: number;
  readonly content_type: string;
  readonly filename: string | null;
  readonly status: number;
  readonly content_range: string | null;
}

function summary(result: DownloadResult, file: string | null, bytes: number): DownloadSummary {
  return {
    file,
    bytes,
    content_type: result.contentType,
    filename: result.filename ?? null,
    status: result.status,
    content_range: result.contentRange ?? null,
  };
}

/**
 * Writes a download to a file: into `FILE.part` first, renamed once complete, so an interrupted
 * download never leaves a file that looks whole. Prints what was written (JSON with `--json`).
 *
 * @example
 * ```ts
 * await saveDownloadToFile(result, 'report.pdf', output, signal);
 * ```
 */
export async function saveDownloadToFile(
  result: DownloadResult,
  path: string,
  output: Output,
  signal: AbortSignal,
): Promise<DownloadSummary> {
  const partial = `${path}.part`;
  let bytes = 0;
  async function* counted(source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  }
  try {
    await pipeline(counted(result), createWriteStream(partial), { signal });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const written = summary(result, path, bytes);
  if (output.json) await output.printJson(written);
  else
    output.note(
      `wrote ${bytes} bytes to ${path}${result.filename ? ` (${result.filename}, ${result.contentType})` : ''}`,
    );
  return written;
}

/**
 * Writes a download's bytes to stdout, as they arrive and without any other output there.
 *
 * @example
 * ```ts
 * await writeDownloadToStdout(result, output);
 * ```
 */
export async function writeDownloadToStdout(
  result: DownloadResult,
  output: Output,
): Promise<DownloadSummary> {
  let bytes = 0;
  for await (const chunk of result) {
    if (output.closed) break;
    bytes += chunk.byteLength;
    await output.write(chunk);
  }
  output.debugLog(`wrote ${bytes} bytes to stdout`);
  return summary(result, null, bytes);
}
