import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor } from './local-executor';

// Airbyte's Python SDK's check() runs the sobjects list (its preferred_for_check operation) with
// {limit: 1} (docs/airbyte-python-sdk.md): describe global, answered whole upstream, paged here.

let sim: SalesforceSimulator;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 29 } });
});

afterAll(async () => {
  await sim?.close();
});

type Page = { records: { name: string }[]; meta: { next_page: { offset: string } | null } };

describe('the check operation', () => {
  it('lists one sObject type with {limit: 1}, and pages on to every type', async () => {
    const { clientId, clientSecret, refreshToken } = sim.credentials;
    const executor = createSalesforceExecutor({
      credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
      instanceUrl: sim.loginUrl,
      retry: false,
    });
    const list = (params: Record<string, unknown>) =>
      executor.execute({ entity: 'sobjects', action: 'list', params }) as Promise<Page>;
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
