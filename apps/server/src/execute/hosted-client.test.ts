import { createHash } from 'node:crypto';
import { type Asana, createAsana, PremiumRequiredError } from '@conduit/asana';
import { SEARCHABLE_FIELDS, type SearchableEntity } from '@conduit/asana/records';
import { HostedClient } from '@conduit/hosted';
import {
  AuthenticationError,
  CursorExpiredError,
  NotFoundError,
  parseSearchParams,
  type SearchEnvelope,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
import type { OpenApiCheckingFetch } from '@conduit/testkit';
import { asanaAttachmentContentChunks } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerExtension } from '../extensions/server-extension';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { openApiCheckedFetch } from '../test-support/openapi-checked-fetch';

/** Every request the clients of this file send, checked against the server's OpenAPI document. */
let checked: OpenApiCheckingFetch;

/** A fetch that counts the calls to each path. */
function countingFetch() {
  const counts = new Map<string, number>();
  const fetcher: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const key = url.pathname.replace(/\/sources\/[^/]+\//, '/sources/{id}/');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return checked.fetch(input, init);
  };
  return {
    fetch: fetcher,
    count: (path: string) => counts.get(path) ?? 0,
  };
}

const TOKEN_PATH = '/api/v1/account/applications/token';
const SCOPED_PATH = '/api/v1/account/applications/scoped-token';
const EXECUTE = '/api/v1/connectors/sources/{id}/execute';

/** A stand-in search feature over the simulator's tasks, paging with an index cursor. */
function testSearch(
  harness: () => ExecuteHarness,
  seen: (Record<string, unknown> | undefined)[],
): ServerExtension {
  return {
    name: 'test-search',
    search: async (_connector, entity, params): Promise<SearchEnvelope> => {
      seen.push(params);
      const parsed = parseSearchParams(params, SEARCHABLE_FIELDS[entity as SearchableEntity]);
      const data = harness().sim.data;
      const all = data
        .taskGids({})
        .map((gid) => ({ id: gid, score: 1, data: { gid, name: data.task(gid)!.name } }));
      const start = parsed.cursor === null ? 0 : Number(Buffer.from(parsed.cursor, 'base64url').toString());
      const end = Math.min(all.length, start + parsed.limit);
      return {
        hits: all.slice(start, end),
        next_cursor: end < all.length ? Buffer.from(String(end)).toString('base64url') : null,
        took_ms: 0,
      };
    },
  };
}

describe('the hosted client against the server', () => {
  let h: ExecuteHarness;
  let connectorId: string;
  const searches: (Record<string, unknown> | undefined)[] = [];

  beforeAll(async () => {
    h = await startExecuteHarness('sqlite', 'hosted-client', {
      simulator: { rateLimit: false },
      extensions: [testSearch(() => h, searches)],
    });
    checked = await openApiCheckedFetch(h.t.server.url);
    const setup = new HostedClient({
      fetch: checked.fetch,
      externalUserId: 'client-user',
      platformClientId: h.t.clientId,
      platformClientSecret: h.t.clientSecret,
      baseUrl: h.t.server.url,
    });
    connectorId = (
      await setup.createConnector({
        connectorType: 'task-management',
        credentials: { token: h.sim.tokens.personalAccessToken },
        config: { base_url: h.sim.baseUrl },
      })
    ).id;
  });

  afterAll(async () => {
    await h?.close();
    expect(checked.checked()).toBeGreaterThan(20);
    expect(checked.issues).toEqual([]);
  });

  const newClient = (extra: { fetch?: typeof fetch; now?: () => number; externalUserId?: string } = {}) =>
    new HostedClient({
      fetch: checked.fetch,
      externalUserId: 'client-user',
      platformClientId: h.t.clientId,
      platformClientSecret: h.t.clientSecret,
      baseUrl: h.t.server.url,
      ...extra,
    });

  describe('tokens', () => {
    it('fetches one application token and one scoped token for 20 concurrent calls of a cold client', async () => {
      const counter = countingFetch();
      const client = newClient({ fetch: counter.fetch });
      const workspace = h.sim.data.workspaces[0]!.gid;
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.execute(connectorId, 'workspaces', 'get', { workspace_gid: workspace }),
        ),
      );
      expect(results.every((record) => (record as { gid: string }).gid === workspace)).toBe(true);
      expect(counter.count(TOKEN_PATH)).toBe(1);
      expect(counter.count(SCOPED_PATH)).toBe(1);
      expect(counter.count(EXECUTE)).toBe(20);
    });

    it('renews both tokens once when the server refuses them (401), and replays the call once', async () => {
      const counter = countingFetch();
      const client = newClient({ fetch: counter.fetch });
      await client.execute(connectorId, 'workspaces', 'list');
      // The server's clock passes both lifetimes while the client believes its tokens are fresh.
      h.t.clock.advance(1300_000);
      const page = (await client.execute(connectorId, 'workspaces', 'list')) as { records: unknown[] };
      expect(page.records.length).toBeGreaterThan(0);
      expect(counter.count(EXECUTE)).toBe(3);
      expect(counter.count(TOKEN_PATH)).toBe(2);
      // One refused with the expired application token, one issued after renewing it.
      expect(counter.count(SCOPED_PATH)).toBe(3);
    });

    it('renews its tokens before they expire, without a refused call', async () => {
      const counter = countingFetch();
      let now = Date.now();
      const client = newClient({ fetch: counter.fetch, now: () => now });
      await client.execute(connectorId, 'workspaces', 'list');
      now += 1141_000;
      await client.execute(connectorId, 'workspaces', 'list');
      expect(counter.count(EXECUTE)).toBe(2);
      expect(counter.count(TOKEN_PATH)).toBe(2);
      expect(counter.count(SCOPED_PATH)).toBe(2);
    });
  });

  describe('errors', () => {
    it("carry the service's error_code and field paths", async () => {
      const client = newClient();
      const invalid = await client
        .execute(connectorId, 'tasks', 'get', { task_gid: 'abc', color: 'red' })
        .catch((error: unknown) => error);
      expect(invalid).toBeInstanceOf(ValidationError);
      expect(invalid).toMatchObject({ status: 400, code: 'invalid_param' });
      expect((invalid as ValidationError).details.map((detail) => detail.field).sort()).toEqual([
        'params.color',
        'params.task_gid',
      ]);
      const unknown = await client.execute(connectorId, 'nope', 'list').catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(UnsupportedOperationError);
      expect(unknown).toMatchObject({
        code: 'unknown_entity',
        details: [expect.objectContaining({ field: 'entity' })],
      });
      const missing = await client
        .getConnector('00000000-0000-0000-0000-000000000000')
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(NotFoundError);
    });

    it('fail like local mode for upstream failures, without retrying them', async () => {
      const client = newClient();
      const before = h.sim.requests.count({ path: '/tasks/4242424242' });
      const missing = await client
        .execute(connectorId, 'tasks', 'get', { task_gid: '4242424242' })
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing).toMatchObject({ status: 404, code: 'not_found', retryable: false });
      expect(h.sim.requests.count({ path: '/tasks/4242424242' })).toBe(before + 1);

      const expired = await client
        .execute(connectorId, 'project_tasks', 'list', {
          project_gid: h.sim.data.projects[0]!.gid,
          offset: 'eyJub3QiOiJ2YWxpZCJ9',
        })
        .catch((error: unknown) => error);
      expect(expired).toBeInstanceOf(CursorExpiredError);
      expect(expired).toMatchObject({
        code: 'cursor_expired',
        details: [expect.objectContaining({ field: 'params.offset' })],
      });

      const workspace = h.sim.data.workspaces[0]!.gid;
      h.sim.setPremium(workspace, false);
      try {
        const asana = createAsana({ hosted: { client, connectorId } });
        const premium = await asana.workspace_task_search
          .list({ workspace_gid: workspace, completed: false })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(premium).toBeInstanceOf(PremiumRequiredError);
        expect(premium).toMatchObject({ status: 402, code: 'premium_required' });
      } finally {
        h.sim.setPremium(workspace, true);
      }
    });

    it('report refused upstream credentials as upstream_auth_failed, keeping their own tokens', async () => {
      const counter = countingFetch();
      // Another user, so client-user keeps exactly one connector.
      const client = newClient({ fetch: counter.fetch, externalUserId: 'refused-user' });
      const pat = h.sim.issuePersonalAccessToken();
      const { id } = await client.createConnector({
        connectorType: 'asana',
        credentials: { token: pat },
        config: { base_url: h.sim.baseUrl },
      });
      h.sim.revokeToken(pat);
      const refused = await client.execute(id, 'workspaces', 'list').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AuthenticationError);
      expect(refused).toMatchObject({ code: 'upstream_auth_failed', status: 401 });
      expect(counter.count(TOKEN_PATH)).toBe(1);
      expect(counter.count(SCOPED_PATH)).toBe(1);
      expect((await client.getConnector(id)).status).toBe('needs_reauth');
    });
  });

  describe('search', () => {
    it('walks every page by next_cursor', async () => {
      const asana: Asana = createAsana({
        hosted: {
          fetch: checked.fetch,
          externalUserId: 'client-user',
          platformClientId: h.t.clientId,
          platformClientSecret: h.t.clientSecret,
          baseUrl: h.t.server.url,
          connectorId,
        },
      });
      searches.length = 0;
      const ids: string[] = [];
      for await (const hit of asana.tasks.search({
        query: { filter: { eq: { completed: false } } },
        limit: 7,
      })) {
        ids.push(hit.id);
      }
      const all = h.sim.data.taskGids({});
      expect(ids).toEqual(all);
      expect(searches).toHaveLength(Math.ceil(all.length / 7));
      expect(searches[0]).toEqual({ query: { filter: { eq: { completed: false } } }, limit: 7 });
      expect(searches[1]).toMatchObject({ cursor: expect.any(String) });
      const first = await asana.tasks.search({ query: {}, limit: 3 });
      expect(first.hits).toHaveLength(3);
      expect(first.next_cursor).toEqual(expect.any(String));
    });

    it('answers an invalid query with invalid_query and the JSON path of the fault', async () => {
      const client = newClient();
      const error = await client
        .execute(connectorId, 'tasks', 'search', { query: { filter: { eq: { no_such_field: 1 } } } })
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'invalid_query',
        details: [expect.objectContaining({ field: 'query.filter.eq.no_such_field' })],
      });
    });
  });

  describe('download', () => {
    it('streams a 64 MiB attachment with its name, and finds the only connector when none is named', async () => {
      const size = 64 * 1024 * 1024;
      const file = h.sim.addAttachment({
        parentGid: h.sim.data.taskGids({})[0]!,
        name: 'Übersicht Q1.bin',
        size,
      });
      const asana = createAsana({
        hosted: {
          fetch: checked.fetch,
          externalUserId: 'client-user',
          platformClientId: h.t.clientId,
          platformClientSecret: h.t.clientSecret,
          baseUrl: h.t.server.url,
        },
      });
      const expected = createHash('sha256');
      for (const chunk of asanaAttachmentContentChunks(file.gid, file.name, 0, size)) expected.update(chunk);
      const download = await asana.attachments.download({ attachment_gid: file.gid });
      expect(download).toMatchObject({
        status: 200,
        contentLength: size,
        contentType: 'application/octet-stream',
        filename: 'Übersicht Q1.bin',
      });
      const actual = createHash('sha256');
      let total = 0;
      for await (const chunk of download) {
        actual.update(chunk);
        total += chunk.byteLength;
      }
      expect(total).toBe(size);
      expect(actual.digest('hex')).toBe(expected.digest('hex'));
    }, 60_000);
  });
});
