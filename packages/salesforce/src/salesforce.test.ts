import { ValidationError } from '@conduit/protocol';
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
        config: { base_url: sim.loginUrl },
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

describe('createSalesforce options', () => {
  it('names an option it does not know, and the one to use, before any request', async () => {
    const sim = await startSalesforceSimulator();
    try {
      const { clientId, clientSecret, refreshToken } = sim.credentials;
      const credentials = { client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken };
      // The old Asana shape, from plain JavaScript: it was dropped, and the connector went to
      // https://login.salesforce.com with these credentials.
      for (const [name, value, use] of [
        ['baseUrl', sim.loginUrl, 'config.base_url'],
        ['auth', credentials, 'credentials'],
      ] as const) {
        let caught: unknown;
        try {
          createSalesforce({ credentials, [name]: value } as unknown as Parameters<
            typeof createSalesforce
          >[0]);
        } catch (error) {
          caught = error;
        }
        expect(caught, name).toBeInstanceOf(ValidationError);
        expect(caught, name).toMatchObject({
          code: 'invalid_config',
          details: [{ field: name, message: `unknown option ${name} (use ${use})` }],
        });
      }
      // The seed's config: instance_url must be https (the login host), named when it is not.
      expect(() => createSalesforce({ credentials, config: { instance_url: sim.loginUrl } })).toThrow(
        expect.objectContaining({ details: [expect.objectContaining({ field: 'config.instance_url' })] }),
      );
      expect(sim.requests.count()).toBe(0);
    } finally {
      await sim.close();
    }
  });

  it("takes the seed's config: { instance_url }, and the deprecated instanceUrl with a warning", async () => {
    const sim = await startSalesforceSimulator();
    try {
      const { clientId, clientSecret, refreshToken } = sim.credentials;
      const credentials = { client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken };
      const requests: string[] = [];
      const fetch: typeof globalThis.fetch = (input, init) => {
        requests.push(new Request(input, init).url);
        return Promise.reject(new TypeError('offline'));
      };
      const seeded = createSalesforce({
        credentials,
        config: { instance_url: 'https://acme.my.salesforce.com/' },
        fetch,
        retry: false,
      });
      await expect(seeded.accounts.list()).rejects.toThrow();
      expect(requests[0]).toBe('https://acme.my.salesforce.com/services/oauth2/token');
      const old = createSalesforce({ credentials, instanceUrl: sim.loginUrl });
      expect((await old.accounts.list()).records.length).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
