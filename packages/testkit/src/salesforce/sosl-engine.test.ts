import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SalesforceSimulator, startSalesforceSimulator } from './salesforce-simulator';

// SOSL at /search, the documented subset (crm-upstream.md §6.1), over a real HTTP simulator.

const V = '/services/data/v62.0';
let sim: SalesforceSimulator;
let token: string;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 11, scale: { contacts: 60 } } });
  token = (await sim.refresh()).access_token;
});

afterAll(async () => {
  await sim?.close();
});

type Hit = { attributes: { type: string; url: string }; Id: string } & Record<string, unknown>;

async function search(sosl: string) {
  const response = await fetch(`${sim.instanceUrl}${V}/search?q=${encodeURIComponent(sosl)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: assertions read the upstream's JSON
  return { status: response.status, body: (await response.json()) as any };
}

const accounts = () => sim.data.records('Account');
const contacts = () => sim.data.records('Contact');

describe('SOSL search', () => {
  it('finds records by a word of their name fields, with only the fields RETURNING names', async () => {
    const account = accounts()[0]!;
    const word = String(account.Name).split(/\s+/)[0]!;
    const { status, body } = await search(`FIND {${word}} IN NAME FIELDS RETURNING Account(Id, Name)`);
    expect(status).toBe(200);
    const hits = body.searchRecords as Hit[];
    expect(hits.map((hit) => hit.Id)).toContain(account.Id);
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(['Id', 'Name', 'attributes']);
      expect(hit.attributes.type).toBe('Account');
      expect(hit.attributes.url).toBe(`${V}/sobjects/Account/${hit.Id}`);
      expect(String(hit.Name).toLowerCase()).toContain(word.toLowerCase());
    }
    const expected = accounts().filter((row) =>
      String(row.Name)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .includes(word.toLowerCase()),
    );
    expect(hits).toHaveLength(expected.length);
  });

  it('takes wildcards, the email scope, WHERE, per-object and search LIMITs, and several objects', async () => {
    const contact = contacts().find((row) => typeof row.Email === 'string')!;
    const domain = String(contact.Email).split('@')[1]!;
    const byEmail = await search(`FIND {*@${domain}} IN EMAIL FIELDS RETURNING Contact(Id, Email)`);
    expect(byEmail.status).toBe(200);
    const emails = (byEmail.body.searchRecords as Hit[]).map((hit) => hit.Email);
    expect(emails.length).toBe(contacts().filter((row) => String(row.Email).endsWith(`@${domain}`)).length);
    const limited = await search(`FIND {*@${domain}} IN EMAIL FIELDS RETURNING Contact(Id LIMIT 2)`);
    expect(limited.body.searchRecords).toHaveLength(Math.min(2, emails.length));
    const where = await search(
      `FIND {*@${domain}} IN EMAIL FIELDS RETURNING Contact(Id, Email WHERE Id = '${contact.Id}')`,
    );
    expect((where.body.searchRecords as Hit[]).map((hit) => hit.Id)).toEqual([contact.Id]);
    // The bare object returns Ids only; several objects come mixed, told apart by attributes.type.
    const word = String(contact.LastName);
    const mixed = await search(`FIND {${word}} RETURNING Contact, Lead(Id, Name) LIMIT 50`);
    expect(mixed.status).toBe(200);
    const hits = mixed.body.searchRecords as Hit[];
    expect(hits.length).toBeLessThanOrEqual(50);
    expect(hits.find((hit) => hit.Id === contact.Id)).toEqual({
      attributes: { type: 'Contact', url: `${V}/sobjects/Contact/${contact.Id}` },
      Id: contact.Id,
    });
    const capped = await search(`FIND {${word}} RETURNING Contact, Lead LIMIT 1`);
    expect(capped.body.searchRecords).toHaveLength(Math.min(1, hits.length));
  });

  it('refuses what it does not parse with Salesforce error arrays', async () => {
    for (const [sosl, code] of [
      ['Acme RETURNING Account', 'MALFORMED_SEARCH'],
      ['FIND {Acme}', 'MALFORMED_SEARCH'],
      ['FIND {Acme} IN SIDEBAR FIELDS RETURNING Account', 'MALFORMED_SEARCH'],
      ['FIND {Acme} RETURNING Account(Id ORDER BY Name)', 'MALFORMED_SEARCH'],
      ['FIND {Acme} RETURNING Account(Id) WITH SNIPPET', 'MALFORMED_SEARCH'],
      ['FIND {Acme} RETURNING Acount(Id)', 'INVALID_TYPE'],
      ['FIND {Acme} RETURNING Account(Id, Nmae)', 'INVALID_FIELD'],
    ] as const) {
      const { status, body } = await search(sosl);
      expect(status, sosl).toBe(400);
      expect(body, sosl).toEqual([{ errorCode: code, message: expect.any(String) }]);
    }
  });
});
