import { startSalesforceSimulator } from '@conduit/testkit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Contact, Opportunity } from './definition/records';
import { createSalesforce } from './salesforce';

describe('createSalesforce', () => {
  it('gives typed methods per entity that page through everything', async () => {
    const sim = await startSalesforceSimulator({ dataset: { seed: 2, scale: { contacts: 450 } } });
    try {
      const { clientId, clientSecret, refreshToken } = sim.credentials;
      const salesforce = createSalesforce({
        credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
        instanceUrl: sim.loginUrl,
      });
      expectTypeOf(salesforce.contacts.get).returns.resolves.toEqualTypeOf<Contact>();
      const names: string[] = [];
      for await (const contact of salesforce.contacts.list({ limit: 200 })) names.push(contact.Id);
      expect(names).toHaveLength(sim.data.count('Contact'));
      const won = await salesforce.opportunities.list({ stage: 'Closed Won' });
      expectTypeOf(won.records).toEqualTypeOf<Opportunity[]>();
      expect(won.records.map((record) => record.StageName)).toEqual(['Closed Won', 'Closed Won']);
      const one = await salesforce.contacts.get({ id: names[0] as string });
      expect(one.Id).toBe(names[0]);
    } finally {
      await sim.close();
    }
  });
});
