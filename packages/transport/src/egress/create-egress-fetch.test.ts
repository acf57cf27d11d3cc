import type { LookupAddress } from 'node:dns';
import { type HostileUpstream, startHostileUpstream } from '@conduit/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTransport } from '../create-transport';
import { lookupFrom, refusal } from '../test-utils/egress';
import { createEgressFetch } from './create-egress-fetch';

// Names the tests resolve without DNS: every one of them points at the hostile upstream on loopback.
const HOSTS: Record<string, LookupAddress[]> = {
  'api.upstream.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'mixed.test': [
    { address: '10.0.0.7', family: 4 },
    { address: '::1', family: 6 },
  ],
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
};
const lookup = lookupFrom(HOSTS);

describe('createEgressFetch', () => {
  let upstream: HostileUpstream;
  beforeEach(async () => {
    upstream = await startHostileUpstream({ attack: 'ok' });
  });
  afterEach(async () => {
    await upstream.close();
  });

  it('refuses a name that resolves to loopback, at connect time', async () => {
    const fetch = createEgressFetch({ lookup });
    const error = await refusal(fetch(`http://internal.test:${upstream.port}/secret`));
    expect(error.refusal).toBe('loopback');
    expect(error.address).toBe('127.0.0.1');
    expect(error.host).toBe('internal.test');
    expect(upstream.requests).toEqual([]);
  });

  it('refuses a name resolving to the metadata address, and one with only refused addresses', async () => {
    const fetch = createEgressFetch({ lookup });
    expect((await refusal(fetch(`http://metadata.test:${upstream.port}/`))).refusal).toBe('link-local');
    expect((await refusal(fetch(`http://mixed.test:${upstream.port}/`))).refusal).toBe('private');
  });

  it.each([
    'http://127.0.0.1:PORT/',
    'http://127.1:PORT/',
    'http://2130706433:PORT/',
    'http://0x7f000001:PORT/',
    'http://0177.0.0.01:PORT/',
    'http://0.0.0.0:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://localhost:PORT/',
  ])('refuses the literal form %s', async (template) => {
    const fetch = createEgressFetch({ lookup });
    await refusal(fetch(template.replace('PORT', String(upstream.port))));
    expect(upstream.requests).toEqual([]);
  });

  it('checks every redirect hop: a 302 to loopback is refused even when the first host is allowed', async () => {
    const fetch = createEgressFetch({ lookup, allow: ['api.upstream.test'] });
    const first = `http://api.upstream.test:${upstream.port}/attachments/1`;
    expect((await fetch(first)).status).toBe(200);

    upstream.set({ attack: 'redirect', redirectTo: `http://127.0.0.1:${upstream.port}/internal` });
    expect((await refusal(fetch(first))).refusal).toBe('loopback');
    upstream.set({ redirectTo: `http://internal.test:${upstream.port}/internal` });
    expect((await refusal(fetch(first))).host).toBe('internal.test');
    upstream.set({ redirectTo: `http://[::ffff:127.0.0.1]:${upstream.port}/internal` });
    await refusal(fetch(first));
    // The allowed host answered each time; no hop reached the internal path.
    expect(upstream.requests.filter((line) => line.includes('/internal'))).toEqual([]);
  });

  it('lets operator-allowed addresses through, the override for self-managed upstreams and tests', async () => {
    const fetch = createEgressFetch({ lookup, allow: ['127.0.0.0/8'] });
    const response = await fetch(`http://internal.test:${upstream.port}/ok`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [{ gid: '1' }] });
  });

  it('refuses hosts outside a declared host allowlist, on redirect hops too', async () => {
    const fetch = createEgressFetch({
      lookup,
      allow: ['127.0.0.0/8'],
      allowedHosts: ['api.upstream.test'],
    });
    upstream.set({ attack: 'redirect', redirectTo: `http://internal.test:${upstream.port}/internal` });
    const error = await refusal(fetch(`http://api.upstream.test:${upstream.port}/x`));
    expect(error.refusal).toBe('host-not-allowed');
  });

  it('surfaces the refusal through the transport as itself, without retrying', async () => {
    const transport = createTransport({
      baseUrl: `http://internal.test:${upstream.port}`,
      fetch: createEgressFetch({ lookup }),
      retry: { limit: 3, initialDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await refusal(transport.json({ path: '/workspaces' }));
    expect(error.retryable).toBe(false);
    expect(upstream.requests).toEqual([]);
  });
});
