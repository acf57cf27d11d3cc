import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import { startZendeskSimulator, type ZendeskSimulator, zendeskAttachmentBytes } from '@conduit/testkit';
import { createZendeskSupport, type ZendeskSupport } from '@conduit/zendesk-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncTestApp, startSyncTestApp } from '../sync/test-support/sync-test-app';
import type { TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';

type Params = Record<string, unknown>;

describe.each(['sqlite', 'postgres'] as const)('the support-desk connector in hosted mode on %s', (kind) => {
  let app: SyncTestApp;
  let sim: ZendeskSimulator;
  let t: TestApp;
  let token: string;
  let connectorId: string;
  let local: ZendeskSupport;

  const execute = (entity: string, action: string, params: Params, id = connectorId) =>
    t.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
      token,
      body: { entity, action, params },
    });
  const summary = async () =>
    SyncSummarySchema.parse(
      (await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token })).body,
    );
  const search = async (entity: string, params: Params) => {
    const response = await execute(entity, 'search', params);
    expect(response.status, response.text).toBe(200);
    return response.body as { hits: { id: string; data: Record<string, unknown> }[] };
  };
  const create = async (
    credentials: Record<string, unknown>,
    config: Record<string, unknown> = { subdomain: 'lumenbikes', base_url: sim.baseUrl },
  ) =>
    t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: `zendesk-${kind}`, connector_type: 'support-desk', credentials, config },
    });

  beforeAll(async () => {
    // Records become exportable at once, so an incremental run right after a change sees it.
    sim = await startZendeskSimulator({ rateLimit: false, exportDelaySeconds: 0 });
    app = await startSyncTestApp(kind, `zendesk_${kind}`, {
      sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 } },
      execute: { upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } } },
    });
    ({ t } = app);
    token = await t.applicationToken();
    const credentials = { email: sim.credentials.email, api_token: sim.credentials.apiToken };
    const created = await create(credentials);
    expect(created.status, created.text).toBe(201);
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    local = createZendeskSupport({ credentials, config: { base_url: sim.baseUrl }, rateLimit: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('validates credentials and config at creation, naming the field', async () => {
    const badSubdomain = await create({ access_token: 'x' }, { subdomain: 'https://acme.zendesk.com' });
    expect(badSubdomain.status).toBe(422);
    expect(badSubdomain.text).toContain('subdomain');
    const badCredentials = await create({ email: 'agent@acme.example' });
    expect(badCredentials.status).toBe(422);
    expect(badCredentials.text).toContain('api_token');
  });

  it('answers every list and get as local mode does (parity)', async () => {
    const data = sim.data;
    const attachment = [...data.attachmentById.values()].find(
      (a) => !a.inline && data.ticket(a.ticketId) !== undefined,
    )!;
    const calls: Array<[string, string, Params]> = [
      ['tickets', 'list', { limit: 5 }],
      ['tickets', 'list', { limit: 3, sort: '-updated_at' }],
      ['tickets', 'get', { ticket_id: 4 }],
      ['ticket_comments', 'list', { ticket_id: 4 }],
      ['users', 'list', { limit: 5, role: 'agent' }],
      ['users', 'get', { user_id: data.users[9]!.id }],
      ['organizations', 'list', { limit: 2 }],
      ['organizations', 'get', { organization_id: data.organizations[1]!.id }],
      ['groups', 'list', {}],
      ['groups', 'get', { group_id: data.groups[2]!.id }],
      ['attachments', 'get', { attachment_id: attachment.id }],
      ['ticket_audits', 'list', { ticket_id: 4 }],
      ['ticket_metrics', 'list', { limit: 3 }],
      ['ticket_metrics', 'get', { ticket_metric_id: 4 }],
      ['ticket_fields', 'list', { limit: 4 }],
      ['ticket_fields', 'get', { ticket_field_id: data.config.ticketFields[7]!.id }],
      ['brands', 'list', {}],
      ['brands', 'get', { brand_id: data.config.brands[1]!.id }],
      ['tags', 'list', { limit: 5 }],
      ['satisfaction_ratings', 'list', { score: 'good' }],
      ['satisfaction_ratings', 'get', { satisfaction_rating_id: data.satisfactionRatings[0]!.id }],
      ['group_memberships', 'list', {}],
      ['organization_memberships', 'list', { limit: 4 }],
      ['ticket_forms', 'list', { limit: 1 }],
      ['ticket_forms', 'get', { ticket_form_id: data.config.ticketForms[1]!.id }],
      ['views', 'list', { active: true }],
      ['views', 'get', { view_id: data.config.views[0]!.id }],
      ['macros', 'list', {}],
      ['macros', 'get', { macro_id: data.config.macros[1]!.id }],
      ['sla_policies', 'list', {}],
      ['sla_policies', 'get', { sla_policy_id: data.config.slaPolicies[0]!.id }],
    ];
    for (const [entity, action, params] of calls) {
      const hosted = await execute(entity, action, params);
      expect(hosted.status, `${entity}.${action}: ${hosted.text}`).toBe(200);
      const mine = JSON.parse(
        JSON.stringify(await local.execute(entity as never, action as never, params as never)),
      );
      expect(hosted.body, `${entity}.${action}`).toEqual(mine);
    }
    // A next page too: the offset the service hands out works on the service.
    const first = (await execute('tickets', 'list', { limit: 2 })).body as {
      meta: { next_page: { offset: string } };
    };
    const second = await execute('tickets', 'list', { limit: 2, offset: first.meta.next_page.offset });
    expect((second.body as { records: { id: number }[] }).records.map((r) => r.id)).toEqual([3, 4]);
  });

  it('streams a download through the service with the upstream Content-Type, and a range as 206', async () => {
    const row = [...sim.data.attachmentById.values()].find(
      (a) => !a.inline && sim.data.ticket(a.ticketId) !== undefined,
    )!;
    const url = `${t.server.url}/api/v1/connectors/sources/${connectorId}/execute`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const whole = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ entity: 'attachments', action: 'download', params: { attachment_id: row.id } }),
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe(
      (await local.attachments.get({ attachment_id: row.id })).content_type,
    );
    expect(Buffer.from(await whole.arrayBuffer()).equals(zendeskAttachmentBytes(row, 0, row.size))).toBe(
      true,
    );
    const part = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        entity: 'attachments',
        action: 'download',
        params: { attachment_id: row.id, range_header: 'bytes=0-9' },
      }),
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(zendeskAttachmentBytes(row, 0, 10))).toBe(true);
    const storage = sim.requests.all.filter((r) => r.host === 'storage');
    expect(storage.length).toBeGreaterThanOrEqual(2);
    expect(storage.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('bad params → 400 naming the field; an unknown record → the upstream 404 with code not_found', async () => {
    const bad = await execute('tickets', 'get', { ticket_id: 'four' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('ticket_id');
    const missing = await execute('users', 'get', { user_id: 1 });
    // As for every kind: a record the upstream says does not exist answers 404 not_found (contract §5).
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('not_found');
  });

  it('syncs tickets, users, organizations and groups; search over them with ids as strings', async () => {
    const done = await until(summary, (value) => value.state !== 'running' && value.last_success_at !== null);
    expect(done.state).toBe('idle');
    const counts = Object.fromEntries(done.entities.map((entity) => [entity.entity, entity.records]));
    expect(counts).toMatchObject({
      tickets: sim.data.tickets.length,
      users: sim.data.users.length,
      organizations: sim.data.organizations.length,
      groups: sim.data.groups.length,
    });
    const open = await search('tickets', {
      query: { filter: { eq: { status: 'open' } }, sort: [{ id: 'asc' }] },
    });
    expect(open.hits.map((hit) => hit.id)).toEqual(
      sim.data.tickets.filter((t) => t.status === 'open').map((t) => String(t.id)),
    );
    const battery = await search('tickets', {
      query: {
        filter: {
          and: [
            { eq: { tags: 'battery' } },
            { in: { priority: ['high', 'urgent'] } },
            { gte: { created_at: '2025-01-01T00:00:00Z' } },
          ],
        },
      },
    });
    expect(battery.hits.length).toBeGreaterThan(0);
    expect(battery.hits.every((hit) => (hit.data.tags as string[]).includes('battery'))).toBe(true);
    const fuzzy = await search('tickets', { query: { filter: { fuzzy: { subject: 'charjer' } } } });
    expect(fuzzy.hits[0]?.data.subject).toMatch(/Charger/);
    const requester = sim.data.tickets[0]!.requesterId;
    const byRequester = await search('tickets', {
      query: { filter: { eq: { requester_id: requester } } },
      fields: ['subject'],
    });
    expect(byRequester.hits.length).toBeGreaterThan(0);
    const agents = await search('users', { query: { filter: { eq: { role: 'agent' } } } });
    expect(agents.hits.length).toBe(sim.data.users.filter((u) => u.role === 'agent').length);
    expect(
      (await search('organizations', { query: { filter: { like: { name: 'greenbriar%' } } } })).hits,
    ).toHaveLength(1);
    expect((await search('groups', { query: {} })).hits).toHaveLength(sim.data.groups.length);
  });

  it('an incremental sync sees an update and a deletion through the export', async () => {
    await until(summary, (value) => value.state !== 'running' && value.last_success_at !== null);
    sim.data.updateTicket(6, { status: 'solved', subject: 'Brake squeal fixed' });
    sim.data.deleteTicket(7);
    const started = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/sync`, { token });
    expect(started.status).toBe(202);
    const updated = await until(
      () => search('tickets', { query: { filter: { eq: { id: 6 } } } }),
      (result) => result.hits[0]?.data.status === 'solved',
    );
    expect(updated.hits[0]?.data).toMatchObject({ status: 'solved', subject: 'Brake squeal fixed' });
    await until(
      () => search('tickets', { query: { filter: { eq: { id: 7 } } } }),
      (result) => result.hits.length === 0,
    );
    const incremental = sim.requests.all.filter((r) => r.route === '/incremental/tickets/cursor').at(-1)!;
    expect(incremental.query.get('exclude_deleted')).toBeNull();
  });

  it('refused upstream credentials → 502 upstream_auth_failed and the connector needs_reauth', async () => {
    const created = await create({ email: sim.credentials.email, api_token: 'revoked-token' });
    const id = CreatedConnectorSchema.parse(created.body).id;
    const refused = await execute('tickets', 'list', {}, id);
    expect(refused.status).toBe(502);
    expect(refused.text).toContain('upstream_auth_failed');
    const connector = await t.request('GET', `/v1/integrations/connectors/${id}`, { token });
    expect((connector.body as { status: string }).status).toBe('needs_reauth');
  });
});
