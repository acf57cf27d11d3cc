import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { startWatchedConnector, type WatchedConnector } from './test-support/watched-connector';

describe.each(['sqlite', 'postgres'] as const)('watching a CRM connector (Salesforce) on %s', (kind) => {
  let sim: SalesforceSimulator;
  let w: WatchedConnector;
  const ids = async (entity: string, values: string[]) =>
    (await w.search(entity, { filter: { in: { Id: values } } })).map((hit) => hit.data.Id);

  beforeAll(async () => {
    sim = await startSalesforceSimulator({ dataset: { seed: 16 } });
    w = await startWatchedConnector(kind, `crm_watch_${kind}`, {
      connector_type: 'crm',
      credentials: {
        refresh_token: sim.credentials.refreshToken,
        client_id: sim.credentials.clientId,
        client_secret: sim.credentials.clientSecret,
      },
      config: { base_url: sim.loginUrl },
    });
  });

  afterAll(async () => {
    await w?.close();
    await sim?.close();
  });

  it('brings edits, new records under an unchanged account and deletions into search without a run', async () => {
    const runsBefore = (await w.runs()).length;
    const [account] = sim.data.records('Account');
    sim.update(account!.Id, { Name: 'Renamed upstream, seen by the watch' });
    const contact = sim.insert('Contact', { AccountId: account!.Id, LastName: 'Newcomer' });
    const opportunity = sim.insert('Opportunity', {
      AccountId: account!.Id,
      Name: 'New deal under the account',
      StageName: 'Prospecting',
      CloseDate: '2027-01-31',
    });
    const victim = sim.data.records('Contact').find((other) => other.Id !== contact.Id)!;
    sim.delete(victim.Id);

    await w.until(async () => {
      const contacts = await ids('contacts', [contact.Id, victim.Id]);
      const opportunities = await ids('opportunities', [opportunity.Id]);
      return contacts.length === 1 && contacts[0] === contact.Id && opportunities.length === 1;
    }, 60_000);
    const [renamed] = await w.search('accounts', { filter: { eq: { Id: account!.Id } } });
    expect(renamed?.data.Name).toBe('Renamed upstream, seen by the watch');
    const [newcomer] = await w.search('contacts', { filter: { eq: { Id: contact.Id } } });
    expect(newcomer?.data.AccountId).toBe(account!.Id);
    expect(await indexInconsistencies(w.store, w.connectorId)).toEqual([]);
    // No run, and no request but the watch's queries: the changed rows came whole.
    expect((await w.runs()).length).toBe(runsBefore);
    expect(sim.requests.count({ path: /\/sobjects\/(Account|Contact|Opportunity)\// })).toBe(0);
    const feed = await w.t.request('GET', `/api/v1/connectors/sources/${w.connectorId}/changes?limit=1000`, {
      token: w.token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    expect(changes.find((change) => change.id === victim.Id)?.operation).toBe('delete');
    expect(changes.find((change) => change.id === contact.Id)?.operation).toBe('upsert');
  });

  it('reads at the pace the org’s daily allocation allows', async () => {
    // 100,000 a day (the simulator's default): five objects a read, 8% of it → one read a 54 s.
    const reads = () => sim.requests.count({ path: /\/queryAll$/ });
    const before = reads();
    for (let step = 0; step < 100; step += 1) {
      w.t.clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const made = (reads() - before) / 5;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(2);
  });
});
