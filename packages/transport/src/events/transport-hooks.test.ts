import { ConduitError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { bearerAuth } from '../auth/bearer-auth';
import { refreshTokenAuth } from '../auth/refresh-token-auth';
import { createTransport } from '../create-transport';
import { useTestServers } from '../test-utils/use-test-servers';
import { consoleLogger } from './console-logger';
import { emitHook, type TransportHooks } from './transport-hooks';

const serve = useTestServers();

const SECRETS = ['pat-very-secret', 'access-secret', 'refresh-secret', 'client-secret-xyz', 'sig-secret'];

describe('hooks and redaction', () => {
  it('reports requests, responses, retries and errors with no secret in any event or error', async () => {
    const server = await serve({
      'POST /oauth/token': {
        json: { access_token: 'access-secret', refresh_token: 'refresh-secret', expires_in: 60 },
      },
      'GET /api/tasks': (request) =>
        request.headers.authorization === 'Bearer access-secret'
          ? { json: { data: [] } }
          : { status: 401, json: { errors: [{ message: 'expired' }] } },
      'GET /api/broken': { status: 400, json: { errors: [{ message: 'bad' }], token: 'pat-very-secret' } },
    });
    server.inject({ kind: 'server-error', status: 503 }, { route: 'GET /api/tasks' });
    const events: { kind: string; event: unknown }[] = [];
    const record =
      (kind: string) =>
      (event: unknown): void => {
        events.push({ kind, event });
      };
    const transport = createTransport({
      baseUrl: `${server.url}/api`,
      auth: refreshTokenAuth({
        tokenUrl: `${server.url}/oauth/token`,
        clientId: 'c',
        clientSecret: 'client-secret-xyz',
        refreshToken: 'refresh-secret',
        accessToken: 'pat-very-secret',
      }),
      retry: { sleep: async () => undefined },
      hooks: {
        onRequest: record('request'),
        onResponse: record('response'),
        onRetry: record('retry'),
        onError: record('error'),
      },
    });

    await transport.json({ path: '/tasks', query: { access_token: 'sig-secret', limit: 5 } });
    const error = await transport.json({ path: '/broken' }).catch((reason: unknown) => reason);

    expect(events.map((entry) => entry.kind)).toEqual([
      'request', // 503
      'response',
      'retry',
      'request', // 401 with the stale token
      'response',
      'retry', // auth-refresh
      'request', // 200
      'response',
      'request', // /broken
      'response',
      'error',
    ]);
    expect(events[0]?.event).toMatchObject({
      attempt: 1,
      request: {
        method: 'GET',
        url: `${server.url}/api/tasks?access_token=[REDACTED]&limit=5`,
        headers: { authorization: '[REDACTED]', accept: 'application/json' },
      },
    });
    expect(events[1]?.event).toMatchObject({ status: 503, attempt: 1 });
    expect((events[1]?.event as { durationMs?: number } | undefined)?.durationMs).toBeGreaterThanOrEqual(0);
    expect(events[5]?.event).toMatchObject({ reason: 'auth-refresh', status: 401, attempt: 2 });
    // A successful attempt describes its request only when read, and a copy of the event has it too.
    expect({ ...(events[7]?.event as object) }).toMatchObject({
      status: 200,
      attempt: 3,
      request: { method: 'GET', headers: { authorization: '[REDACTED]' } },
    });
    expect(ConduitError.isInstance(error)).toBe(true);

    const captured = JSON.stringify({ events, error });
    for (const secret of SECRETS) expect(captured).not.toContain(secret);
    // The secrets did go over the wire, where they belong.
    expect(server.requestsTo('GET /api/tasks').at(-1)?.headers.authorization).toBe('Bearer access-secret');
  });

  it('keeps going when a hook throws', async () => {
    const server = await serve({ '*': { json: 'fine' } });
    const transport = createTransport({
      baseUrl: server.url,
      auth: bearerAuth('pat-very-secret'),
      hooks: {
        onRequest: () => {
          throw new Error('broken logger');
        },
        onResponse: () => {
          throw new Error('broken metrics');
        },
      },
    });
    await expect(transport.json({ path: '/' })).resolves.toBe('fine');
  });

  it('emitHook ignores missing hooks', () => {
    const hooks: TransportHooks = {};
    expect(() =>
      emitHook(hooks, 'onRequest', { request: { method: 'GET', url: 'http://x.test' }, attempt: 1 }),
    ).not.toThrow();
    expect(() =>
      emitHook(undefined, 'onRequest', { request: { method: 'GET', url: 'x' }, attempt: 1 }),
    ).not.toThrow();
  });
});

describe('consoleLogger', () => {
  it('writes one redacted line per event', async () => {
    const server = await serve({
      'GET /ok': { json: 1 },
      'GET /missing': { status: 404, json: { message: 'nope' } },
    });
    server.inject({ kind: 'server-error', status: 502 }, { route: 'GET /ok' });
    const lines: string[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      auth: bearerAuth('pat-very-secret'),
      retry: { sleep: async () => undefined, random: () => 0.5 },
      hooks: consoleLogger({ write: (line) => lines.push(line), logRequests: true }),
    });
    await transport.json({ path: '/ok', query: { api_key: 'sig-secret' } });
    await transport.json({ path: '/missing' }).catch(() => undefined);
    const base = `${server.url}`;
    expect(lines[0]).toBe(`GET ${base}/ok?api_key=[REDACTED] (attempt 1)`);
    expect(lines[1]).toMatch(
      new RegExp(`^GET ${escapeRegExp(base)}/ok\\?api_key=\\[REDACTED\\] -> 502 \\(\\d+ ms\\)$`),
    );
    expect(lines[2]).toBe(
      `GET ${base}/ok?api_key=[REDACTED] attempt 1 failed (ServerError: Server error 502 (injected by the test server)); retrying in 150 ms`,
    );
    expect(lines.at(-1)).toBe(
      `GET ${base}/missing failed after 1 attempt(s): NotFoundError (not_found): nope`,
    );
    expect(lines.join('\n')).not.toMatch(/pat-very-secret|sig-secret/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
