import { ErrorBodySchema } from '@conduit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';

const credentialKeys = fc.constantFrom(
  'token',
  'refresh_token',
  'client_id',
  'client_secret',
  'access_token',
  'email',
  'api_token',
  '__proto__',
  'constructor',
);
const anyKey = fc.oneof(credentialKeys, fc.string({ maxLength: 12 }));

/** Bodies that look like a create request, with every field possibly wrong, missing or extra. */
const createLike = fc.record(
  {
    external_user_id: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
    connector_type: fc.oneof(
      fc.constantFrom(
        'asana',
        'task-management',
        'crm',
        'salesforce',
        'support-desk',
        'zendesk-support',
        'Asana ',
      ),
      fc.jsonValue(),
    ),
    name: fc.oneof(fc.string({ maxLength: 250 }), fc.constant(null), fc.jsonValue()),
    credentials: fc.oneof(
      fc.dictionary(anyKey, fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue())),
      fc.jsonValue(),
    ),
    config: fc.oneof(
      fc.dictionary(
        fc.constantFrom('subdomain', 'instance_url', 'base_url', 'other'),
        fc.oneof(fc.webUrl(), fc.string({ maxLength: 70 }), fc.jsonValue()),
      ),
      fc.jsonValue(),
    ),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

/** Raw bodies: any JSON, any text, any bytes (including invalid UTF-8). */
const rawBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)),
);

const tokenLike = fc.record(
  {
    client_id: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
    client_secret: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('random request bodies', () => {
  let app: StoredTestApp;
  let t: TestApp;
  let appToken: string;
  let scopedToken: string;

  beforeAll(async () => {
    app = await startStoredTestApp('sqlite', 'fuzz');
    t = app.t;
    appToken = await t.applicationToken();
    scopedToken = await t.scopedToken('fuzz-user', appToken);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function send(path: string, body: string | Uint8Array<ArrayBuffer>, token?: string): Promise<number> {
    const response = await fetch(`${t.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
    const text = await response.text();
    if (response.status >= 400) {
      // Every refusal has the contract's error body, and none is a 5xx.
      expect(ErrorBodySchema.safeParse(JSON.parse(text)).success, text).toBe(true);
    }
    return response.status;
  }

  it('never answers 5xx to create, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          createLike.map((body) => JSON.stringify(body)),
          rawBody,
        ),
        fc.boolean(),
        async (body, scoped) => {
          const status = await send('/v1/integrations/connectors', body, scoped ? scopedToken : appToken);
          expect([201, 400, 403, 422]).toContain(status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answers 5xx to the token calls, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          tokenLike.map((body) => JSON.stringify(body)),
          rawBody,
        ),
        async (body) => {
          expect([400, 401]).toContain(await send('/api/v1/account/applications/token', body));
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .record(
              { external_user_id: fc.jsonValue(), workspace_name: fc.jsonValue(), other: fc.jsonValue() },
              { requiredKeys: [] },
            )
            .map((body) => JSON.stringify(body)),
          rawBody,
        ),
        async (body) => {
          expect([200, 400]).toContain(
            await send('/api/v1/account/applications/scoped-token', body, appToken),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('is still up and logged no unhandled error', async () => {
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    expect(t.logs.entries().filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
