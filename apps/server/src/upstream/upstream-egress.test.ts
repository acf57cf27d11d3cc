import type { LookupAddress } from 'node:dns';
import { createLiveMemoryProbe, type HostileUpstream, startHostileUpstream } from '@conduit/testkit';
import type { EgressLookup } from '@conduit/transport/egress';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';

// Names resolved without DNS: each points at loopback, where the test's upstreams listen.
const HOSTS: Record<string, LookupAddress[]> = {
  'api.upstream.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '127.0.0.1', family: 4 }],
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
};
const lookup: EgressLookup = (host, _options, callback) => {
  const found = HOSTS[host];
  if (found) callback(null, found);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
};

interface ErrorBody {
  errors: { error_code: string; message: string }[];
}

describe('upstream egress policy (SSRF)', () => {
  let h: ExecuteHarness;
  let hostile: HostileUpstream;
  let token: string;

  beforeAll(async () => {
    hostile = await startHostileUpstream();
    // Only the upstream's own name is allowed; loopback as such is not.
    h = await startExecuteHarness('sqlite', 'egress', {
      app: { egress: { allow: ['api.upstream.test'], lookup } },
    });
    token = await h.token('user-1');
  });
  afterEach(() => hostile.set({ attack: 'ok' }));
  afterAll(async () => {
    await h?.close();
    await hostile?.close();
  });

  const connector = (baseUrl: string) =>
    h.createConnector(token, 'user-1', {
      connector_type: 'asana',
      credentials: { token: h.sim.tokens.personalAccessToken },
      config: { base_url: baseUrl },
    });
  const list = (id: string) => h.execute(id, { entity: 'workspaces', action: 'list' }, token);

  it.each([
    'http://127.0.0.1:PORT',
    'http://127.1:PORT',
    'http://2130706433:PORT',
    'http://0x7f000001:PORT',
    'http://0.0.0.0:PORT',
    'http://[::ffff:127.0.0.1]:PORT',
    'http://localhost:PORT',
    'http://internal.test:PORT',
  ])('refuses an upstream at %s with 502 egress_denied, even with overrides on', async (template) => {
    const before = hostile.requests.length;
    const id = await connector(template.replace('PORT', String(hostile.port)));
    const response = await list(id);
    expect(response.status).toBe(502);
    expect((response.body as ErrorBody).errors[0]?.error_code).toBe('egress_denied');
    expect(hostile.requests.length).toBe(before);
  });

  it('refuses a 302 from an allowed upstream to an internal host', async () => {
    const id = await connector(`http://api.upstream.test:${hostile.port}`);
    expect((await list(id)).status).toBe(200);
    hostile.set({ attack: 'redirect', redirectTo: `http://127.0.0.1:${h.t.server.port}/metrics` });
    const response = await list(id);
    expect(response.status).toBe(502);
    expect((response.body as ErrorBody).errors[0]?.error_code).toBe('egress_denied');
  });

  it('refuses an attachment download_url on loopback (a tenant-made external attachment)', async () => {
    const simUrl = new URL(h.sim.baseUrl);
    const id = await connector(`${simUrl.protocol}//api.upstream.test:${simUrl.port}${simUrl.pathname}`);
    const file = h.sim.addAttachment({ parentGid: h.sim.data.taskGids({})[0]!, name: 'x.bin', size: 16 });
    const response = await h.execute(
      id,
      { entity: 'attachments', action: 'download', params: { attachment_gid: file.gid } },
      token,
    );
    expect(response.status).toBe(502);
    expect((response.body as ErrorBody).errors[0]?.error_code).toBe('egress_denied');
  });

  it.each([
    ['gzip-bomb', { attack: 'gzip-bomb', decodedMiB: 2048 }],
    ['nested gzip, gzip', { attack: 'nested-gzip', decodedMiB: 2048 }],
    ['400 MB page', { attack: 'huge-page', pageMiB: 400 }],
  ] as const)(
    'answers a %s with 502 upstream_response_too_large in bounded memory',
    async (_name, attack) => {
      const id = await connector(`http://api.upstream.test:${hostile.port}`);
      hostile.set(attack);
      const probe = createLiveMemoryProbe();
      const response = await list(id);
      expect(response.status).toBe(502);
      expect((response.body as ErrorBody).errors[0]?.error_code).toBe('upstream_response_too_large');
      // What stays alive once the answer is out: the answer can leave before the cancelled upstream
      // body has been let go of (later still on a loaded machine), so it is sampled for up to a
      // second, garbage collected each time, until it is back within the bound.
      let held = probe.sample();
      for (let tries = 0; tries < 10 && held >= 64 * 1024 * 1024; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        held = Math.min(held, probe.sample());
      }
      expect(held).toBeLessThan(64 * 1024 * 1024);
    },
    60_000,
  );
});
