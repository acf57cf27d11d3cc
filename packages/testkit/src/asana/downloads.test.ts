import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asanaAttachmentBytes, attachmentContentChunks } from '../core/attachment-content';
import { parseByteRange } from '../core/byte-range';
import { createLiveMemoryProbe } from '../memory/live-memory-probe';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';
import type { AsanaAttachmentRow } from './dataset-rows';

let sim: AsanaSimulator;
let file: AsanaAttachmentRow;

async function downloadUrl(gid: string): Promise<string> {
  const response = await fetch(`${sim.baseUrl}/attachments/${gid}`, {
    headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
  });
  const body = (await response.json()) as { data: { download_url: string } };
  return body.data.download_url;
}

beforeAll(async () => {
  sim = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 6 },
    clock: 'manual',
    rateLimit: false,
  });
  const task = sim.data.taskGids()[0]!;
  file = sim.addAttachment({ parentGid: task, name: 'report.pdf', size: 300_000 });
});
afterAll(async () => {
  await sim.close();
});

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=990-2000', 1000, { start: 990, end: 999 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=5-1', 1000, undefined],
    ['bytes=0-1,5-6', 1000, undefined],
    ['items=0-1', 1000, undefined],
    [undefined, 1000, undefined],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

describe('download host', () => {
  it('serves the bytes at a signed URL on the second port, with type, length and disposition', async () => {
    const url = await downloadUrl(file.gid);
    expect(url.startsWith(`${sim.downloadOrigin}/assets/`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('120');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe('300000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(asanaAttachmentBytes(file.gid, file.name, 0, 300_000))).toBe(true);
    expect(sim.requests.last({ target: 'download' })?.status).toBe(200);
  });

  it('derives content deterministically from the attachment id, with random access', () => {
    const whole = asanaAttachmentBytes(file.gid, file.name, 0, 200_000);
    expect(
      asanaAttachmentBytes(file.gid, file.name, 70_000, 140_000).equals(whole.subarray(70_000, 140_000)),
    ).toBe(true);
    expect(asanaAttachmentBytes(file.gid, file.name, 0, 1000).equals(whole.subarray(0, 1000))).toBe(true);
    expect(asanaAttachmentBytes('1', 'x.bin', 0, 64).equals(asanaAttachmentBytes('2', 'x.bin', 0, 64))).toBe(
      false,
    );
    const text = asanaAttachmentBytes('3', 'notes.txt', 0, 4096).toString('latin1');
    expect(text).toMatch(/^[a-zA-Z0-9 ,.\n]+$/);
  });

  it('answers ranges with 206 and Content-Range, and 416 when unsatisfiable', async () => {
    const url = await downloadUrl(file.gid);
    const expected = asanaAttachmentBytes(file.gid, file.name, 0, 300_000);
    for (const [range, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=299990-', 299_990, 299_999],
      ['bytes=-10', 299_990, 299_999],
      ['bytes=65530-65545', 65_530, 65_545],
    ] as const) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/300000`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(expected.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await fetch(url, { headers: { range: 'bytes=300000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */300000');
    expect(await beyond.text()).toContain('<Code>InvalidRange</Code>');
  });

  it('rejects requests that carry an Authorization header, in XML', async () => {
    const url = await downloadUrl(file.gid);
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/xml');
    expect(await response.text()).toContain('<Code>InvalidArgument</Code>');
  });

  it('answers 403 XML once the URL has expired on the simulator clock, and for tampered URLs', async () => {
    const url = await downloadUrl(file.gid);
    sim.clock.advance(119_000);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    sim.clock.advance(1_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(expired.headers.get('content-type')).toBe('application/xml');
    const text = await expired.text();
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(() => JSON.parse(text)).toThrow();
    const fresh = new URL(await downloadUrl(file.gid));
    fresh.searchParams.set('X-Amz-Expires', '999999');
    const tampered = await fetch(fresh);
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('honours a configured URL lifetime', async () => {
    sim.setDownloadUrlTtl(5);
    try {
      const url = await downloadUrl(file.gid);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('5');
      sim.clock.advance(5_000);
      expect((await fetch(url)).status).toBe(403);
    } finally {
      sim.setDownloadUrlTtl(120);
    }
  });

  it('serves third-party provider links locally, without signatures', async () => {
    const shared = sim.addAttachment({
      parentGid: file.parentGid,
      name: 'brief.docx',
      host: 'dropbox',
      size: 2048,
    });
    const response = await fetch(`${sim.baseUrl}/attachments/${shared.gid}`, {
      headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
    });
    const record = (
      (await response.json()) as { data: { download_url: string; view_url: string; size?: number } }
    ).data;
    expect(record.size).toBeUndefined();
    expect(record.download_url.startsWith(`${sim.downloadOrigin}/providers/dropbox/`)).toBe(true);
    const bytes = Buffer.from(await (await fetch(record.download_url)).arrayBuffer());
    expect(bytes.equals(asanaAttachmentBytes(shared.gid, shared.name, 0, 2048))).toBe(true);
    expect((await fetch(record.view_url)).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('streams a 200 MiB file with flat memory', async () => {
    const size = 200 * 1024 * 1024;
    const big = sim.addAttachment({ parentGid: file.parentGid, name: 'dump.bin', size });
    const url = await downloadUrl(big.gid);
    const response = await fetch(url);
    expect(response.headers.get('content-length')).toBe(String(size));
    const reader = response.body!.getReader();
    const hash = createHash('sha256');
    let received = 0;
    const probe = createLiveMemoryProbe();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      hash.update(value);
      if ((received & 0x1ffffff) < value.length) probe.sample();
    }
    expect(received).toBe(size);
    const expected = createHash('sha256');
    for (const chunk of attachmentContentChunks(big.gid, big.name, 0, size)) expected.update(chunk);
    expect(hash.digest('hex')).toBe(expected.digest('hex'));
    // Both ends of the stream live in this process; neither may buffer the file (by the last sample
    // 192 MiB have passed), while socket buffers in flight are freed lazily.
    expect(probe.peak).toBeLessThan(128 * 1024 * 1024);
  }, 60_000);

  it('can cut a download mid-body so clients exercise resume-by-range', async () => {
    sim.faults.inject({ kind: 'reset', afterBytes: 100_000 }, { target: 'download' });
    const url = await downloadUrl(file.gid);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    const rest = await fetch(url, { headers: { range: 'bytes=100000-' } });
    expect(rest.status).toBe(206);
    expect((await rest.arrayBuffer()).byteLength).toBe(200_000);
  });
});
