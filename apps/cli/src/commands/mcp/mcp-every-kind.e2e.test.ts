import type { ConnectorDefinition } from '@conduit/protocol';
import { salesforceDefinition } from '@conduit/salesforce';
import {
  type SalesforceSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
  zendeskAttachmentBytes,
} from '@conduit/testkit';
import { zendeskDefinition } from '@conduit/zendesk-support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli } from '../../testing/child-cli';
import {
  callTool,
  createSyncedConnector,
  expectCountdown,
  inlineBytesOf,
  McpChildClients,
  startTestService,
  structuredOf,
  type TestService,
  tempDirectory,
  toolErrorOf,
} from '../../testing/mcp-e2e';

// The support-desk (Zendesk) and CRM (Salesforce) kinds through `conduit mcp` as MCP clients run
// it (the Asana kind: mcp.e2e.test.ts): the built CLI in a child process, the SDK's own client,
// locally against the simulators and through a real hosted service (in-process) whose connectors
// call them, over stdio and Streamable HTTP. Every entity/action of both definitions is called.

type Args = Record<string, unknown>;
type Record_ = Record<string, unknown>;

/** How to call every action of one kind: what the definition alone does not say. */
interface KindCase {
  readonly definition: ConnectorDefinition;
  /** Required params of lists, by entity. */
  listArgs(entity: string): Args;
  /** The value of a get's id param, from a record its list returned. */
  idOf(entity: string, record: Record_): unknown;
  /** A get for entities without a list (or whose list is empty here). */
  knownId(entity: string): unknown;
  /** Each download tool's args and the bytes it must return. */
  download(entity: string): { args: Args; bytes: Buffer };
}

let zendesk: ZendeskSimulator;
let crm: SalesforceSimulator;
let service: TestService;
let clients: McpChildClients;
const scratch = tempDirectory('conduit-mcp-kinds-e2e-');
const USER = 'user-mcp-kinds';

beforeAll(async () => {
  requireBuiltCli();
  clients = new McpChildClients(scratch.path);
  zendesk = await startZendeskSimulator({ exportDelaySeconds: 0 });
  crm = await startSalesforceSimulator({ dataset: { seed: 6 } });
  service = await startTestService(scratch.path);
  const hosted = service.client(USER);
  await Promise.all([
    createSyncedConnector(hosted, {
      connectorType: 'support-desk',
      credentials: { email: zendesk.credentials.email, api_token: zendesk.credentials.apiToken },
      config: { subdomain: 'lumenbikes', base_url: zendesk.baseUrl },
    }),
    createSyncedConnector(hosted, {
      connectorType: 'crm',
      credentials: {
        refresh_token: crm.credentials.refreshToken,
        client_id: crm.credentials.clientId,
        client_secret: crm.credentials.clientSecret,
      },
      config: { base_url: crm.loginUrl },
    }),
  ]);
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await clients?.closeAll();
  await service?.close();
  await zendesk?.close();
  await crm?.close();
  scratch.remove();
}, E2E_TIMEOUT_MS);

const zendeskEnv = () => ({
  ZENDESK_EMAIL: zendesk.credentials.email,
  ZENDESK_API_TOKEN: zendesk.credentials.apiToken,
  ZENDESK_BASE_URL: zendesk.baseUrl,
});
const crmEnv = () => ({
  SALESFORCE_REFRESH_TOKEN: crm.credentials.refreshToken,
  SALESFORCE_CLIENT_ID: crm.credentials.clientId,
  SALESFORCE_CLIENT_SECRET: crm.credentials.clientSecret,
  SALESFORCE_BASE_URL: crm.loginUrl,
});

const zendeskFile = () => [...zendesk.data.attachmentById.values()].find((file) => !file.inline)!;
const crmFile = () =>
  crm.data
    .records('ContentVersion')
    .filter((version) => (crm.data.blob(version.Id)?.size ?? Infinity) < 100_000)
    .sort((a, b) => crm.data.blob(a.Id)!.size - crm.data.blob(b.Id)!.size)[0]!;
const blobBytes = (id: string) => Buffer.concat([...crm.data.blob(id)!.chunks()]);

const ZENDESK: KindCase = {
  definition: zendeskDefinition,
  listArgs: (entity) =>
    entity === 'ticket_comments' ? { ticket_id: zendesk.data.liveTickets()[0]!.id } : {},
  idOf: (_entity, record) => record.id,
  knownId: (entity) => (entity === 'attachments' ? zendeskFile().id : 999_999_999),
  download: () => {
    const file = zendeskFile();
    return { args: { attachment_id: file.id }, bytes: zendeskAttachmentBytes(file, 0, file.size) };
  },
};

const CRM: KindCase = {
  definition: salesforceDefinition,
  listArgs: (entity) => (entity === 'query' ? { q: 'SELECT Id, Name FROM Account' } : {}),
  // sObject types go by name; the Analytics API's reports by a lowercase id.
  idOf: (entity, record) => (entity === 'sobjects' ? record.name : (record.Id ?? record.id)),
  knownId: () => '001000000000000AAA',
  download: (entity) => {
    const type = entity === 'attachments' ? 'Attachment' : 'ContentVersion';
    const record =
      type === 'ContentVersion'
        ? crmFile()
        : crm.data.records(type).sort((a, b) => crm.data.blob(a.Id)!.size - crm.data.blob(b.Id)!.size)[0]!;
    return { args: { id: record.Id }, bytes: blobBytes(record.Id) };
  },
};

const prefixOf = (kind: KindCase) => kind.definition.name.replace(/[^A-Za-z0-9_-]/g, '_');

/** The entity/action pairs of a definition (search only where there is synced data). */
function pairsOf(kind: KindCase, withSearch: boolean): string[] {
  return Object.entries(kind.definition.entities).flatMap(([entity, { actions }]) =>
    Object.keys(actions)
      .filter((action) => withSearch || action !== 'search')
      .map((action) => `${prefixOf(kind)}_${entity}_${action}`),
  );
}

/** The one required param of a get or download (its record's id). */
function idParam(kind: KindCase, entity: string, action: 'get' | 'download'): string {
  const params = kind.definition.entities[entity]!.actions[action]!.params.shape as Record<
    string,
    { safeParse(value: unknown): { success: boolean } }
  >;
  const required = Object.keys(params).filter((name) => !params[name]!.safeParse(undefined).success);
  expect(required, `${entity} ${action}`).toHaveLength(1);
  return required[0]!;
}

/**
 * Calls every entity/action of a kind once: each list (one page), each get with an id its list
 * returned (else a missing id, answered `not_found`), each search over the synced data, each
 * download; returns the names called.
 */
async function callsEveryAction(client: Client, kind: KindCase, withSearch: boolean): Promise<string[]> {
  const called: string[] = [];
  for (const [entity, { actions }] of Object.entries(kind.definition.entities)) {
    const tool = (action: string) => `${prefixOf(kind)}_${entity}_${action}`;
    let first: Record_ | undefined;
    if (actions.list) {
      const page = structuredOf<{ records: Record_[]; next_cursor: string | null }>(
        await callTool(client, tool('list'), {
          ...('limit' in actions.list.params.shape ? { limit: 2 } : {}),
          ...kind.listArgs(entity),
        }),
      );
      expect(Array.isArray(page.records), tool('list')).toBe(true);
      first = page.records[0];
      called.push(tool('list'));
    }
    if (actions.get) {
      const param = idParam(kind, entity, 'get');
      const id = first === undefined ? kind.knownId(entity) : kind.idOf(entity, first);
      const result = await callTool(client, tool('get'), { [param]: id });
      if (first === undefined && entity !== 'attachments') {
        expect(toolErrorOf(result).error, tool('get')).toBe('not_found');
      } else {
        expect(structuredOf<Record_>(result), tool('get')).toBeTypeOf('object');
      }
      called.push(tool('get'));
    }
    if (actions.search && withSearch) {
      const found = structuredOf<{ hits: { data: Record_ }[] }>(
        await callTool(client, tool('search'), { query: {}, limit: 2 }),
      );
      expect(found.hits.length, tool('search')).toBeGreaterThan(0);
      called.push(tool('search'));
    }
    if (actions.download) {
      const { args, bytes } = kind.download(entity);
      expect(
        inlineBytesOf(await callTool(client, tool('download'), args)).equals(bytes),
        tool('download'),
      ).toBe(true);
      called.push(tool('download'));
    }
  }
  return called;
}

async function listsToolsOf(client: Client, kinds: KindCase[], withSearch: boolean): Promise<void> {
  const { tools } = await client.listTools();
  const expected = kinds.flatMap((kind) => pairsOf(kind, withSearch));
  expect(tools.map((tool) => tool.name).sort()).toEqual([...expected].sort());
  for (const tool of tools) {
    if (tool.name.endsWith('_get')) expect(tool.inputSchema.required, tool.name).toHaveLength(1);
  }
}

/** Every ticket, one page of 5 after another through `cursor`, in the upstream's order. */
async function pagesAllTickets(client: Client): Promise<void> {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { records: { id: number }[]; next_cursor: string | null } = structuredOf(
      await callTool(client, 'zendesk-support_tickets_list', {
        limit: 5,
        fields: ['id', 'subject'],
        ...(cursor === null ? {} : { cursor }),
      }),
    );
    for (const record of page.records) expect(Object.keys(record).sort()).toEqual(['id', 'subject']);
    seen.push(...page.records.map((record) => record.id));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor !== null);
  expect(pages).toBeGreaterThan(1);
  expect(seen).toEqual(zendesk.data.liveTickets().map((ticket) => ticket.id));
}

/** Rule violations and arguments the schema refuses: tool results naming the argument. */
async function refusesBadArguments(client: Client, kinds: KindCase[]): Promise<void> {
  if (kinds.includes(ZENDESK)) {
    // A rule across params, checked by the executor (the schema cannot say it).
    const rule = toolErrorOf(
      await callTool(client, 'zendesk-support_tickets_list', { exclude_deleted: true }),
    );
    expect(rule.retryable).toBe(false);
    expect(rule.arguments.map((argument) => argument.name)).toContain('exclude_deleted');
    const invalid = await callTool(client, 'zendesk-support_tickets_get', { ticket_id: 'abc' });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain('ticket_id');
  }
  if (kinds.includes(CRM)) {
    // A param's own rule: modified_since must be a date-time.
    const invalid = await callTool(client, 'salesforce_contacts_list', { modified_since: 'last week' });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain('modified_since');
    const missing = await callTool(client, 'salesforce_query_list', {});
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('q');
  }
}

/** Zendesk's 429 with a Retry-After beyond what the clients wait comes back to the model at once. */
async function reportsZendesk429(client: Client): Promise<void> {
  zendesk.faults.push({ status: 429, retryAfter: 120, times: 20, path: '/groups' });
  try {
    const limited = toolErrorOf(await callTool(client, 'zendesk-support_groups_list', {}));
    // `rate_limited` locally, `upstream_rate_limited` as the hosted service names the upstream's.
    expect(limited.error).toMatch(/^(upstream_)?rate_limited$/);
    // Hosted, the wait is what is left of the upstream's 120 s when the answer is read (a countdown).
    expect(limited.retryable).toBe(true);
    expectCountdown(limited.retry_after_seconds, 120);
    expect(limited.hint).toBe(`call again in ${String(limited.retry_after_seconds)} s`);
  } finally {
    zendesk.faults.clear();
  }
  structuredOf(await callTool(client, 'zendesk-support_groups_list', {}));
}

/**
 * Salesforce answers a spent allocation with 403 REQUEST_LIMIT_EXCEEDED rather than a 429: a tool
 * error saying retrying now will not help, and the server lives on.
 */
async function reportsCrmLimit(client: Client): Promise<void> {
  const { used, max } = crm.usage;
  crm.setApiUsage(max, max);
  try {
    const limited = toolErrorOf(await callTool(client, 'salesforce_accounts_list', { limit: 2 }));
    expect(limited.error).toMatch(/request_limit_exceeded/);
    expect(limited.retryable).toBe(false);
  } finally {
    crm.setApiUsage(used, max);
  }
  structuredOf(await callTool(client, 'salesforce_accounts_list', { limit: 2 }));
}

describe('conduit mcp, support-desk and CRM, local mode (child process, stdio)', {
  timeout: E2E_TIMEOUT_MS,
}, () => {
  it('support-desk: every action, cursor, rule violation, invalid arguments, a 429', async () => {
    const client = await clients.stdio(['--connector', 'support-desk'], zendeskEnv());
    await listsToolsOf(client, [ZENDESK], false);
    expect((await callsEveryAction(client, ZENDESK, false)).sort()).toEqual(pairsOf(ZENDESK, false).sort());
    await pagesAllTickets(client);
    await refusesBadArguments(client, [ZENDESK]);
    await reportsZendesk429(client);
  });

  it('crm: every action, invalid arguments, the org’s request limit', async () => {
    const client = await clients.stdio(['--connector', 'crm'], crmEnv());
    await listsToolsOf(client, [CRM], false);
    expect((await callsEveryAction(client, CRM, false)).sort()).toEqual(pairsOf(CRM, false).sort());
    await refusesBadArguments(client, [CRM]);
    await reportsCrmLimit(client);
  });
});

describe('conduit mcp --hosted, support-desk and CRM (child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('stdio: both connectors’ tools, every action with search over synced data, errors', async () => {
    const client = await clients.stdio(['--hosted'], service.env(USER));
    await listsToolsOf(client, [ZENDESK, CRM], true);
    expect((await callsEveryAction(client, ZENDESK, true)).sort()).toEqual(pairsOf(ZENDESK, true).sort());
    expect((await callsEveryAction(client, CRM, true)).sort()).toEqual(pairsOf(CRM, true).sort());
    const ticket = zendesk.data.liveTickets()[3]!;
    const tickets = structuredOf<{ hits: { data: { id: number } }[] }>(
      await callTool(client, 'zendesk-support_tickets_search', {
        query: { filter: { eq: { id: ticket.id } } },
      }),
    );
    expect(tickets.hits.map((hit) => hit.data.id)).toEqual([ticket.id]);
    const contact = crm.data.records('Contact')[0]!;
    const contacts = structuredOf<{ hits: { data: { Id: string } }[] }>(
      await callTool(client, 'salesforce_contacts_search', {
        query: { filter: { eq: { Email: contact.Email } } },
        fields: ['Id'],
      }),
    );
    expect(contacts.hits.map((hit) => hit.data.Id)).toContain(contact.Id);
    expect(
      toolErrorOf(
        await callTool(client, 'salesforce_contacts_search', {
          query: { filter: { eq: { NoSuchField: 1 } } },
        }),
      ).error,
    ).toBe('invalid_query');
    await pagesAllTickets(client);
    await refusesBadArguments(client, [ZENDESK, CRM]);
    await reportsZendesk429(client);
    await reportsCrmLimit(client);
  });

  it('Streamable HTTP: a scoped token opens its user’s tools, every action; a bad token gets 401', async () => {
    const served = await clients.httpServer(['--hosted'], { CONDUIT_BASE_URL: service.url });
    try {
      const client = await clients.http(served.url, await service.scopedToken(USER));
      await listsToolsOf(client, [ZENDESK, CRM], true);
      expect((await callsEveryAction(client, ZENDESK, true)).sort()).toEqual(pairsOf(ZENDESK, true).sort());
      expect((await callsEveryAction(client, CRM, true)).sort()).toEqual(pairsOf(CRM, true).sort());
      await pagesAllTickets(client);
      await refusesBadArguments(client, [ZENDESK, CRM]);
      await reportsZendesk429(client);
      await expect(clients.http(served.url, 'not-a-token')).rejects.toThrow(/401|invalid or expired/i);
      // --connector narrows the tool set to one kind.
      const narrowed = await clients.httpServer(['--hosted', '--connector', 'crm'], {
        CONDUIT_BASE_URL: service.url,
      });
      try {
        const crmOnly = await clients.http(narrowed.url, await service.scopedToken(USER));
        await listsToolsOf(crmOnly, [CRM], true);
      } finally {
        expect(await narrowed.stop()).toBe(0);
      }
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});
