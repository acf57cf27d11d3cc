import type { ConnectorModule } from '@conduit/connector-kit';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { SyncSummarySchema } from '@conduit/protocol';
import {
  type AsanaSimulator,
  type SalesforceSimulator,
  startAsanaSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
} from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncTestApp, startSyncTestApp } from '../sync/test-support/sync-test-app';
import type { TestApp, TestResponse } from '../test-support/test-app';
import { until } from '../test-support/until';
import { createAgentApiExtension } from './agent-api-extension';
import { registerAgentExecuteRoute } from './agent-execute-route';
import { definitionIdOf } from './connector-source-json';

// The same call sequences through both faces of one server: the seed's routes and the agent API's
// (the paths and envelope Airbyte's Python SDK uses), compared record for record.

type Params = Record<string, unknown>;
type Envelope = {
  status: string;
  result: unknown;
  connector_metadata: unknown;
  execution_metadata: { connector_instance_id: string; execution_time_ms: number };
};
type SeedPage = { records: Record<string, unknown>[]; meta: { next_page: { offset: string } | null } };
/** A list's `connector_metadata`: the seed's meta, or its next offset as a string (Zendesk). */
type FaceMeta = { next_page: { offset: string } | string | null };

/**
 * Asana's offset is a signed token stamped with the second it was issued (`iat`, `exp`): two
 * listings of the same position a second apart differ only there, so the position is compared by
 * the token's other claims.
 */
const withoutIssueTime = (meta: unknown): unknown =>
  JSON.parse(
    JSON.stringify(meta).replace(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g, (_token, payload: string) => {
      const {
        iat: _iat,
        exp: _exp,
        ...claims
      } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return JSON.stringify(claims).replaceAll('"', "'");
    }),
  );
type SeedSearch = {
  hits: { id: string; data: Record<string, unknown> }[];
  next_cursor: string | null;
  took_ms: number;
};
type FaceSearch = {
  data: Record<string, unknown>[];
  meta: { has_more: boolean; cursor: string | null; took_ms: number };
};

const module = (name: string): ConnectorModule => connectorRegistry.find(name)!;

describe.each(['sqlite', 'postgres'] as const)('the agent API face on %s', (kind) => {
  let app: SyncTestApp;
  let t: TestApp;
  let token: string;
  let asanaSim: AsanaSimulator;
  let zendeskSim: ZendeskSimulator;
  let salesforceSim: SalesforceSimulator;
  const ids: Record<'asana' | 'zendesk' | 'salesforce', string> = { asana: '', zendesk: '', salesforce: '' };
  const workspace = `agent-${kind}`;

  const seed = (id: string, entity: string, action: string, params: Params) =>
    t.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
      token,
      body: { entity, action, params },
    });
  const face = (id: string, body: Params, as = token) =>
    t.request('POST', `/api/v1/integrations/connectors/${id}/execute`, { token: as, body });
  const envelopeOf = (response: TestResponse): Envelope => {
    expect(response.status, response.text).toBe(200);
    const envelope = response.body as Envelope;
    expect(envelope.status).toBe('success');
    expect(Number.isInteger(envelope.execution_metadata.execution_time_ms)).toBe(true);
    return envelope;
  };
  const createThroughFace = async (body: Params) => {
    const response = await t.request('POST', '/api/v1/integrations/connectors', { token, body });
    expect(response.status, response.text).toBe(200);
    return response.body as { id: string; name: string; source_template: { source_definition_id: string } };
  };

  beforeAll(async () => {
    [asanaSim, zendeskSim, salesforceSim] = await Promise.all([
      startAsanaSimulator({ dataset: { preset: 'tiny', seed: 29 }, rateLimit: false }),
      startZendeskSimulator({ rateLimit: false }),
      startSalesforceSimulator({ dataset: { seed: 29, scale: { contacts: 120 } } }),
    ]);
    app = await startSyncTestApp(kind, `agent_api_${kind}`, {
      sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 0 } },
      execute: {
        faces: [registerAgentExecuteRoute],
        upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } },
      },
      extensions: [createAgentApiExtension(connectorRegistry)],
    });
    ({ t } = app);
    token = await t.applicationToken();
    // Each form the client may use: definition_id, connector_type by display name and by slug.
    ids.asana = (
      await createThroughFace({
        workspace_name: workspace,
        definition_id: definitionIdOf(module('asana')),
        credentials: { token: asanaSim.tokens.personalAccessToken },
        environment: { base_url: asanaSim.baseUrl },
      })
    ).id;
    ids.zendesk = (
      await createThroughFace({
        workspace_name: workspace,
        connector_type: 'Zendesk Support',
        credentials: { email: zendeskSim.credentials.email, api_token: zendeskSim.credentials.apiToken },
        environment: { base_url: zendeskSim.baseUrl },
        replication_config: { subdomain: 'lumenbikes', start_date: '2020-01-01T00:00:00Z' },
      })
    ).id;
    ids.salesforce = (
      await createThroughFace({
        workspace_name: workspace,
        connector_type: 'salesforce',
        name: 'CRM of the agent test',
        credentials: {
          refresh_token: salesforceSim.credentials.refreshToken,
          client_id: salesforceSim.credentials.clientId,
          client_secret: salesforceSim.credentials.clientSecret,
        },
        environment: { base_url: salesforceSim.loginUrl },
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([asanaSim?.close(), zendeskSim?.close(), salesforceSim?.close()]);
  });

  it('finds each connector by workspace_name and definition_id, as the client does', async () => {
    for (const [name, id] of [
      ['asana', ids.asana],
      ['zendesk', ids.zendesk],
      ['salesforce', ids.salesforce],
    ] as const) {
      const definitionId = definitionIdOf(module(name));
      const found = await t.request(
        'GET',
        `/api/v1/integrations/connectors?workspace_name=${workspace}&definition_id=${definitionId}`,
        {
          token,
          headers: { 'x-adp-agent-sdk': 'airbyte-agent-sdk', 'x-organization-id': crypto.randomUUID() },
        },
      );
      expect(found.status, found.text).toBe(200);
      const data = (
        found.body as { data: { id: string; summarized_source_template: Record<string, unknown> }[] }
      ).data;
      expect(data.map((item) => item.id)).toEqual([id]);
      expect(data[0]!.summarized_source_template).toMatchObject({
        actor_definition_id: definitionId,
        // The slug: the connector's one name (Airbyte's is `zendesk-support` too).
        connector_name: { asana: 'asana', zendesk: 'zendesk-support', salesforce: 'salesforce' }[name],
        name: module(name).displayName,
      });
    }
    // The published ids are the SDK's own.
    expect(definitionIdOf(module('asana'))).toBe('d0243522-dccf-4978-8ba0-37ed47a0bdbf');
    const all = await t.request('GET', `/api/v1/integrations/connectors?workspace_name=${workspace}`, {
      token,
    });
    expect((all.body as { data: unknown[] }).data).toHaveLength(3);
    const none = await t.request(
      'GET',
      `/api/v1/integrations/connectors?workspace_name=${workspace}&definition_id=${crypto.randomUUID()}`,
      { token },
    );
    expect(none.body).toEqual({ data: [] });
    const got = await t.request('GET', `/api/v1/integrations/connectors/${ids.salesforce}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: ids.salesforce,
      name: 'CRM of the agent test',
      replication_config: {},
    });
    expect(got.text).not.toContain(salesforceSim.credentials.clientSecret);
  });

  it('answers every list of the three connectors as the seed route does, record for record', async () => {
    for (const [name, id] of [
      ['asana', ids.asana],
      ['zendesk', ids.zendesk],
      ['salesforce', ids.salesforce],
    ] as const) {
      const { entities } = module(name).definition;
      for (const [entity, { actions }] of Object.entries(entities)) {
        if (!actions.list) continue;
        const params: Params =
          entity === 'query' ? { q: 'SELECT Id, Name FROM Account ORDER BY Id', limit: 3 } : { limit: 3 };
        const [fromSeed, fromFace] = await Promise.all([
          seed(id, entity, 'list', params),
          face(id, { entity, action: 'list', params }),
        ]);
        if (fromSeed.status !== 200) {
          // A list that needs a parameter is refused alike, with the same body.
          expect(fromFace.status, `${name} ${entity}`).toBe(fromSeed.status);
          expect(fromFace.body, `${name} ${entity}`).toEqual(fromSeed.body);
          continue;
        }
        const page = fromSeed.body as SeedPage;
        const envelope = envelopeOf(fromFace);
        expect(envelope.result, `${name} ${entity}`).toEqual(page.records);
        expect(envelope.execution_metadata.connector_instance_id).toBe(id);
        const meta = envelope.connector_metadata as FaceMeta;
        // Salesforce hands out a query locator per run; elsewhere the position is the same, and
        // Zendesk's is a string (the client's typed result reads Zendesk's next_page URL so).
        if (name === 'salesforce') expect(meta.next_page === null).toBe(page.meta.next_page === null);
        else if (name === 'zendesk')
          expect(meta, `${name} ${entity}`).toEqual({ next_page: page.meta.next_page?.offset ?? null });
        else expect(withoutIssueTime(meta), `${name} ${entity}`).toEqual(withoutIssueTime(page.meta));
      }
    }
  });

  it('walks pages with the offset it hands out, as the seed route does', async () => {
    const walk = async (viaFace: boolean, id: string, entity: string, params: Params) => {
      const seen: unknown[] = [];
      let offset: string | undefined;
      for (let page = 0; page < 50; page += 1) {
        const withOffset = offset === undefined ? params : { ...params, offset };
        let records: unknown[];
        let meta: FaceMeta;
        if (viaFace) {
          const envelope = envelopeOf(await face(id, { entity, action: 'list', params: withOffset }));
          records = envelope.result as unknown[];
          meta = envelope.connector_metadata as FaceMeta;
        } else {
          const response = await seed(id, entity, 'list', withOffset);
          expect(response.status, response.text).toBe(200);
          ({ records, meta } = response.body as SeedPage);
        }
        seen.push(...records);
        if (meta.next_page === null) return seen;
        offset = typeof meta.next_page === 'string' ? meta.next_page : meta.next_page.offset;
      }
      throw new Error('more than 50 pages');
    };
    const project = asanaSim.data.projects.find(
      (row) => asanaSim.data.taskGids({ projectGid: row.gid }).length > 4,
    )!;
    for (const [id, entity, params] of [
      [ids.asana, 'project_tasks', { project_gid: project.gid, limit: 2 }],
      [ids.zendesk, 'tickets', { limit: 7 }],
      [ids.salesforce, 'contacts', { limit: 50 }],
    ] as const) {
      const [viaSeed, viaFace] = await Promise.all([
        walk(false, id, entity, params),
        walk(true, id, entity, params),
      ]);
      expect(viaFace.length, entity).toBeGreaterThan(params.limit);
      expect(viaFace, entity).toEqual(viaSeed);
    }
  });

  it("takes the client's param names (Zendesk per_page, Salesforce q) and its check() call, as the seed route does", async () => {
    // per_page is a param alias of the Zendesk definition: both faces resolve it as limit.
    for (const entity of ['tickets', 'users', 'groups']) {
      const [byLimit, bySeed, byFace] = await Promise.all([
        seed(ids.zendesk, entity, 'list', { limit: 2 }),
        seed(ids.zendesk, entity, 'list', { per_page: 2 }),
        face(ids.zendesk, { entity, action: 'list', params: { per_page: 2 } }),
      ]);
      expect(bySeed.status, bySeed.text).toBe(200);
      expect(bySeed.body, entity).toEqual(byLimit.body);
      expect(envelopeOf(byFace).result, entity).toEqual((byLimit.body as SeedPage).records);
    }
    const refused = await face(ids.zendesk, { entity: 'tickets', action: 'list', params: { per_page: 500 } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('params.per_page');
    // q on an sObject list: the caller's SOQL, as the query entity runs it.
    const soql = { q: 'SELECT Id, Name FROM Account ORDER BY Id', limit: 3 };
    const [ownSoql, viaQuery] = await Promise.all([
      face(ids.salesforce, { entity: 'accounts', action: 'list', params: soql }),
      seed(ids.salesforce, 'query', 'list', soql),
    ]);
    expect(envelopeOf(ownSoql).result).toEqual((viaQuery.body as SeedPage).records);
    // check(): the operation the client picks (its preferred_for_check: Salesforce's sobjects
    // list, Zendesk's tickets list; Asana's workspaces list below), with {limit: 1}.
    for (const [id, entity] of [
      [ids.zendesk, 'tickets'],
      [ids.salesforce, 'sobjects'],
    ] as const) {
      const [viaSeed, viaFace] = await Promise.all([
        seed(id, entity, 'list', { limit: 1 }),
        face(id, { entity, action: 'list', params: { limit: 1 } }),
      ]);
      expect(viaSeed.status, viaSeed.text).toBe(200);
      expect((viaSeed.body as SeedPage).records, entity).toHaveLength(1);
      expect(envelopeOf(viaFace).result, entity).toEqual((viaSeed.body as SeedPage).records);
    }
  });

  it("takes Zendesk's page numbers, Salesforce's api_search and Asana's check() as the seed route does", async () => {
    // page (with per_page) as the client walks a Zendesk list: page 1, 2, … until next_page is null.
    const byNumber = async (viaFace: boolean, order: Record<string, string> = {}) => {
      const seen: unknown[] = [];
      for (let number = 1; number <= 50; number += 1) {
        const params = { page: number, per_page: 7, ...order };
        let records: unknown[];
        let meta: FaceMeta;
        if (viaFace) {
          const envelope = envelopeOf(await face(ids.zendesk, { entity: 'tickets', action: 'list', params }));
          records = envelope.result as unknown[];
          meta = envelope.connector_metadata as FaceMeta;
          // As the client's typed result reads it: Zendesk's next_page, a string or null.
          expect(meta.next_page === null || typeof meta.next_page === 'string').toBe(true);
        } else {
          const response = await seed(ids.zendesk, 'tickets', 'list', params);
          expect(response.status, response.text).toBe(200);
          ({ records, meta } = response.body as SeedPage);
        }
        expect(records.length).toBeLessThanOrEqual(7);
        seen.push(...records);
        if (meta.next_page === null) return seen;
      }
      throw new Error('more than 50 pages');
    };
    const [viaSeed, viaFace, whole] = await Promise.all([
      byNumber(false),
      byNumber(true),
      seed(ids.zendesk, 'tickets', 'list', { limit: 100 }),
    ]);
    expect(viaFace).toEqual(viaSeed);
    // Every ticket once, in the order of the cursor pages.
    expect(viaFace).toEqual((whole.body as SeedPage).records);
    // Zendesk's offset order, as the client sends it beside page: the same records both ways.
    const order = { sort_by: 'updated_at', sort_order: 'desc' };
    const [orderedSeed, orderedFace] = await Promise.all([byNumber(false, order), byNumber(true, order)]);
    expect(orderedFace).toEqual(orderedSeed);
    expect(orderedFace).toHaveLength(viaFace.length);
    const updated = (orderedFace as { updated_at: string }[]).map((ticket) => ticket.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
    const past = await face(ids.zendesk, { entity: 'tickets', action: 'list', params: { page: 101 } });
    expect(past.status).toBe(400);
    expect(past.text).toContain('params.page');

    // api_search: the list with SOSL in q, answered as Salesforce's own {searchRecords}.
    const contact = salesforceSim.data.records('Contact').find((row) => typeof row.Email === 'string')!;
    const q = `FIND {*@${String(contact.Email).split('@')[1]}} IN EMAIL FIELDS RETURNING Contact(Id, Name, Email)`;
    const [searched, listed] = await Promise.all([
      face(ids.salesforce, { entity: 'contacts', action: 'api_search', params: { q } }),
      seed(ids.salesforce, 'contacts', 'api_search', { q }),
    ]);
    const search = envelopeOf(searched);
    expect(listed.status, listed.text).toBe(200);
    const hits = (listed.body as SeedPage).records;
    expect(hits.map((hit) => hit.Id)).toContain(contact.Id);
    expect(search.result).toEqual({ searchRecords: hits });
    expect(search.connector_metadata).toBeNull();
    const foreign = await face(ids.salesforce, {
      entity: 'contacts',
      action: 'api_search',
      params: { q: 'FIND {x} RETURNING Account(Id)' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('params.q');

    // Asana's check(): its preferred_for_check operation, the workspaces list, with {limit: 1}.
    const [checkSeed, checkFace] = await Promise.all([
      seed(ids.asana, 'workspaces', 'list', { limit: 1 }),
      face(ids.asana, { entity: 'workspaces', action: 'list', params: { limit: 1 } }),
    ]);
    expect(checkSeed.status, checkSeed.text).toBe(200);
    expect((checkSeed.body as SeedPage).records).toHaveLength(1);
    expect(envelopeOf(checkFace).result).toEqual((checkSeed.body as SeedPage).records);
  });

  it('gets one record as the seed route does; select_fields and exclude_fields trim it', async () => {
    const ticket = (await seed(ids.zendesk, 'tickets', 'get', { ticket_id: 4 })).body as Record<
      string,
      unknown
    >;
    const whole = envelopeOf(
      await face(ids.zendesk, { entity: 'tickets', action: 'get', params: { ticket_id: 4 } }),
    );
    expect(whole.result).toEqual(ticket);
    expect(whole.connector_metadata).toBeNull();
    const selected = envelopeOf(
      await face(ids.zendesk, {
        entity: 'tickets',
        action: 'get',
        params: { ticket_id: 4 },
        select_fields: ['id', 'subject', 'via.channel'],
        exclude_fields: ['subject'],
        skip_truncation: true,
        intent: 'the ticket the user asked about',
      }),
    );
    expect(selected.result).toEqual({
      id: ticket.id,
      subject: ticket.subject,
      via: { channel: (ticket.via as { channel: string }).channel },
    });
    const excluded = envelopeOf(
      await face(ids.zendesk, {
        entity: 'tickets',
        action: 'list',
        params: { limit: 2 },
        exclude_fields: ['description', 'via.source'],
      }),
    );
    for (const record of excluded.result as Record<string, unknown>[]) {
      expect(record).not.toHaveProperty('description');
      expect(record.via).not.toHaveProperty('source');
      expect(record).toHaveProperty('subject');
    }
  });

  it('context_store_search answers {data, meta} over the synced copy, with cursors, fields and an integer took_ms', async () => {
    const sync = await t.request('POST', `/api/v1/connectors/sources/${ids.asana}/sync`, { token, body: {} });
    expect(sync.status, sync.text).toBe(202);
    await until(
      async () =>
        SyncSummarySchema.parse(
          (await t.request('GET', `/api/v1/connectors/sources/${ids.asana}/sync`, { token })).body,
        ),
      (summary) => summary.state !== 'running' && summary.last_success_at !== null,
    );
    const queries: Params[] = [
      { query: { filter: { eq: { completed: false } }, sort: [{ gid: 'asc' }] }, limit: 3 },
      { query: { filter: { fuzzy: { name: asanaSim.data.taskName(0).slice(0, 6) } } }, limit: 5 },
      {
        query: { filter: { and: [{ neq: { completed: true } }, { like: { name: '%a%' } }] } },
        limit: 4,
        fields: [['gid'], ['assignee', 'name']],
      },
      { query: {}, limit: 4, fields: ['gid', 'name'] },
      // The rest of the 13 operators, each as the client sends it, paged by cursor.
      { query: { filter: { gt: { created_at: '2000-01-01' } }, sort: [{ created_at: 'desc' }] }, limit: 5 },
      { query: { filter: { gte: { num_subtasks: 0 } } }, limit: 6 },
      { query: { filter: { lt: { created_at: '2999-01-01' } } }, limit: 7 },
      { query: { filter: { lte: { num_subtasks: 100 } } }, limit: 8, fields: ['gid', 'num_subtasks'] },
      {
        query: { filter: { in: { gid: asanaSim.data.taskGids().slice(0, 5) } } },
        limit: 2,
      },
      { query: { filter: { keyword: { name: asanaSim.data.taskName(1).split(' ')[0]! } } }, limit: 3 },
      {
        query: { filter: { or: [{ eq: { completed: true } }, { not: { eq: { completed: true } } }] } },
        limit: 9,
      },
    ];
    for (const params of queries) {
      const viaSeed: unknown[] = [];
      const viaFace: unknown[] = [];
      let seedCursor: string | null | undefined;
      let faceCursor: string | null | undefined;
      for (let page = 0; page < 20; page += 1) {
        const seedPage = (
          await seed(ids.asana, 'tasks', 'search', seedCursor ? { ...params, cursor: seedCursor } : params)
        ).body as SeedSearch;
        const envelope = envelopeOf(
          await face(ids.asana, {
            entity: 'tasks',
            action: 'context_store_search',
            params: faceCursor ? { ...params, cursor: faceCursor } : params,
          }),
        );
        const result = envelope.result as FaceSearch;
        expect(Number.isInteger(result.meta.took_ms)).toBe(true);
        expect(Number.isInteger(seedPage.took_ms)).toBe(true);
        expect(result.meta.has_more).toBe(seedPage.next_cursor !== null);
        viaSeed.push(...seedPage.hits.map((hit) => hit.data));
        viaFace.push(...result.data);
        seedCursor = seedPage.next_cursor;
        faceCursor = result.meta.cursor;
        if (!result.meta.has_more) break;
      }
      expect(viaFace.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(viaFace, JSON.stringify(params)).toEqual(viaSeed);
    }
  });

  it('answers faults as the client maps them: 404, 400 naming the field, params null, an integer Retry-After', async () => {
    const missing = await face(crypto.randomUUID(), { entity: 'tasks', action: 'list', params: null });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: expect.any(String),
      errors: [expect.objectContaining({ error_code: 'not_found' })],
    });
    const unknownEntity = await face(ids.asana, { entity: 'taskz', action: 'list', params: null });
    expect(unknownEntity.status).toBe(400);
    expect(unknownEntity.text).toContain('taskz');
    const unknownField = await face(ids.asana, {
      entity: 'workspaces',
      action: 'list',
      params: null,
      intnet: 'x',
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.text).toContain('intnet');
    const nullParams = envelopeOf(
      await face(ids.asana, { entity: 'workspaces', action: 'list', params: null }),
    );
    expect(nullParams.result).toEqual(
      ((await seed(ids.asana, 'workspaces', 'list', {})).body as SeedPage).records,
    );
    const refused = await t.request('GET', '/api/v1/integrations/connectors?workspace_name=x', {
      token: 'not-a-token',
    });
    expect(refused.status).toBe(401);

    const fault = asanaSim.faults.inject(
      { kind: 'status', status: 429, retryAfterSeconds: 120 },
      { times: 20, path: '/users' },
    );
    try {
      const limited = await face(ids.asana, { entity: 'users', action: 'list', params: { limit: 1 } });
      const seeded = await seed(ids.asana, 'users', 'list', { limit: 1 });
      expect(limited.status).toBe(seeded.status);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      fault.cancel();
    }
  });

  it('streams downloads as raw bytes, a range as 206', async () => {
    const file = asanaSim.data.attachments.find((attachment) => attachment.size > 100)!;
    const url = `${t.server.url}/api/v1/integrations/connectors/${ids.asana}/execute`;
    const post = (params: Params) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entity: 'attachments', action: 'download', params }),
      });
    const whole = await post({ attachment_gid: file.gid });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).not.toContain('json');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(file.size);
    const part = await post({ attachment_gid: file.gid, range_header: 'bytes=10-29' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 30))).toBe(true);
  });

  it('a scoped token sees only its own workspace; DELETE answers 202 with a job id', async () => {
    const stranger = await t.scopedToken('someone-else');
    const hidden = await t.request('GET', `/api/v1/integrations/connectors?workspace_name=${workspace}`, {
      token: stranger,
    });
    expect(hidden.status === 403 || (hidden.body as { data: unknown[] }).data.length === 0).toBe(true);
    expect(
      (await face(ids.zendesk, { entity: 'tickets', action: 'list', params: null }, stranger)).status,
    ).toBe(404);

    const doomed = await createThroughFace({
      workspace_name: workspace,
      connector_type: 'asana',
      credentials: { token: asanaSim.tokens.personalAccessToken },
      environment: { base_url: asanaSim.baseUrl },
    });
    expect(doomed.name).toBe(`asana - ${workspace}`);
    const deleted = await t.request('DELETE', `/api/v1/integrations/connectors/${doomed.id}`, { token });
    expect(deleted.status).toBe(202);
    expect((deleted.body as { job_id: string }).job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.request('GET', `/api/v1/integrations/connectors/${doomed.id}`, { token })).status).toBe(
      404,
    );
  });

  it('refuses a create it cannot honour, naming the field', async () => {
    const create = (body: Params) => t.request('POST', '/api/v1/integrations/connectors', { token, body });
    const conflicting = await create({
      workspace_name: workspace,
      connector_type: 'salesforce',
      definition_id: definitionIdOf(module('asana')),
      credentials: { token: 'x' },
    });
    expect(conflicting.status).toBe(400);
    expect(conflicting.text).toContain('definition_id');
    const unknown = await create({
      workspace_name: workspace,
      connector_type: 'Jira',
      credentials: { token: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('connector_type');
    const oauthSecret = await create({
      workspace_name: workspace,
      connector_type: 'asana',
      server_side_oauth_secret_id: 'secret-1',
    });
    expect(oauthSecret.status).toBe(400);
    expect(oauthSecret.text).toContain('server_side_oauth_secret_id');
    const noCredentials = await create({ workspace_name: workspace, connector_type: 'asana' });
    expect(noCredentials.status).toBe(400);
    expect(noCredentials.text).toContain('credentials');
    const badCredentials = await create({
      workspace_name: workspace,
      connector_type: 'asana',
      credentials: { pat: 'x' },
    });
    expect(badCredentials.status).toBe(422);
    expect(badCredentials.text).toContain('token');
  });
});
