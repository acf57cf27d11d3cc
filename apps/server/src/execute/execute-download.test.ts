import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { asanaAttachmentContentChunks, createLiveMemoryProbe } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';

describe('execute download streaming', () => {
  let h: ExecuteHarness;
  let id: string;
  let token: string;

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'download');
    ({ id, token } = await h.patConnector('user-1'));
  });

  afterAll(() => h?.close());

  const download = (params: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${h.t.server.url}/api/v1/connectors/sources/${id}/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'attachments', action: 'download', params }),
      ...(signal ? { signal } : {}),
    });

  it('streams a 200 MiB attachment through the server with flat memory', async () => {
    const size = 200 * 1024 * 1024;
    const file = h.sim.addAttachment({ parentGid: h.sim.data.taskGids({})[0]!, name: 'big.bin', size });
    const expected = createHash('sha256');
    // Hashing 200 MiB takes seconds on a loaded machine, and the simulator, the server and this
    // client share one event loop: hashed in one block it held every timer, so the server's 5 s
    // keep-alive timeout fired only after the fetch below had been written on the pooled (idle)
    // connection, and the server closed it under the request (`fetch failed … ECONNRESET`).
    // Yielding between blocks lets the idle connection close while nothing is using it.
    for (const chunk of asanaAttachmentContentChunks(file.gid, file.name, 0, size)) {
      expected.update(chunk);
      await nextTurn();
    }

    const probe = createLiveMemoryProbe();
    let total = 0;
    const actual = createHash('sha256');
    const response = await download({ attachment_gid: file.gid });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="big.bin"');
    for await (const chunk of response.body!) {
      actual.update(chunk);
      total += chunk.byteLength;
      if ((total & 0x1ffffff) < chunk.byteLength) probe.sample();
    }
    expect(total).toBe(size);
    expect(actual.digest('hex')).toBe(expected.digest('hex'));
    // Simulator, server and client share this process; buffering the file anywhere would keep the
    // 192 MiB passed by the last sample alive, while socket buffers in flight are freed lazily.
    expect(probe.peak).toBeLessThan(128 * 1024 * 1024);
  }, 120_000);

  it('names non-ASCII files with filename* and keeps quotes out of the quoted name', async () => {
    const file = h.sim.addAttachment({
      parentGid: h.sim.data.taskGids({})[0]!,
      name: 'Résumé "final" 2026.txt',
      size: 64,
    });
    const response = await download({ attachment_gid: file.gid });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_ 2026.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%202026.txt`,
    );
  });

  it('cancels the upstream transfer when the caller goes away', async () => {
    const file = h.sim.addAttachment({
      parentGid: h.sim.data.taskGids({})[0]!,
      name: 'stalls.bin',
      size: 8 << 20,
    });
    // The upstream sends 256 KiB and then nothing: only a cancellation can end that transfer early.
    h.sim.faults.inject({ kind: 'stall', afterBytes: 256 * 1024 }, { target: 'download' });
    const caller = new AbortController();
    const response = await download({ attachment_gid: file.gid }, caller.signal);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 64 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    const upstream = h.sim.requests.last({ target: 'download' })!;
    expect(upstream.durationMs).toBeUndefined();
    caller.abort();
    const deadline = Date.now() + 5000;
    while (upstream.durationMs === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Far sooner than the transport's 15 s idle timeout would have cut the stalled upstream.
    expect(upstream.durationMs).toBeDefined();
    expect(upstream.durationMs!).toBeLessThan(5000);
  });
});
