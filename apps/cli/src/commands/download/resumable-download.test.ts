import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsatisfiableRange } from '@conduit/connector-kit';
import { ApiError, type DownloadResult } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../framework/cli-error';
import { UsageError } from '../../framework/usage-error';
import { Output } from '../../output/output';
import { createTestRuntime } from '../../testing/test-runtime';
import { downloadToFile, parseContentRange } from './resumable-download';

const content = Buffer.from(Array.from({ length: 10_000 }, (_, index) => index % 251));
const sha256 = createHash('sha256').update(content).digest('hex');

interface Server {
  ranges: (number | undefined)[];
  fetch: (from: number | undefined) => Promise<DownloadResult>;
}

function server(options: { ignoreRange?: boolean; cutAt?: number; body?: Buffer } = {}): Server {
  const body = options.body ?? content;
  const ranges: (number | undefined)[] = [];
  return {
    ranges,
    async fetch(from) {
      ranges.push(from);
      if (from !== undefined && from >= body.length && !options.ignoreRange) {
        // What a connector throws for the upstream's 416: a ValidationError naming its range param.
        const answered = new ApiError('HTTP 416', {
          status: 416,
          responseHeaders: { 'content-range': `bytes */${body.length}` },
        });
        throw unsatisfiableRange(answered, 'range_header', `bytes=${from}-`);
      }
      const partial = from !== undefined && !options.ignoreRange;
      const start = partial ? from : 0;
      const bytes = body.subarray(start, options.cutAt ?? body.length);
      return {
        status: partial ? 206 : 200,
        contentType: 'application/octet-stream',
        contentLength: body.length - start,
        contentRange: partial ? `bytes ${start}-${body.length - 1}/${body.length}` : undefined,
        filename: 'file.bin',
        async *[Symbol.asyncIterator]() {
          for (let offset = 0; offset < bytes.length; offset += 4096)
            yield bytes.subarray(offset, offset + 4096);
        },
        stream: () => new Blob([new Uint8Array(bytes)]).stream(),
      };
    },
  };
}

function setup() {
  const test = createTestRuntime();
  const output = new Output(test.runtime, { json: false, debug: false, noColor: true });
  const directory = mkdtempSync(join(tmpdir(), 'conduit-download-test-'));
  return { ...test, output, target: join(directory, 'file.bin') };
}

const signal = new AbortController().signal;

describe('downloadToFile', () => {
  it('writes through FILE.part, checks the size and reports the SHA-256', async () => {
    const { output, target } = setup();
    const upstream = server();
    const report = await downloadToFile({
      target,
      resume: false,
      expectedSize: content.length,
      label: 'f',
      fetch: upstream.fetch,
      output,
      signal,
    });
    expect(readFileSync(target).equals(content)).toBe(true);
    expect(existsSync(`${target}.part`)).toBe(false);
    expect(report).toMatchObject({
      bytes: content.length,
      received: content.length,
      resumed_from: 0,
      expected_bytes: content.length,
      sha256,
    });
    expect(upstream.ranges).toEqual([undefined]);
  });

  it('resumes FILE.part first, else FILE itself, with a byte range', async () => {
    const { output, target } = setup();
    writeFileSync(`${target}.part`, content.subarray(0, 3000));
    const upstream = server();
    const fromPart = await downloadToFile({
      target,
      resume: true,
      expectedSize: undefined,
      label: 'f',
      fetch: upstream.fetch,
      output,
      signal,
    });
    expect(upstream.ranges).toEqual([3000]);
    expect(fromPart).toMatchObject({
      resumed_from: 3000,
      received: 7000,
      expected_bytes: content.length,
      sha256,
    });
    expect(existsSync(`${target}.part`)).toBe(false);

    writeFileSync(target, content.subarray(0, 9999));
    const inPlace = await downloadToFile({
      target,
      resume: true,
      expectedSize: content.length,
      label: 'f',
      fetch: upstream.fetch,
      output,
      signal,
    });
    expect(inPlace).toMatchObject({ resumed_from: 9999, received: 1, sha256 });
    expect(readFileSync(target).equals(content)).toBe(true);
  });

  it('asks nothing for a complete file, and takes a 416 past the end as complete', async () => {
    const { output, target } = setup();
    writeFileSync(target, content);
    const upstream = server();
    const known = await downloadToFile({
      target,
      resume: true,
      expectedSize: content.length,
      label: 'f',
      fetch: upstream.fetch,
      output,
      signal,
    });
    expect(upstream.ranges).toEqual([]);
    expect(known).toMatchObject({ received: 0, resumed_from: content.length, sha256 });
    const unknown = await downloadToFile({
      target,
      resume: true,
      expectedSize: undefined,
      label: 'f',
      fetch: upstream.fetch,
      output,
      signal,
    });
    expect(upstream.ranges).toEqual([content.length]);
    expect(unknown).toMatchObject({ received: 0, sha256 });
  });

  it('starts over when the server ignores the range', async () => {
    const { output, stderr, target } = setup();
    writeFileSync(`${target}.part`, Buffer.from('garbage that is not the start'));
    const report = await downloadToFile({
      target,
      resume: true,
      expectedSize: content.length,
      label: 'f',
      fetch: server({ ignoreRange: true }).fetch,
      output,
      signal,
    });
    expect(report).toMatchObject({ resumed_from: 0, received: content.length, sha256 });
    expect(stderr.text()).toContain('the server sent the whole file instead of the rest');
  });

  it('keeps a short download for --resume and fails with exit 7; refuses a bigger partial file', async () => {
    const { output, target } = setup();
    const short = downloadToFile({
      target,
      resume: false,
      expectedSize: content.length,
      label: 'f',
      fetch: server({ cutAt: 4000 }).fetch,
      output,
      signal,
    });
    await expect(short).rejects.toMatchObject({ code: 'incomplete_download', exitCode: 7 });
    await expect(short).rejects.toBeInstanceOf(CliError);
    expect(readFileSync(`${target}.part`).length).toBe(4000);
    const resumed = await downloadToFile({
      target,
      resume: true,
      expectedSize: content.length,
      label: 'f',
      fetch: server().fetch,
      output,
      signal,
    });
    expect(resumed).toMatchObject({ resumed_from: 4000, sha256 });

    writeFileSync(target, Buffer.alloc(content.length + 1));
    await expect(
      downloadToFile({
        target,
        resume: true,
        expectedSize: content.length,
        label: 'f',
        fetch: server().fetch,
        output,
        signal,
      }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('keeps what arrived when interrupted, and says how to resume', async () => {
    const { output, stderr, target } = setup();
    const controller = new AbortController();
    const upstream = server();
    const slow = async (from: number | undefined): Promise<DownloadResult> => {
      const result = await upstream.fetch(from);
      return {
        ...result,
        async *[Symbol.asyncIterator]() {
          yield content.subarray(0, 2000);
          controller.abort(new DOMException('interrupted', 'AbortError'));
          await new Promise((resolve) => setTimeout(resolve, 10));
          yield content.subarray(2000);
        },
      };
    };
    await expect(
      downloadToFile({
        target,
        resume: false,
        expectedSize: content.length,
        label: 'f',
        fetch: slow,
        output,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(readFileSync(`${target}.part`).length).toBe(2000);
    expect(stderr.text()).toContain('kept the 2000 bytes received');
  });
});

describe('parseContentRange', () => {
  it('reads bytes START-END/TOTAL, TOTAL possibly unknown', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, end: 199, total: 1000 });
    expect(parseContentRange('bytes 0-9/*')).toEqual({ start: 0, end: 9, total: undefined });
    expect(parseContentRange(undefined)).toBeUndefined();
    expect(parseContentRange('items 0-9/10')).toBeUndefined();
  });
});
