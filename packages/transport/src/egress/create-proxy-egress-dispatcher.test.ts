import type { LookupAddress } from 'node:dns';
import {
  type ConnectProxy,
  createSelfSignedCertificate,
  type HostileUpstream,
  type SalesforceSimulator,
  startConnectProxy,
  startHostileUpstream,
  startSalesforceSimulator,
} from '@conduit/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBoundedFetch } from '../bounds/create-bounded-fetch';
import { lookupFrom, refusal } from '../test-utils/egress';
import {
  createProxyEgressDispatcher,
  type ProxyEgressDispatcherOptions,
  proxyFromEnv,
} from './create-proxy-egress-dispatcher';

// Names resolved without DNS; any other name is unknown here (the proxy's to resolve).
const HOSTS: Record<string, LookupAddress[]> = {
  'api.upstream.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
};
const lookup = lookupFrom(HOSTS);

describe('createProxyEgressDispatcher', () => {
  let proxy: ConnectProxy;
  let upstream: HostileUpstream;
  let salesforce: SalesforceSimulator;
  let ca: string;

  beforeAll(async () => {
    // The proxy on 127.0.0.2 and the upstreams on 127.0.0.1: the policies below allow only
    // 127.0.0.1, so reaching the proxy shows its configured address needs no allow entry.
    proxy = await startConnectProxy('127.0.0.2');
    upstream = await startHostileUpstream({ attack: 'ok' });
    const tls = createSelfSignedCertificate();
    ca = tls.cert;
    salesforce = await startSalesforceSimulator({ dataset: { preset: 'empty' }, tls });
  });
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
    await salesforce?.close();
  });
  beforeEach(() => {
    proxy.connects.length = 0;
    proxy.forwarded.length = 0;
    upstream.set({ attack: 'ok' });
  });

  const fetchWith = (options: ProxyEgressDispatcherOptions) =>
    createBoundedFetch({ dispatcher: createProxyEgressDispatcher({ lookup, ...options }) });

  it('tunnels an http upstream through the proxy', async () => {
    const fetch = fetchWith({ allow: ['127.0.0.1'], proxy: { httpProxy: proxy.url } });
    const response = await fetch(`${upstream.url}/ok`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(proxy.connects).toEqual([`127.0.0.1:${upstream.port}`]);
    expect(proxy.forwarded).toEqual([]);
  });

  it('tunnels an https upstream (TLS end to end, the private CA trusted) through the proxy', async () => {
    const fetch = fetchWith({ allow: ['127.0.0.1'], ca, proxy: { httpsProxy: proxy.url } });
    const response = await fetch(`${salesforce.loginUrl}/services/data/`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect(proxy.connects).toEqual([new URL(salesforce.loginUrl).host]);
  });

  it('refuses a literal, localhost or a name the policy refuses before any CONNECT', async () => {
    const fetch = fetchWith({ proxy: { httpProxy: proxy.url, httpsProxy: proxy.url } });
    expect((await refusal(fetch(`http://127.0.0.1:${upstream.port}/`))).refusal).toBe('loopback');
    expect((await refusal(fetch(`http://[::1]:${upstream.port}/`))).refusal).toBe('loopback');
    expect((await refusal(fetch(`http://localhost:${upstream.port}/`))).refusal).toBe('loopback');
    // A name that resolves here to a refused address.
    expect((await refusal(fetch('https://metadata.test/latest/meta-data/'))).refusal).toBe('link-local');
    expect((await refusal(fetch(`http://api.upstream.test:${upstream.port}/`))).refusal).toBe('loopback');
    const only = fetchWith({ allowedHosts: ['app.asana.com'], proxy: { httpsProxy: proxy.url } });
    expect((await refusal(only('https://evil.example/'))).refusal).toBe('host-not-allowed');
    expect(proxy.connects).toEqual([]);
  });

  it('refuses a redirect to a refused target before connecting to it', async () => {
    upstream.set({ attack: 'redirect', redirectTo: 'http://169.254.169.254/latest/meta-data/' });
    const fetch = fetchWith({ allow: ['127.0.0.1'], proxy: { httpProxy: proxy.url } });
    expect((await refusal(fetch(`${upstream.url}/start`))).refusal).toBe('link-local');
    expect(proxy.connects).toEqual([`127.0.0.1:${upstream.port}`]);
  });

  it('reaches NO_PROXY hosts directly, through the same policy', async () => {
    const direct = fetchWith({
      allow: ['127.0.0.1'],
      proxy: { httpProxy: proxy.url, noProxy: 'api.upstream.test,127.0.0.1' },
    });
    const response = await direct(`http://api.upstream.test:${upstream.port}/ok`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const refused = fetchWith({ proxy: { httpProxy: proxy.url, noProxy: 'api.upstream.test' } });
    expect((await refusal(refused(`http://api.upstream.test:${upstream.port}/`))).refusal).toBe('loopback');
    expect(proxy.connects).toEqual([]);
  });

  it('leaves a name unknown to the local resolver to the proxy', async () => {
    const fetch = fetchWith({ proxy: { httpsProxy: proxy.url } });
    // The proxy cannot resolve it either: the tunnel fails, but it was asked for.
    await expect(fetch('https://only-the-proxy-knows.test/')).rejects.toThrow();
    expect(proxy.connects).toEqual(['only-the-proxy-knows.test:443']);
  });

  it('reads the standard variables, lowercase first, empty as unset', () => {
    expect(
      proxyFromEnv({
        HTTPS_PROXY: 'http://upper:1',
        https_proxy: 'http://lower:2',
        HTTP_PROXY: ' ',
        NO_PROXY: 'a,b',
      }),
    ).toEqual({ httpProxy: undefined, httpsProxy: 'http://lower:2', noProxy: 'a,b' });
  });
});
