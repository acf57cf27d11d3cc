import type { SyncChangePage } from '@conduit/connector-kit';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor } from './local-executor';
import { WATCH_SHARE, WATCHED_ENTITIES, watchIntervalMs } from './modstamp-change-stream';
import { salesforceSyncPlan } from './sync-plan';

describe('the Salesforce change stream (queryAll on SystemModstamp)', () => {
  let sim: SalesforceSimulator;
  const stream = salesforceSyncPlan.changes!;
  const executor = (target: SalesforceSimulator = sim) =>
    createSalesforceExecutor({
      credentials: {
        refresh_token: target.credentials.refreshToken,
        client_id: target.credentials.clientId,
        client_secret: target.credentials.clientSecret,
      },
      instanceUrl: target.loginUrl,
      retry: false,
    });
  const apiCalls = () => sim.requests.count({ path: /^\/services\/data\/v[\d.]+\/(query|sobjects)/ });
  const byId = (page: SyncChangePage) => new Map(page.changes.map((change) => [change.id, change]));

  beforeAll(async () => {
    sim = await startSalesforceSimulator({ clock: 'manual', dataset: { seed: 16 } });
  });

  afterAll(async () => {
    await sim?.close();
  });

  it('starts from the newest stamps, then brings edits, new child records and deletions whole', async () => {
    const run = executor();
    const first = await stream.read(run, '', null);
    expect(first).toMatchObject({ changes: [], expired: true, more: false });
    expect(stream.scopeEntity).toBeUndefined();

    sim.clock.advance(2_000);
    const [account] = sim.data.records('Account');
    const renamed = sim.update(account!.Id, { Name: 'Renamed upstream' });
    const contact = sim.insert('Contact', { AccountId: account!.Id, LastName: 'New under the account' });
    const task = sim.insert('Task', { WhatId: account!.Id, AccountId: account!.Id, Subject: 'Call back' });
    const victim = sim.data.records('Opportunity')[0]!;
    sim.delete(victim.Id);

    const page = await stream.read(run, '', first.cursor);
    expect(page.expired).toBe(false);
    const changes = byId(page);
    expect(changes.get(renamed.Id)).toMatchObject({ entity: 'accounts', operation: 'upsert' });
    expect(changes.get(renamed.Id)?.record).toMatchObject({ Id: renamed.Id, Name: 'Renamed upstream' });
    // Only the copy's fields are asked for.
    expect(Object.keys(changes.get(renamed.Id)?.record ?? {})).not.toContain('BillingCity');
    expect(changes.get(contact.Id)).toMatchObject({ entity: 'contacts', operation: 'upsert' });
    expect(changes.get(contact.Id)?.record).toMatchObject({ AccountId: account!.Id });
    expect(changes.get(task.Id)).toMatchObject({ entity: 'tasks', operation: 'upsert' });
    expect(changes.get(victim.Id)).toEqual({ entity: 'opportunities', id: victim.Id, operation: 'delete' });
    expect(page.changes).toHaveLength(4);
    // Every read is one queryAll per watched object.
    const queries = sim.requests
      .all()
      .filter((request) => /\/queryAll$/.test(request.path))
      .slice(-WATCHED_ENTITIES.length);
    expect(queries.map((request) => request.query.get('q'))).toContainEqual(
      expect.stringMatching(
        /^SELECT .* FROM Account WHERE SystemModstamp >= \S+Z ORDER BY SystemModstamp ASC, Id ASC LIMIT 2000$/,
      ),
    );

    // Nothing new: nothing reported again, for one call per watched object.
    const before = apiCalls();
    const idle = await stream.read(run, '', page.cursor);
    expect(idle.changes).toEqual([]);
    expect(apiCalls() - before).toBe(WATCHED_ENTITIES.length);
  });

  it('tells a second change within the same second by its content', async () => {
    const run = executor();
    let cursor = (await stream.read(run, '', null)).cursor;
    sim.clock.advance(5_000);
    const [lead] = sim.data.records('Lead');
    sim.update(lead!.Id, { Company: 'First in this second' });
    const once = await stream.read(run, '', cursor);
    expect(byId(once).get(lead!.Id)?.record).toMatchObject({ Company: 'First in this second' });
    cursor = once.cursor;
    // Same second (the manual clock did not move): the stamp is equal, the row is not.
    sim.update(lead!.Id, { Company: 'Again in the same second' });
    const twice = await stream.read(run, '', cursor);
    expect(twice.changes).toHaveLength(1);
    expect(twice.changes[0]?.record).toMatchObject({ Company: 'Again in the same second' });
    expect((await stream.read(run, '', twice.cursor)).changes).toEqual([]);
  });

  it('reports an unreadable cursor, or one older than the recycle bin keeps deletions, as expired', async () => {
    const run = executor();
    expect((await stream.read(run, '', 'not a cursor')).expired).toBe(true);
    const fresh = await stream.read(run, '', null);
    const old = JSON.parse(fresh.cursor) as { at: number };
    old.at -= 15 * 86_400_000;
    const page = await stream.read(run, '', JSON.stringify(old));
    expect(page).toMatchObject({ expired: true, changes: [] });
    expect((await stream.read(run, '', page.cursor)).expired).toBe(false);
  });

  it('refreshes its session once when it expired during the watch', async () => {
    const run = executor();
    const { cursor } = await stream.read(run, '', null);
    const tokensBefore = sim.requests.count({ path: '/services/oauth2/token' });
    sim.expireSessions();
    sim.clock.advance(1_000);
    const [account] = sim.data.records('Account');
    sim.update(account!.Id, { Name: 'Edited while the session expired' });
    const page = await stream.read(run, '', cursor);
    expect(byId(page).get(account!.Id)?.record).toMatchObject({ Name: 'Edited while the session expired' });
    expect(sim.requests.count({ path: '/services/oauth2/token' }) - tokensBefore).toBe(1);
  });

  it('asks for a pace that keeps its idle reads within its share of the daily allocation', async () => {
    const run = executor();
    sim.setApiUsage(sim.usage.used, 200_000);
    const page = await stream.read(run, '', null);
    expect(page.nextReadInMs).toBe(watchIntervalMs({ used: 0, max: 200_000 }));
    const readsPerDay = 86_400_000 / page.nextReadInMs!;
    expect(readsPerDay * WATCHED_ENTITIES.length).toBeLessThanOrEqual(WATCH_SHARE * 200_000);
    expect(watchIntervalMs(undefined)).toBe(0);
  });

  it('reads one changed record again with the copy’s fields, or null once it is gone', async () => {
    const run = executor();
    const [contact] = sim.data.records('Contact');
    const record = await stream.fetch(run, 'contacts', contact!.Id);
    expect(record).toMatchObject({ Id: contact!.Id, Email: contact!.Email });
    sim.delete(contact!.Id);
    expect(await stream.fetch(run, 'contacts', contact!.Id)).toBeNull();
  });
});
