import {
  childJobs,
  missingUpstreams,
  type RawPage,
  readSyncPage,
  unreadableListings,
} from '@conduit/connector-kit';
import { startSalesforceSimulator } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { salesforceDefinition } from './definition/definition';
import { salesforceModule } from './salesforce-module';
import { salesforceSyncPlan } from './sync-plan';

describe('salesforceModule', () => {
  it('declares an upstream for every action but search, and a readable sync plan', () => {
    expect(missingUpstreams(salesforceDefinition)).toEqual([]);
    expect(unreadableListings(salesforceDefinition, salesforceSyncPlan)).toEqual([]);
    expect(salesforceModule.kind).toBe('crm');
    expect(Object.keys(salesforceDefinition.entities)).toEqual([
      'sobjects',
      'accounts',
      'contacts',
      'leads',
      'opportunities',
      'tasks',
      'events',
      'campaigns',
      'cases',
      'notes',
      'content_versions',
      'attachments',
      'reports',
      'users',
      'opportunity_stages',
      'query',
    ]);
  });

  it('takes config instance_url (default the login URL) and refuses a token method', () => {
    expect(salesforceModule.baseUrl({})).toBe('https://login.salesforce.com');
    expect(salesforceModule.baseUrl({ instance_url: 'https://acme.my.salesforce.com/' })).toBe(
      'https://acme.my.salesforce.com',
    );
    expect(() => salesforceModule.baseUrl({ instance_url: 'http://acme.example.com' })).toThrow();
    expect(() => salesforceModule.parseCredentials({ access_token: 'x' })).toThrow(/no token method/);
    expect(
      salesforceModule.parseCredentials({ refresh_token: 'r', client_id: 'c', client_secret: 's' }),
    ).toEqual({
      refresh_token: 'r',
      client_id: 'c',
      client_secret: 's',
    });
  });

  it('syncs every searchable entity with its searchable fields, incrementally through queryAll', async () => {
    const sim = await startSalesforceSimulator({ dataset: { seed: 8 } });
    try {
      const { clientId, clientSecret, refreshToken } = sim.credentials;
      const executor = salesforceModule.createExecutor({
        credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
        baseUrl: sim.loginUrl,
      });
      const stages = await readSyncPage(executor, salesforceSyncPlan, salesforceSyncPlan.root, null, {
        pageSize: 100,
        modifiedSince: null,
      });
      expect(stages.records).toHaveLength(10);
      expect(Object.keys(stages.records[0]!).sort()).toEqual(
        ['attributes', ...Object.keys(salesforceModule.searchableFields.opportunity_stages)].sort(),
      );
      const contacts = await readSyncPage(
        executor,
        salesforceSyncPlan,
        { kind: 'contacts', parent: '' },
        null,
        { pageSize: 100, modifiedSince: null },
      );
      expect(contacts.records).toHaveLength(sim.data.count('Contact'));
      expect(contacts.records[0]).toHaveProperty('AccountId');
      const since = new Date(sim.clock.now() - 1000).toISOString();
      const changed = sim.data.records('Contact')[0]!;
      sim.update(changed.Id, { Title: 'Chief Synchronisation Officer' });
      const gone = sim.data.records('Contact')[1]!;
      sim.delete(gone.Id);
      const delta = await readSyncPage(executor, salesforceSyncPlan, { kind: 'contacts', parent: '' }, null, {
        pageSize: 100,
        modifiedSince: since,
      });
      expect(delta.records.map((record) => [record.Id, record.IsDeleted])).toEqual([
        [changed.Id, false],
        [gone.Id, true],
      ]);
      expect(sim.requests.filter({ path: /\/queryAll$/ })).toHaveLength(1);
      // The whole plan, as a sync run walks it: every listing from the root, every page.
      const queue = [salesforceSyncPlan.root];
      const seen: Record<string, number> = {};
      while (queue.length > 0) {
        const job = queue.shift()!;
        let offset: string | null = null;
        do {
          const page: RawPage = await readSyncPage(executor, salesforceSyncPlan, job, offset, {
            pageSize: 100,
            modifiedSince: null,
          });
          seen[job.kind] = (seen[job.kind] ?? 0) + page.records.length;
          queue.push(...childJobs(salesforceSyncPlan, job.kind, page.records));
          offset = page.nextOffset;
        } while (offset !== null);
      }
      expect(seen).toEqual({
        opportunity_stages: 10,
        accounts: sim.data.count('Account'),
        contacts: sim.data.count('Contact'),
        leads: sim.data.count('Lead'),
        opportunities: 20,
        tasks: sim.data.count('Task'),
        users: sim.data.records('User').filter((user) => user.IsActive === true).length,
      });
    } finally {
      await sim.close();
    }
  });
});
