import { AuthenticationError, ServerError } from '@conduit/protocol';
import { startTestServer, type TestServer } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { HostedClient } from './hosted-client';

const EXECUTE = 'POST /api/v1/connectors/sources/:id/execute';
const TOKEN = 'POST /api/v1/account/applications/token';
const SCOPED = 'POST /api/v1/account/applications/scoped-token';

/**
 * A scripted service: tokens numbered as issued, an execute route that takes only the current
 * scoped token, and whatever `answer` replies to an accepted call.
 */
async function scriptedService(
  answer: (body: Record<string, unknown>) => Parameters<typeof Response.json>[0],
  routes: Parameters<typeof startTestServer>[0] = {},
) {
  let applicationTokens = 0;
  let scopedTokens = 0;
  const state = { refuseBefore: 1 };
  const refuse = (message: string) => ({
    status: 401,
    json: { message, errors: [{ message, error_code: 'invalid_token' }] },
  });
  const server = await startTestServer({
    [TOKEN]: () => {
      applicationTokens += 1;
      return { json: { access_token: `app-${applicationTokens}`, token_type: 'bearer', expires_in: 900 } };
    },
    [SCOPED]: (request) => {
      if (request.headers.authorization !== `Bearer app-${applicationTokens}`)
        return refuse('stale app token');
      scopedTokens += 1;
      return { json: { token: `scoped-${scopedTokens}`, token_type: 'bearer', expires_in: 1200 } };
    },
    [EXECUTE]: (request) => {
      const token = /^Bearer scoped-(\d+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined || Number(token) < state.refuseBefore) return refuse('stale scoped token');
      return { json: answer(request.json() as Record<string, unknown>) };
    },
    ...routes,
  });
  return {
    server,
    /** Refuses every scoped token issued so far, as a restarted server with a new key would. */
    revokeScopedTokens: () => {
      state.refuseBefore = scopedTokens + 1;
    },
  };
}

describe('HostedClient', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const client = (baseUrl: string) =>
    new HostedClient({
      externalUserId: 'user-1',
      platformClientId: 'id',
      platformClientSecret: 'secret',
      baseUrl,
    });

  it('renews the scoped token once for 20 calls refused at the same time', async () => {
    const service = await scriptedService((body) => ({ records: [body.entity], meta: { next_page: null } }));
    server = service.server;
    const hosted = client(server.url);
    await hosted.execute('c1', 'workspaces', 'list');
    service.revokeScopedTokens();
    server.clearRequests();
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => hosted.execute('c1', 'workspaces', 'list')),
    );
    expect(pages).toHaveLength(20);
    expect(server.requestsTo(SCOPED)).toHaveLength(1);
    expect(server.requestsTo(TOKEN)).toHaveLength(0);
    expect(server.requestsTo(EXECUTE)).toHaveLength(40);
  });

  it('sends a given scoped token as it is, without asking for tokens or a user id', async () => {
    const service = await scriptedService((body) => body);
    server = service.server;
    const hosted = new HostedClient({ scopedToken: 'scoped-1', baseUrl: server.url });
    expect(hosted.externalUserId).toBeUndefined();
    expect(await hosted.execute('c1', 'workspaces', 'list')).toMatchObject({ entity: 'workspaces' });
    expect(server.requestsTo(EXECUTE)[0]!.headers.authorization).toBe('Bearer scoped-1');
    // A refused token is the caller's to renew: the client has nothing to renew it with.
    const stale = new HostedClient({ scopedToken: 'scoped-0', baseUrl: server.url });
    await expect(stale.execute('c1', 'workspaces', 'list')).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.requestsTo(TOKEN)).toHaveLength(0);
    expect(server.requestsTo(SCOPED)).toHaveLength(0);
  });

  it('sends {entity, action, params}, with {} for absent params', async () => {
    const service = await scriptedService((body) => body);
    server = service.server;
    const hosted = client(server.url);
    expect(await hosted.execute('c/1', 'tasks', 'get', { task_gid: '7' })).toEqual({
      entity: 'tasks',
      action: 'get',
      params: { task_gid: '7' },
    });
    expect(await hosted.execute('c/1', 'workspaces', 'list')).toEqual({
      entity: 'workspaces',
      action: 'list',
      params: {},
    });
    expect(server.requestsTo(EXECUTE)[0]!.path).toBe('/api/v1/connectors/sources/c%2F1/execute');
  });

  it('retries a service outage but not an upstream failure the service already retried', async () => {
    const service = await scriptedService(() => ({ ok: true }));
    server = service.server;
    const hosted = new HostedClient({
      externalUserId: 'user-1',
      platformClientId: 'id',
      platformClientSecret: 'secret',
      baseUrl: server.url,
      retry: { initialDelayMs: 1, maxDelayMs: 5 },
    });
    server.inject({ kind: 'server-error', status: 503 }, { route: EXECUTE });
    expect(await hosted.execute('c1', 'tasks', 'get', { task_gid: '1' })).toEqual({ ok: true });
    server.clearRequests();
    const body = {
      message: 'Asana answered 500: boom',
      errors: [
        { message: 'Asana answered 500: boom', error_code: 'upstream_error' },
        { message: 'boom', error_code: 'server_error' },
      ],
      upstream_status: 500,
    };
    server.inject({ kind: 'reply', reply: { status: 502, json: body } }, { route: EXECUTE, times: 5 });
    const error = await hosted
      .execute('c1', 'tasks', 'get', { task_gid: '1' })
      .catch((failure: unknown) => failure);
    server.clearFaults();
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, code: 'server_error', retryable: false });
    expect(server.requestsTo(EXECUTE)).toHaveLength(1);
  });

  it('streams a download with its status, headers and decoded file name', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    const service = await scriptedService(() => ({}));
    server = service.server;
    const hosted = client(server.url);
    await hosted.execute('c1', 'workspaces', 'list');
    server.inject(
      {
        kind: 'reply',
        reply: {
          status: 206,
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(chunk.byteLength * 16),
            'content-range': `bytes 0-${chunk.byteLength * 16 - 1}/9999999`,
            'content-disposition': `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
          },
          body: () =>
            (function* () {
              for (let index = 0; index < 16; index += 1) yield chunk;
            })(),
        },
      },
      { route: EXECUTE },
    );
    const file = await hosted.download('c1', 'attachments', {
      attachment_gid: '5',
      range_header: 'bytes=0-',
    });
    expect(file).toMatchObject({
      status: 206,
      contentType: 'application/pdf',
      contentLength: chunk.byteLength * 16,
      contentRange: `bytes 0-${chunk.byteLength * 16 - 1}/9999999`,
      filename: 'résumé.pdf',
    });
    let total = 0;
    for await (const part of file) total += part.byteLength;
    expect(total).toBe(chunk.byteLength * 16);
    expect(server.requests.at(-1)!.json()).toEqual({
      entity: 'attachments',
      action: 'download',
      params: { attachment_gid: '5', range_header: 'bytes=0-' },
    });
  });

  it('walks search pages by next_cursor', async () => {
    const pages = [
      { hits: [{ id: '1', score: 2, data: {} }], next_cursor: 'c2', took_ms: 1 },
      { hits: [{ id: '2', score: 1, data: {} }], next_cursor: null, took_ms: 1 },
    ];
    const service = await scriptedService(
      (body) => pages[(body.params as { cursor?: string }).cursor ? 1 : 0]!,
    );
    server = service.server;
    const hosted = client(server.url);
    const ids: string[] = [];
    for await (const hit of hosted.search('c1', 'tasks', { query: {} })) ids.push(hit.id);
    expect(ids).toEqual(['1', '2']);
    expect(server.requestsTo(EXECUTE).map((request) => request.json())).toEqual([
      { entity: 'tasks', action: 'search', params: { query: {} } },
      { entity: 'tasks', action: 'search', params: { query: {}, cursor: 'c2' } },
    ]);
  });

  it('asks for a full sync with {"full": true}, and for the usual run with {}', async () => {
    const SYNC = 'POST /api/v1/connectors/sources/:id/sync';
    const service = await scriptedService(() => ({}), {
      [SYNC]: () => ({ status: 202, json: { sync_id: 'run-1' } }),
    });
    server = service.server;
    const hosted = client(server.url);
    await expect(hosted.triggerSync('c1', { full: true })).resolves.toEqual({ sync_id: 'run-1' });
    await hosted.triggerSync('c1');
    await hosted.triggerSync('c1', { full: false });
    expect(server.requestsTo(SYNC).map((request) => request.json())).toEqual([{ full: true }, {}, {}]);
  });
});
