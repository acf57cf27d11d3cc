import { ValidationError } from '@conduit/protocol';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor, DEFAULT_API_VERSION } from './local-executor';

// SOSL on an sObject list (`q` = FIND {…} RETURNING Object(…)), and `api_search`, the name
// Airbyte's Python SDK calls it by (docs/airbyte-python-sdk.md), against the simulator's /search.

let sim: SalesforceSimulator;
let token: string;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 29, scale: { contacts: 80 } } });
  token = (await sim.refresh()).access_token;
});

afterAll(async () => {
  await sim?.close();
});

type Row = { Id: string; Name?: string; Email?: string; attributes?: { type: string } };
type Page = { records: Row[]; meta: { next_page: { offset: string } | null } };

const crm = () => {
  const { clientId, clientSecret, refreshToken } = sim.credentials;
  return createSalesforceExecutor({
    credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    instanceUrl: sim.loginUrl,
    retry: false,
  });
};
const run = (entity: string, action: string, params: Record<string, unknown>) =>
  crm().execute({ entity: entity as 'accounts', action: action as 'list', params }) as Promise<Page>;

/** What Salesforce's search resource itself answers. */
async function upstream(sosl: string): Promise<Row[]> {
  const response = await fetch(
    `${sim.instanceUrl}/services/data/v${DEFAULT_API_VERSION}/search?q=${encodeURIComponent(sosl)}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { searchRecords: Row[] }).searchRecords;
}

describe('SOSL on an sObject list', () => {
  it("answers the search's hits, as api_search does", async () => {
    const contact = sim.data.records('Contact').find((row) => typeof row.Email === 'string')!;
    const domain = String(contact.Email).split('@')[1];
    const sosl = `FIND {*@${domain}} IN EMAIL FIELDS RETURNING Contact(Id, Name, Email)`;
    const hits = await upstream(sosl);
    expect(hits.length).toBeGreaterThan(1);
    const listed = await run('contacts', 'list', { q: sosl });
    expect(listed.records).toEqual(hits);
    expect(listed.meta.next_page).toBeNull();
    expect(await run('contacts', 'api_search', { q: sosl })).toEqual(listed);
    // Paged here by limit: the same hits, none twice.
    const seen: Row[] = [];
    let offset: string | undefined;
    do {
      const page = await run('contacts', 'api_search', { q: sosl, limit: 1, ...(offset ? { offset } : {}) });
      expect(page.records.length).toBe(1);
      seen.push(...page.records);
      offset = page.meta.next_page?.offset;
    } while (offset !== undefined);
    expect(seen).toEqual(hits);
  });

  it('refuses, naming the param, a search of another object, one Salesforce refuses, and filters beside it', async () => {
    for (const [entity, params, field] of [
      ['accounts', { q: 'FIND {Acme} RETURNING Contact(Id)' }, 'params.q'],
      ['accounts', { q: 'FIND {a*} RETURNING Account(Id), Contact(Id)' }, 'params.q'],
      ['accounts', { q: 'FIND {Acme} RETURNING Account(Id ORDER BY Name)' }, 'params.q'],
      ['accounts', { q: 'FIND {Acme} RETURNING Account(Id, Nmae)' }, 'params.q'],
      ['accounts', { q: 'FIND {Acme} RETURNING Account(Id)', industry: 'Energy' }, 'params.q'],
      [
        'accounts',
        { q: 'FIND {Acme} RETURNING Account(Id)', include_deleted: true },
        'params.include_deleted',
      ],
    ] as const) {
      const error = await run(entity, 'api_search', params).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(params)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details?.[0]?.field, JSON.stringify(params)).toBe(field);
    }
    // Where a mixed search returns only the list's object, it is taken.
    const account = sim.data.records('Account')[0]!;
    const word = String(account.Name).split(/\s+/)[0];
    const only = await run('accounts', 'api_search', {
      q: `FIND {${word}} IN NAME FIELDS RETURNING Account(Id, Name), Opportunity(Id WHERE Name = 'no such deal')`,
    });
    expect(only.records.map((row) => row.Id)).toContain(account.Id);
  });

  it('is offered as api_search on the entities the SDK searches, and nowhere else', async () => {
    const error = await run('reports', 'api_search', { q: 'FIND {x} RETURNING Report' }).catch(
      (caught: unknown) => caught,
    );
    expect((error as ValidationError).details?.[0]?.field).toBe('action');
  });
});
