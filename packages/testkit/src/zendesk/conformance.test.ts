import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiSpec } from '../openapi/load-openapi-spec';
import type { OpenApiDocument, OpenApiSchema } from '../openapi/openapi-document';
import { optionalSpecFile } from '../openapi/optional-spec-file';
import { resolveOpenApiRef } from '../openapi/resolve-openapi-ref';
import { responseSchemaFor } from '../openapi/response-schema-for';
import { zendeskRequestIssues } from './zendesk-request-conformance';
import { ZENDESK_ROUTES } from './zendesk-routes';
import { startZendeskSimulator, type ZendeskSimulator } from './zendesk-simulator';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const specPath = path.resolve(repoRoot, '../shared/specs/zendesk/ticketing.yaml');
const specMissing =
  optionalSpecFile(specPath, 'the Zendesk simulator against the official ticketing.yaml') === undefined;

let spec: OpenApiDocument;
let sim: ZendeskSimulator;

async function get(apiPath: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.baseUrl}${apiPath}`, { headers: { authorization: sim.basicAuth() } });
  return { status: response.status, body: await response.json() };
}

/** Every property a schema declares at its top level, through $ref and allOf, with its type. */
function topLevel(schema: OpenApiSchema | undefined): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  const walk = (node: OpenApiSchema | undefined): void => {
    if (node === undefined) return;
    if (node.$ref !== undefined) {
      walk(resolveOpenApiRef(spec, node.$ref) as OpenApiSchema);
      return;
    }
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      const resolved =
        value.$ref === undefined ? value : (resolveOpenApiRef(spec, value.$ref) as OpenApiSchema);
      out.set(key, resolved.type);
    }
    for (const member of node.allOf ?? []) walk(member);
  };
  walk(schema);
  return out;
}

/**
 * The envelope of a 200 body must be the operation's: the record key(s) the spec declares, with
 * the declared JSON type. Record fields are not held to the spec: it types many nullable fields
 * (assignee_id, due_at, ...) as non-nullable while the API sends null (reference §2.2), and a few
 * single-record keys (`ticket_metric`, `satisfaction_rating`) as arrays while Zendesk sends one
 * object (§1, §2.1). Many list schemas leave out the paging keys (`meta`, `links` of cursor pages,
 * `next_page`, `previous_page`, `count` of offset pages; reference §4.1, §4.2).
 */
const PAGING_KEYS = new Set(['meta', 'links', 'next_page', 'previous_page', 'count']);

function expectEnvelope(apiPath: string, body: unknown): void {
  const clean = apiPath.split('?')[0]!.replace(/\.json$/, '');
  const declared = topLevel(responseSchemaFor(spec, 'GET', `/api/v2${clean}`, 200));
  expect(declared.size, clean).toBeGreaterThan(0);
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (PAGING_KEYS.has(key) && !declared.has(key)) continue;
    expect(declared.has(key), `${clean}: ${key} is not declared (${[...declared.keys()].join(', ')})`).toBe(
      true,
    );
    const type = declared.get(key);
    if (value === null || type === undefined) continue;
    const actual = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    const singleAsArray = type === 'array' && actual === 'object';
    if (!singleAsArray)
      expect(
        actual === type || (type === 'number' && actual === 'integer'),
        `${clean}: ${key} is ${actual}, spec says ${type}`,
      ).toBe(true);
  }
}

describe.skipIf(specMissing)('the Zendesk simulator against the official ticketing.yaml', () => {
  beforeAll(async () => {
    spec = await loadOpenApiSpec(specPath);
    sim = await startZendeskSimulator({ rateLimit: false, clock: 'manual', startAt: '2026-02-01T00:00:00Z' });
  }, 60_000);

  afterAll(async () => {
    await sim?.close();
  });

  it('every request of a full tour (every route, its params and both paginations) is valid for the spec', async () => {
    const data = sim.data;
    const ticket = data.liveTickets()[0]!;
    const attachment = [...data.attachmentById.values()][0]!;
    const user = data.users[3]!;
    const tour = [
      '/tickets.json',
      '/tickets?page[size]=5',
      '/tickets?page[size]=5&sort=-updated_at',
      '/tickets?per_page=5&page=2&sort_by=updated_at&sort_order=desc',
      '/tickets?external_id=crm-1003',
      `/tickets/show_many?ids=${ticket.id},2,3`,
      '/tickets/count',
      `/tickets/${ticket.id}.json`,
      `/tickets/${ticket.id}/comments?include_inline_images=true`,
      `/tickets/${ticket.id}/comments?page[size]=2&sort=-created_at`,
      `/tickets/${ticket.id}/audits`,
      `/tickets/${ticket.id}/tags`,
      '/ticket_audits?page[size]=10',
      '/ticket_metrics?page[size]=10',
      `/ticket_metrics/${ticket.id}`,
      '/ticket_fields',
      '/ticket_fields?page[size]=3',
      `/ticket_fields/${data.config.ticketFields[0]!.id}`,
      '/ticket_forms?active=true&end_user_visible=true',
      `/ticket_forms/${data.config.ticketForms[0]!.id}`,
      '/brands?page[size]=1',
      `/brands/${data.config.brands[0]!.id}`,
      '/tags?page[size]=10',
      '/users?role=agent',
      '/users?role[]=agent&role[]=admin&page[size]=3',
      '/users/me',
      `/users/show_many?ids=${user.id}`,
      `/users/${user.id}`,
      '/organizations?per_page=2',
      `/organizations/${data.organizations[0]!.id}`,
      '/groups?exclude_deleted=true',
      `/groups/${data.groups[0]!.id}`,
      '/group_memberships?page[size]=3',
      '/organization_memberships?page[size]=3',
      `/attachments/${attachment.id}`,
      '/satisfaction_ratings?score=good',
      `/satisfaction_ratings/${data.satisfactionRatings[0]!.id}`,
      '/views?active=true',
      `/views/${data.config.views[0]!.id}`,
      '/macros?active=true&page[size]=2',
      `/macros/${data.config.macros[0]!.id}`,
      '/slas/policies',
      `/slas/policies/${data.config.slaPolicies[0]!.id}`,
      '/deleted_tickets?sort_by=deleted_at&sort_order=desc',
      '/deleted_tickets?sort_by=deleted_at&sort_order=desc&per_page=100&page=1',
      '/search?query=type%3Aticket%20status%3Aopen&sort_by=updated_at&sort_order=asc',
      '/search/count?query=battery',
      '/incremental/tickets/cursor?start_time=0',
      '/incremental/tickets?start_time=0',
      '/incremental/users/cursor?start_time=0&per_page=50',
      '/incremental/organizations?start_time=0',
    ];
    data.deleteTicket(data.liveTickets()[5]!.id);
    const templates = new Set<string>();
    for (const apiPath of tour) {
      const reply = await get(apiPath);
      expect(reply.status, `${apiPath}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe(200);
      expectEnvelope(apiPath, reply.body);
      const after = (reply.body as { meta?: { after_cursor?: string; has_more?: boolean } }).meta;
      if (after?.has_more === true) {
        const separator = apiPath.includes('?') ? '&' : '?';
        expect((await get(`${apiPath}${separator}page[after]=${after.after_cursor}`)).status).toBe(200);
      }
      const cursor = (reply.body as { after_cursor?: string }).after_cursor;
      if (apiPath.startsWith('/incremental/') && apiPath.includes('/cursor') && cursor !== undefined) {
        const next = apiPath.split('?')[0]!;
        expect((await get(`${next}?cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
      }
    }
    for (const request of sim.requests.all) if (request.route !== undefined) templates.add(request.route);
    expect(zendeskRequestIssues(spec, sim.requests.all)).toEqual([]);
    expect([...templates].sort()).toEqual(ZENDESK_ROUTES.map((route) => route.template).sort());
  });

  it('catches requests the spec refuses: a wrong enum, an ill-typed id, an unknown param', async () => {
    sim.requests.clear();
    await get('/users?role=owner');
    await get('/tickets/abc');
    await get('/groups?frobnicate=1');
    const issues = zendeskRequestIssues(spec, sim.requests.all);
    expect(issues).toHaveLength(3);
    expect(issues[0]).toContain('query.role');
    expect(issues[1]).toContain('path.ticket_id');
    expect(issues[2]).toContain('query.frobnicate');
  });

  it('every served template is a GET operation of the spec', () => {
    for (const route of ZENDESK_ROUTES)
      expect(spec.paths?.[`/api/v2${route.template}`]?.get, route.template).toBeDefined();
  });
});
