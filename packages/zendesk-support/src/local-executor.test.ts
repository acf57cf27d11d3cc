import { missingUpstreams, unreadableListings } from '@conduit/connector-kit';
import { AuthenticationError, NotFoundError, PermissionError, ValidationError } from '@conduit/protocol';
import {
  createLiveMemoryProbe,
  startZendeskSimulator,
  type ZendeskSimulator,
  zendeskAttachmentBytes,
} from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zendeskDefinition } from './definition/definition';
import { zendeskSyncPlan } from './sync-plan';
import { ticketingSpec } from './test-support/ticketing-spec';
import { PaginationLimitError } from './zendesk-errors';
import { createZendeskSupport, type ZendeskSupport } from './zendesk-support';

const spec = ticketingSpec('Zendesk connector: spec conformance');

let sim: ZendeskSimulator;
let zendesk: ZendeskSupport;

function connect(
  credentials: Parameters<typeof createZendeskSupport>[0] extends infer O
    ? O extends { credentials: infer C }
      ? C
      : never
    : never,
) {
  return createZendeskSupport({ credentials, config: { base_url: sim.baseUrl }, retry: false });
}

async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

beforeAll(async () => {
  sim = await startZendeskSimulator({ dataset: { tickets: 450 }, rateLimit: false });
  zendesk = connect({ email: sim.credentials.email, api_token: sim.credentials.apiToken });
});

afterAll(async () => {
  await sim?.close();
});

describe('the definition', () => {
  it('declares an upstream request for every action but search, and a readable sync plan', () => {
    expect(missingUpstreams(zendeskDefinition)).toEqual([]);
    expect(unreadableListings(zendeskDefinition, zendeskSyncPlan)).toEqual([]);
    expect(Object.keys(zendeskDefinition.entities)).toEqual([
      'tickets',
      'ticket_comments',
      'users',
      'organizations',
      'groups',
      'attachments',
      'ticket_audits',
      'ticket_metrics',
      'ticket_fields',
      'brands',
      'tags',
      'satisfaction_ratings',
      'group_memberships',
      'organization_memberships',
      'ticket_forms',
      'views',
      'macros',
      'sla_policies',
    ]);
  });
});

describe('local mode against the simulator', () => {
  it('tickets: every live ticket through cursor pages, next_page holding exactly the offset to pass back', async () => {
    const first = await zendesk.tickets.list({ limit: 100 });
    expect(first.records).toHaveLength(100);
    expect(Object.keys(first.meta.next_page ?? {})).toEqual(['offset']);
    const tickets = await all(zendesk.tickets.list({ limit: 100 }));
    expect(tickets.map((t) => t.id)).toEqual(sim.data.liveTickets().map((t) => t.id));
    const sorted = await zendesk.tickets.list({ limit: 3, sort: '-updated_at' });
    expect(sorted.records[0]!.updated_at >= sorted.records[1]!.updated_at).toBe(true);
    const ticket = await zendesk.tickets.get({ ticket_id: 4 });
    expect(ticket).toMatchObject({ id: 4, subject: sim.data.ticketById.get(4)!.subject });
    expect((await zendesk.tickets.get({ ticket_id: '4' })).id).toBe(4);
    const byExternal = await zendesk.tickets.list({ external_id: 'crm-1003' });
    expect(byExternal.records.map((t) => t.external_id)).toEqual(['crm-1003']);
    const requests = sim.requests.all.filter((r) => r.route === '/tickets');
    expect(requests.every((r) => r.query.has('page[size]'))).toBe(true);
  });

  it('tickets with start_time: the incremental export, deletions included unless excluded', async () => {
    const victim = sim.data.liveTickets()[7]!;
    sim.data.deleteTicket(victim.id);
    sim.clock.advance(120_000);
    const changes = await all(zendesk.tickets.list({ start_time: 0 }));
    expect(changes.find((t) => t.id === victim.id)?.status).toBe('deleted');
    expect(changes).toHaveLength(sim.data.tickets.length);
    const kept = await all(zendesk.tickets.list({ start_time: 0, exclude_deleted: true }));
    expect(kept.some((t) => t.id === victim.id)).toBe(false);
    expect(await failure(zendesk.tickets.get({ ticket_id: victim.id }))).toBeInstanceOf(NotFoundError);
  });

  it('ticket comments, audits (all and per ticket), metrics', async () => {
    const comments = await all(zendesk.ticket_comments.list({ ticket_id: 4, limit: 2 }));
    expect(comments.map((c) => c.id)).toEqual(
      sim.data.commentsOf(sim.data.ticketById.get(4)!).map((c) => c.id),
    );
    const withInline = sim.data.ticketById.get(
      [...sim.data.attachmentById.values()].find((a) => a.inline)!.ticketId,
    )!;
    const inline = await zendesk.ticket_comments.list({
      ticket_id: withInline.id,
      include_inline_images: true,
    });
    expect(inline.records.flatMap((c) => c.attachments).some((a) => a.inline === true)).toBe(true);
    const audits = await zendesk.ticket_audits.list({ ticket_id: 4 });
    expect(audits.records.every((a) => a.ticket_id === 4)).toBe(true);
    const everyAudit = await zendesk.ticket_audits.list({ limit: 50 });
    expect(everyAudit.records).toHaveLength(50);
    const second = await zendesk.ticket_audits.list({ limit: 50, offset: everyAudit.meta.next_page!.offset });
    expect(second.records[0]!.id).toBeLessThan(everyAudit.records.at(-1)!.id);
    const metrics = await zendesk.ticket_metrics.list({ limit: 5 });
    expect(metrics.records).toHaveLength(5);
    expect((await zendesk.ticket_metrics.get({ ticket_metric_id: metrics.records[0]!.id })).ticket_id).toBe(
      metrics.records[0]!.ticket_id,
    );
  });

  it('users, organizations, groups and memberships', async () => {
    const users = await all(zendesk.users.list());
    expect(users).toHaveLength(sim.data.users.length);
    const agents = await all(zendesk.users.list({ role: 'agent' }));
    expect(agents.every((u) => u.role === 'agent')).toBe(true);
    expect((await zendesk.users.get({ user_id: users[3]!.id })).email).toBe(users[3]!.email);
    const organizations = await all(zendesk.organizations.list({ limit: 2 }));
    expect(organizations.map((o) => o.name)).toContain('Greenbriar Corporation');
    expect((await zendesk.organizations.get({ organization_id: organizations[0]!.id })).id).toBe(
      organizations[0]!.id,
    );
    const groups = await all(zendesk.groups.list({ exclude_deleted: true }));
    expect((await zendesk.groups.get({ group_id: groups[1]!.id })).name).toBe(groups[1]!.name);
    expect((await all(zendesk.group_memberships.list())).length).toBe(sim.data.groupMemberships.length);
    expect((await all(zendesk.organization_memberships.list({ limit: 7 }))).length).toBe(
      sim.data.users.filter((u) => u.organizationId !== null).length,
    );
  });

  it('admin configuration: fields, forms, brands, tags, ratings, views, macros, SLA policies', async () => {
    const fields = await all(zendesk.ticket_fields.list({ limit: 4 }));
    expect(fields).toHaveLength(sim.data.config.ticketFields.length);
    expect((await zendesk.ticket_fields.get({ ticket_field_id: fields[8]!.id })).title).toBe('Serial number');
    const forms = await all(zendesk.ticket_forms.list({ limit: 1 }));
    expect(forms.map((f) => f.name)).toEqual(['Default ticket form', 'Warranty claim']);
    expect((await zendesk.ticket_forms.get({ ticket_form_id: forms[1]!.id })).name).toBe('Warranty claim');
    const brands = await all(zendesk.brands.list());
    expect((await zendesk.brands.get({ brand_id: brands[0]!.id })).subdomain).toBe(brands[0]!.subdomain);
    const tags = await zendesk.tags.list({ limit: 5 });
    expect(tags.records[0]!.count).toBeGreaterThanOrEqual(tags.records[1]!.count);
    const good = await all(zendesk.satisfaction_ratings.list({ score: 'good' }));
    expect(good.every((r) => r.score === 'good')).toBe(true);
    expect((await zendesk.satisfaction_ratings.get({ satisfaction_rating_id: good[0]!.id })).ticket_id).toBe(
      good[0]!.ticket_id,
    );
    const views = await all(zendesk.views.list({ active: true }));
    expect(views.every((v) => v.active === true)).toBe(true);
    expect((await zendesk.views.get({ view_id: views[0]!.id })).title).toBe(views[0]!.title);
    const macros = await all(zendesk.macros.list());
    expect((await zendesk.macros.get({ macro_id: macros[2]!.id })).actions.length).toBeGreaterThan(0);
    const policies = await all(zendesk.sla_policies.list({ limit: 1 }));
    expect(policies).toHaveLength(2);
    expect((await zendesk.sla_policies.get({ sla_policy_id: policies[0]!.id })).title).toBe('Fleet accounts');
  });

  it('attachments: get, download whole and by range without Authorization on the storage host', async () => {
    const row = [...sim.data.attachmentById.values()].find(
      (a) => !a.inline && sim.data.ticket(a.ticketId) !== undefined,
    )!;
    const attachment = await zendesk.attachments.get({ attachment_id: row.id });
    expect(attachment).toMatchObject({ file_name: row.fileName, size: row.size });
    sim.requests.clear();
    const whole = await zendesk.attachments.download({ attachment_id: row.id });
    expect(whole.contentType).toBe(attachment.content_type);
    expect(whole.filename).toBe(row.fileName);
    const chunks: Buffer[] = [];
    for await (const chunk of whole) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(zendeskAttachmentBytes(row, 0, row.size))).toBe(true);
    const storage = sim.requests.all.filter((r) => r.host === 'storage');
    expect(storage).toHaveLength(1);
    expect(storage[0]!.headers.authorization).toBeUndefined();
    expect(storage[0]!.status).toBe(200);
    const part = await zendesk.attachments.download({ attachment_id: row.id, range_header: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.contentRange).toBe(`bytes 100-199/${row.size}`);
    const bytes: Buffer[] = [];
    for await (const chunk of part) bytes.push(Buffer.from(chunk));
    expect(Buffer.concat(bytes).equals(zendeskAttachmentBytes(row, 100, 200))).toBe(true);
  });

  it('a range past the end of the file → ValidationError naming range_header, with the size', async () => {
    const row = [...sim.data.attachmentById.values()].find(
      (a) => !a.inline && sim.data.ticket(a.ticketId) !== undefined,
    )!;
    const error = await failure(
      zendesk.attachments.download({ attachment_id: row.id, range_header: `bytes=${row.size}-` }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'range_not_satisfiable',
      details: [
        {
          field: 'params.range_header',
          message: `range_header: bytes=${row.size}- is outside the content (${row.size} bytes)`,
          error_code: 'range_not_satisfiable',
        },
      ],
    });
  });

  it('large downloads stream: a paused reader holds a few chunks, not the file', async () => {
    const ticket = sim.data.liveTickets()[1]!;
    const comment = sim.data.addComment(ticket.id, {
      body: 'log attached',
      attachments: [{ fileName: 'trace.bin', size: 64 * 1024 * 1024 }],
    });
    const id = comment.attachmentIds[0]!;
    const download = await zendesk.attachments.download({ attachment_id: id });
    expect(download.contentLength).toBe(64 * 1024 * 1024);
    const iterator = download[Symbol.asyncIterator]();
    // What survives a full collection, not raw arrayBuffers: on a loaded machine the collector
    // lags by tens of MiB of earlier tests' garbage, which the raw figure counted as held.
    const probe = createLiveMemoryProbe();
    let size = (await iterator.next()).value.byteLength as number;
    // Were the body buffered, the whole 64 MiB would arrive while the reader waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probe.sample()).toBeLessThan(16 * 1024 * 1024);
    for (let step = await iterator.next(); !step.done; step = await iterator.next())
      size += step.value.byteLength;
    expect(size).toBe(64 * 1024 * 1024);
    // 64 MiB through the simulator and the client in one process: seconds on a loaded machine,
    // past vitest's 5 s default.
  }, 60_000);

  it('the OAuth method sends a bearer token', async () => {
    const oauth = connect({ access_token: sim.credentials.accessToken });
    expect((await oauth.users.list({ limit: 1 })).records).toHaveLength(1);
    expect(sim.requests.all.at(-1)!.headers.authorization).toBe(`Bearer ${sim.credentials.accessToken}`);
  });
});

describe('errors', () => {
  it("refused credentials → AuthenticationError with Zendesk's message; forbidden → PermissionError", async () => {
    const wrong = connect({ email: sim.credentials.email, api_token: 'nope' });
    const refused = await failure(wrong.tickets.list());
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect((refused as Error).message).toContain("Couldn't authenticate you");
    const agent = sim.data.users.find((u) => u.role === 'agent')!;
    const limited = connect({ email: agent.email, api_token: sim.issueApiToken(agent.id) });
    expect(await failure(limited.sla_policies.list())).toBeInstanceOf(PermissionError);
  });

  it('not found → NotFoundError; offset past the limit → PaginationLimitError', async () => {
    expect(await failure(zendesk.users.get({ user_id: 1 }))).toBeInstanceOf(NotFoundError);
    const mapped = (await import('./zendesk-errors')).mapZendeskError({
      status: 400,
      body: { error: 'InvalidPaginationParameter', description: 'past page 100' },
      headers: new Headers(),
      request: { method: 'GET', url: 'https://acme.zendesk.com/api/v2/tickets?page=101', headers: {} },
    });
    expect(mapped).toBeInstanceOf(PaginationLimitError);
    expect(mapped?.details[0]?.field).toBe('offset');
  });

  it('bad input → ValidationError naming the field, before any request', async () => {
    sim.requests.clear();
    const cases: Array<[PromiseLike<unknown>, string]> = [
      [zendesk.tickets.get({ ticket_id: 'abc' as unknown as number }), 'ticket_id'],
      [zendesk.tickets.list({ limit: 500 }), 'limit'],
      [zendesk.tickets.list({ sort: 'priority' as never }), 'sort'],
      [zendesk.tickets.list({ start_time: 5, sort: 'id' }), 'start_time'],
      [zendesk.tickets.list({ exclude_deleted: true }), 'exclude_deleted'],
      [zendesk.users.list({ role: 'owner' as never }), 'role'],
      [zendesk.ticket_comments.list({} as never), 'ticket_id'],
      [zendesk.attachments.download({ attachment_id: 1, range_header: 'bytes=a-b' }), 'range_header'],
      // Zendesk's storage ignores these and sends the whole file with a 200.
      [zendesk.attachments.download({ attachment_id: 1, range_header: 'bytes=-' }), 'range_header'],
      [zendesk.attachments.download({ attachment_id: 1, range_header: 'bytes=500-100' }), 'range_header'],
      [zendesk.satisfaction_ratings.list({ score: 'great' as never }), 'score'],
      [zendesk.execute('tickets', 'list', { frobnicate: 1 }), 'frobnicate'],
    ];
    for (const [promise, field] of cases) {
      const error = await failure(promise);
      expect(error, field).toBeInstanceOf(ValidationError);
      expect(JSON.stringify((error as ValidationError).details), field).toContain(field);
    }
    expect(sim.requests.all).toHaveLength(0);
  });

  it('a missing or ill-typed id → missing_param "is required", or a message saying what an id is', async () => {
    const missing = (await failure(zendesk.tickets.get({} as never))) as ValidationError;
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.code).toBe('missing_param');
    expect(missing.details).toEqual([
      { field: 'params.ticket_id', message: 'ticket_id is required', error_code: 'missing_param' },
    ]);
    const comments = (await failure(zendesk.ticket_comments.list({} as never))) as ValidationError;
    expect(comments.code).toBe('missing_param');
    for (const wrong of [true, -3, 1.5, null]) {
      const error = (await failure(
        zendesk.attachments.download({ attachment_id: wrong as never }),
      )) as ValidationError;
      expect(error.code, String(wrong)).toBe('invalid_param');
      expect(error.details[0]?.message, String(wrong)).toBe(
        'attachment_id: must be a positive integer id (a number, or its digits as a string)',
      );
    }
  });

  it('bad credentials or config → ValidationError naming the field', () => {
    const bad = (fn: () => unknown): ValidationError => {
      try {
        fn();
      } catch (error) {
        return error as ValidationError;
      }
      throw new Error('no error');
    };
    const subdomain = bad(() =>
      createZendeskSupport({ credentials: { access_token: 't' }, config: { subdomain: 'acme.zendesk.com' } }),
    );
    expect(subdomain).toBeInstanceOf(ValidationError);
    expect(subdomain.details[0]?.field).toContain('subdomain');
    const email = bad(() =>
      createZendeskSupport({
        credentials: { email: 'not-an-email', api_token: 't' },
        config: { subdomain: 'acme' },
      }),
    );
    expect(JSON.stringify(email.details)).toContain('email');
  });

  it('no config, or one with neither subdomain nor base_url → ValidationError naming config, never a default host', () => {
    const attempt = (options: unknown): unknown => {
      try {
        return createZendeskSupport(options as Parameters<typeof createZendeskSupport>[0]);
      } catch (error) {
        return error;
      }
    };
    // The shape of the Asana options, a top-level baseUrl: named, with the option to use.
    const asanaShaped = attempt({ credentials: { access_token: 't' }, baseUrl: sim.baseUrl });
    expect(asanaShaped).toBeInstanceOf(ValidationError);
    expect((asanaShaped as ValidationError).details[0]).toMatchObject({
      field: 'baseUrl',
      message: 'unknown option baseUrl (use config.base_url)',
    });
    const withoutConfig = attempt({ credentials: { access_token: 't' } });
    expect(withoutConfig).toBeInstanceOf(ValidationError);
    expect((withoutConfig as ValidationError).code).toBe('invalid_config');
    expect((withoutConfig as ValidationError).details[0]?.field).toBe('config');
    expect((withoutConfig as ValidationError).message).toMatch(/subdomain.*base_url/);
    const empty = attempt({ credentials: { access_token: 't' }, config: {} });
    expect(empty).toBeInstanceOf(ValidationError);
    expect((empty as ValidationError).details[0]?.field).toBe('config.subdomain');
  });
});

describe.skipIf(spec.missing)('spec conformance', () => {
  it('every request the connector sent in these tests is valid for ticketing.yaml', async () => {
    // Runs last in the file: the log still holds the traffic of the tests above since the last clear.
    await all(zendesk.tickets.list({ limit: 100, sort: 'created_at' }));
    await all(zendesk.tickets.list({ start_time: 0 }));
    await zendesk.ticket_comments.list({ ticket_id: 4, sort: '-created_at', include_inline_images: false });
    await zendesk.satisfaction_ratings.list({ score: 'bad', start_time: 0, end_time: 2_000_000_000 });
    await zendesk.views.list({ access: 'shared', active: true, group_id: sim.data.groups[1]!.id });
    await zendesk.macros.list({ access: 'shared', active: true });
    await zendesk.users.list({ role: 'admin', external_id: 'x' });
    await zendesk.ticket_audits.list({ ticket_id: 4 });
    expect(await spec.issues(sim)).toEqual([]);
  });
});
