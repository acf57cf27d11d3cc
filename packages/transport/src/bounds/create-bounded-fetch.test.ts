import { ResponseLimitError } from '@conduit/protocol';
import { createLiveMemoryProbe, type HostileUpstream, startHostileUpstream } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTransport } from '../create-transport';
import { createBoundedFetch } from './create-bounded-fetch';
import { DEFAULT_RESPONSE_BOUNDS } from './response-bounds';

const MiB = 1024 * 1024;
// What the default bounds let a bomb's read hold at the moment they stop it: decoded bytes up to
// `maxDecodedBytes` (the ratio usually trips first, at 200× the raw bytes read so far, and how far
// the socket ran ahead of the decoder depends on the machine's load) and raw bytes up to
// `maxRawBytes`. An unbounded read of these bombs would hold 1–2 GiB.
const ADMITTED_BYTES =
  (DEFAULT_RESPONSE_BOUNDS.maxDecodedBytes as number) + (DEFAULT_RESPONSE_BOUNDS.maxRawBytes as number);

/** Live memory within what the bounds admit when they stop, and all of it let go of soon after. */
async function expectBoundedAndReleased(probe: ReturnType<typeof createLiveMemoryProbe>): Promise<void> {
  probe.sample();
  expect(probe.peak).toBeLessThan(ADMITTED_BYTES);
  // The read's chunks are dropped as the cancelled streams unwind, within a few milliseconds.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(probe.sample()).toBeLessThan(8 * MiB);
}

async function limitOf(promise: Promise<unknown>): Promise<ResponseLimitError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ResponseLimitError);
    return error as ResponseLimitError;
  }
  throw new Error('no bound was hit');
}

describe('createBoundedFetch', () => {
  let upstream: HostileUpstream;
  beforeEach(async () => {
    upstream = await startHostileUpstream();
  });
  afterEach(async () => {
    await upstream.close();
  });

  it('stops a gzip bomb at the decompression ratio, in bounded memory', async () => {
    upstream.set({ attack: 'gzip-bomb', decodedMiB: 2048 });
    const probe = createLiveMemoryProbe();
    const fetch = createBoundedFetch();
    const error = await limitOf(fetch(upstream.url).then((response) => response.arrayBuffer()));
    expect(error.limit).toBe('decompression_ratio');
    expect(error.message).toContain('decompression ratio');
    await expectBoundedAndReleased(probe);
  });

  it('stops nested encodings (gzip, gzip) the same way', async () => {
    upstream.set({ attack: 'nested-gzip', decodedMiB: 1024 });
    const probe = createLiveMemoryProbe();
    const fetch = createBoundedFetch();
    const error = await limitOf(fetch(upstream.url).then((response) => response.text()));
    expect(['decompression_ratio', 'decoded_bytes']).toContain(error.limit);
    await expectBoundedAndReleased(probe);
  });

  it('stops a 400 MB page at the raw-size bound, without reading the rest', async () => {
    upstream.set({ attack: 'huge-page', pageMiB: 400 });
    const fetch = createBoundedFetch({ bounds: { maxRawBytes: 8 * MiB, maxDecodedBytes: 8 * MiB } });
    const error = await limitOf(fetch(upstream.url).then((response) => response.json()));
    expect(['raw_bytes', 'decoded_bytes']).toContain(error.limit);
    expect(error.max).toBe(8 * MiB);
    // Socket buffers on both sides hold a few MiB at most past the bound.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.bodyBytesSent).toBeLessThan(40 * MiB);
  });

  it('refuses a declared content-length over the raw bound before reading', async () => {
    upstream.set({ attack: 'gzip-bomb', decodedMiB: 1024 });
    const fetch = createBoundedFetch({ bounds: { maxRawBytes: 1024 } });
    expect((await limitOf(fetch(upstream.url))).limit).toBe('raw_bytes');
  });

  it('bounds a download in time and bytes when set', async () => {
    upstream.set({ attack: 'slow-body', dripMs: 20 });
    const slow = createBoundedFetch({ bounds: { maxDurationMs: 150, kind: 'download' } });
    const timed = await limitOf(slow(upstream.url).then((response) => response.arrayBuffer()));
    expect(timed.limit).toBe('download_time');
    expect(timed.max).toBe(150);

    upstream.set({ attack: 'huge-page', pageMiB: 50 });
    const small = createBoundedFetch({ bounds: { maxDecodedBytes: MiB, kind: 'download' } });
    expect((await limitOf(small(upstream.url).then((r) => r.arrayBuffer()))).limit).toBe('download_bytes');
  });

  it('meters each of several concurrent requests against its own bound', async () => {
    upstream.set({ attack: 'huge-page', pageMiB: 2 });
    const fetch = createBoundedFetch({
      bounds: { maxRawBytes: 8 * MiB, maxDecodedBytes: 8 * MiB },
      boundsFor: (url) =>
        url.pathname.endsWith('/limited') ? { maxRawBytes: 256 * 1024, maxDecodedBytes: 8 * MiB } : undefined,
    });
    const [limited, free] = await Promise.allSettled([
      fetch(`${upstream.url}/limited`).then((response) => response.arrayBuffer()),
      fetch(`${upstream.url}/free`).then((response) => response.arrayBuffer()),
    ]);
    expect(limited.status).toBe('rejected');
    const error = (limited as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ResponseLimitError);
    expect(error).toMatchObject({ limit: 'raw_bytes', max: 256 * 1024 });
    expect(free.status).toBe('fulfilled');
    expect((free as PromiseFulfilledResult<ArrayBuffer>).value.byteLength).toBeGreaterThan(MiB);
  });

  it('passes ordinary responses through untouched', async () => {
    upstream.set({ attack: 'ok' });
    const response = await createBoundedFetch()(`${upstream.url}/workspaces`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${upstream.url}/workspaces`);
    expect(await response.json()).toMatchObject({ next_page: null });
  });

  it('surfaces a breach through the transport as a typed, non-retried error', async () => {
    upstream.set({ attack: 'nested-gzip', decodedMiB: 512 });
    const transport = createTransport({
      baseUrl: upstream.url,
      fetch: createBoundedFetch({ bounds: DEFAULT_RESPONSE_BOUNDS }),
      retry: { limit: 3, initialDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await limitOf(transport.json({ path: '/tasks' }));
    expect(error.retryable).toBe(false);
    expect(upstream.requests).toHaveLength(1);
  });
});
