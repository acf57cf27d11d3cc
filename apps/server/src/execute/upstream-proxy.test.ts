import {
  type ConnectProxy,
  type HostileUpstream,
  startConnectProxy,
  startHostileUpstream,
} from '@conduit/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { UpstreamEgress } from '../upstream/upstream-egress';

interface ErrorBody {
  errors: { error_code: string }[];
}

// The proxy listens on 127.0.0.2, the upstreams on 127.0.0.1, and the policies allow 127.0.0.1
// only: the proxy is reached because it is configured, never because the policy allows it.
describe('upstream connections through an HTTP proxy', () => {
  let proxy: ConnectProxy;
  let hostile: HostileUpstream;

  beforeAll(async () => {
    proxy = await startConnectProxy('127.0.0.2');
    hostile = await startHostileUpstream({ attack: 'ok' });
  });
  afterAll(async () => {
    await proxy?.close();
    await hostile?.close();
  });
  beforeEach(() => {
    proxy.connects.length = 0;
    hostile.set({ attack: 'ok' });
  });

  describe('hosted execute', () => {
    let h: ExecuteHarness;
    beforeAll(async () => {
      h = await startExecuteHarness('sqlite', 'proxy', {
        app: { egress: { allow: ['127.0.0.1'], proxy: { httpProxy: proxy.url, httpsProxy: proxy.url } } },
      });
    });
    afterAll(async () => {
      await h?.close();
    });

    it('tunnels the upstream calls through the proxy', async () => {
      const { id, token } = await h.patConnector('user-1');
      const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      expect(response.status).toBe(200);
      expect(proxy.connects).toContain(new URL(h.sim.baseUrl).host);
    });

    it('refuses a target the policy refuses with 502 egress_denied, before any CONNECT', async () => {
      const token = await h.token('user-2');
      const id = await h.createConnector(token, 'user-2', {
        connector_type: 'asana',
        credentials: { token: h.sim.tokens.personalAccessToken },
        config: { base_url: 'http://10.20.30.40:8080' },
      });
      const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      expect(response.status).toBe(502);
      expect((response.body as ErrorBody).errors[0]?.error_code).toBe('egress_denied');
      expect(proxy.connects).toEqual([]);
    });
  });

  it('sends downloads, redirects, token exchanges and webhooks the same way', async () => {
    const egress = new UpstreamEgress({
      allow: ['127.0.0.1'],
      downloadHosts: ['*'],
      proxy: { httpProxy: proxy.url },
    });
    try {
      // A token exchange and a download are calls of the connector's fetch, to its token host and
      // to another origin.
      const fetch = egress.fetchFor('task-management', 'https://app.asana.com/api/1.0');
      const download = await fetch(`${hostile.url}/attachment`);
      expect(download.status).toBe(200);
      await download.arrayBuffer();
      const webhook = await egress.webhookFetch()(`${hostile.url}/hook`, { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(200);
      await webhook.arrayBuffer();
      expect(proxy.connects).toEqual([`127.0.0.1:${hostile.port}`, `127.0.0.1:${hostile.port}`]);

      // A redirect to a refused host: refused before its CONNECT.
      hostile.set({ attack: 'redirect', redirectTo: 'http://169.254.169.254/latest/meta-data/' });
      await expect(
        egress.webhookFetch()(`${hostile.url}/hook`, { method: 'POST', body: '{}' }),
      ).rejects.toMatchObject({
        code: 'egress_denied',
      });
      expect(proxy.connects.filter((target) => target.startsWith('169.254.'))).toEqual([]);
    } finally {
      await egress.close();
    }
  });
});
