import { CreatedConnectorSchema, CreatedConnectSessionSchema } from '@conduit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import { createSyncExtension } from '../sync/sync-extension';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';
import { hasLoneSurrogate } from './storable-text';

const ADMIN_TOKEN = 'route-fuzz-admin-token-0123456789abcdef';

// encodeURIComponent throws on a lone surrogate: send its UTF-8-like bytes, as a hostile client would.
const encode = (text: string) =>
  hasLoneSurrogate(text)
    ? `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
    : encodeURIComponent(text);

/** Text PostgreSQL refuses (NUL, lone surrogates), and the edges around it. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d\ude00', 'é', '', ' ', 'oauth', '..'),
  fc.integer({ min: 200, max: 3000 }).map((length) => 'a'.repeat(length)),
);

/** A path segment as sent: encoded text, or raw escapes a careless client (or an attacker) writes. */
const hostileSegment = fc.oneof(
  { weight: 4, arbitrary: hostileText.map(encode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80', '%FF%FE', '%2e%2e', '%u0000'),
  },
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .dictionary(hostileText, fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 })
    .map((value) => JSON.stringify(value)),
  fc
    .dictionary(hostileText, hostileText, { maxKeys: 6 })
    .map((value) => new URLSearchParams(value).toString()),
  fc.string({ maxLength: 200 }),
);

const query = fc.array(fc.tuple(hostileSegment, hostileSegment), { maxLength: 3 });

type Auth = 'none' | 'application' | 'scoped' | 'admin' | 'garbage';

// Issue 28, finding 4 and its "Done when": every route, fuzzed in its bodies, queries and path
// parameters, answers no 500 on either store.
describe.each(['sqlite', 'postgres'] as const)('every route, fuzzed, on %s', (kind) => {
  let app: StoredTestApp;
  let t: TestApp;
  const tokens: Partial<Record<Auth, string>> = {};
  const known: string[] = [];

  beforeAll(async () => {
    const extensions = [
      createExecuteExtension({ upstream: { retry: { limit: 0 } } }),
      createSearchExtension(),
      createSyncExtension(),
    ];
    app = await startStoredTestApp(kind, `route_fuzz_${kind}`, {
      extensions,
      adminToken: ADMIN_TOKEN,
      allowUpstreamOverride: true,
    });
    t = app.t;
    tokens.application = await t.applicationToken();
    tokens.scoped = await t.scopedToken('fuzz-user', tokens.application);
    tokens.admin = ADMIN_TOKEN;
    tokens.garbage = 'not.a.token';
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token: tokens.scoped,
      body: {
        external_user_id: 'fuzz-user',
        connector_type: 'asana',
        credentials: { token: 'pat' },
        // Nothing listens there: an execute fails fast instead of reaching out.
        config: { base_url: 'http://127.0.0.1:9/api/1.0' },
      },
    });
    known.push(CreatedConnectorSchema.parse(created.body).id);
    const session = await t.request('POST', '/v1/integrations/connect-sessions', {
      token: tokens.application,
      body: { external_user_id: 'fuzz-user', connector_types: ['asana'] },
    });
    known.push(CreatedConnectSessionSchema.parse(session.body).id, t.clientId);
  });
  afterAll(async () => {
    await app?.close();
  });

  // Before the fuzz, which may revoke the application (its client id is among the known values).
  it.each([
    ['GET', '/connect/%00'],
    ['POST', '/connect/%00'],
    ['POST', '/connect/a%00b/oauth'],
    ['GET', '/v1/integrations/connect-sessions/%00'],
    ['POST', '/admin/v1/applications/%00/revoke'],
    ['POST', '/admin/v1/applications/%00/rotate-secret'],
  ])('refuses U+0000 in the path of %s %s with a 4xx naming it', async (method, path) => {
    const response = await fetch(`${t.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${path.startsWith('/admin') ? ADMIN_TOKEN : tokens.application}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('U+0000');
  });

  it('answers no 500 to any route with hostile path parameters, queries and bodies', async () => {
    const routes = [
      ...new Map(
        t.app.hono.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => [`${route.method} ${route.path}`, route] as const),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(15);
    const hit = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(fc.oneof(hostileSegment, fc.constantFrom(...known)), { minLength: 4, maxLength: 4 }),
        query,
        body,
        fc.constantFrom<Auth>('none', 'application', 'scoped', 'admin', 'garbage'),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        async (route, segments, pairs, payload, auth, contentType) => {
          let index = 0;
          const path = route.path
            .split('/')
            .map((part) => (part.startsWith(':') || part === '*' ? (segments[index++ % 4] ?? 'x') : part))
            .join('/');
          const search = pairs.map(([name, value]) => `${name}=${value}`).join('&');
          const url = `${t.server.url}${path}${search === '' ? '' : `?${search}`}`;
          const token = tokens[auth];
          const response = await fetch(url, {
            method: route.method,
            headers: {
              ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
              ...(payload === undefined ? {} : { 'content-type': contentType }),
            },
            ...(payload === undefined || route.method === 'GET' || route.method === 'HEAD'
              ? {}
              : { body: payload }),
            redirect: 'manual',
          });
          const text = await response.text();
          hit.add(route.path);
          expect(response.status, `${route.method} ${path}?${search}: ${text.slice(0, 300)}`).toBeLessThan(
            500,
          );
        },
      ),
      { numRuns: 800, seed: 28 },
    );
    expect(hit.size).toBe(new Set(routes.map((route) => route.path)).size);
  }, 300_000);
});
