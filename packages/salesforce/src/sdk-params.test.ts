import { ValidationError } from '@conduit/protocol';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor } from './local-executor';

// What Airbyte's Python SDK sends (docs/airbyte-python-sdk.md): check() runs the sobjects list
// (its preferred_for_check operation) with {limit: 1}, and sObject lists take its `q` (SOQL).

let sim: SalesforceSimulator;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 29 } });
});

afterAll(async () => {
  await sim?.close();
});

type Page = { records: { name: string }[]; meta: { next_page: { offset: string } | null } };

function executor() {
  const { clientId, clientSecret, refreshToken } = sim.credentials;
  return createSalesforceExecutor({
    credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    instanceUrl: sim.loginUrl,
    retry: false,
  });
}

describe('the check operation', () => {
  it('lists one sObject type with {limit: 1}, and pages on to every type', async () => {
    const crm = executor();
    const list = (params: Record<string, unknown>) =>
      crm.execute({ entity: 'sobjects', action: 'list', params }) as Promise<Page>;
    const whole = await list({});
    const first = await list({ limit: 1 });
    expect(first.records).toEqual(whole.records.slice(0, 1));
    const names = first.records.map((type) => type.name);
    let next = first.meta.next_page;
    while (next) {
      const page = await list({ limit: 1, offset: next.offset });
      names.push(...page.records.map((type) => type.name));
      next = page.meta.next_page;
    }
    expect(names).toEqual(whole.records.map((type) => type.name));
  });
});

describe('q on an sObject list', () => {
  type Row = { Id: string; Name?: string; Industry?: string | null };
  const list = (entity: string, params: Record<string, unknown>) =>
    executor().execute({ entity, action: 'list', params }) as Promise<{
      records: Row[];
      meta: { next_page: { offset: string } | null };
    }>;

  it("runs the caller's SOQL in place of the list's own, paging on", async () => {
    const all = await list('accounts', { q: 'SELECT Id, Name FROM Account ORDER BY Name', limit: 200 });
    expect(all.records.length).toBeGreaterThan(0);
    const names = all.records.map((row) => row.Name ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.records[0]).not.toHaveProperty('Industry');
    const byQuery = await list('query', { q: 'SELECT Id, Name FROM Account ORDER BY Name', limit: 200 });
    expect(all.records.map((row) => row.Id)).toEqual(byQuery.records.map((row) => row.Id));
  });

  it('refuses a query of another object, filters beside it, and a query Salesforce refuses, naming q', async () => {
    for (const params of [
      { q: 'SELECT Id FROM Contact' },
      { q: 'SELECT Id FROM Account', industry: 'Energy' },
      { q: 'SELECT Nope__x FROM Account' },
    ]) {
      const error = await list('accounts', params).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(params)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details?.[0]?.field).toBe('params.q');
    }
  });
});
