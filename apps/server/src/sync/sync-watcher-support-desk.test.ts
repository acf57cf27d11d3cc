import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { startWatchedConnector, type WatchedConnector } from './test-support/watched-connector';

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');

describe.each(['sqlite', 'postgres'] as const)('watching the support desk’s change stream on %s', (kind) => {
  let sim: ZendeskSimulator;
  let w: WatchedConnector;

  beforeAll(async () => {
    // The upstream's own limits stay on: 700 a minute, deleted tickets and exports 10 a minute.
    sim = await startZendeskSimulator({ dataset: { tickets: 300 } });
    w = await startWatchedConnector(kind, `sync_watch_zd_${kind}`, {
      connector_type: 'support-desk',
      credentials: { email: sim.credentials.email, api_token: sim.credentials.apiToken },
      config: { subdomain: 'lumenbikes', base_url: sim.baseUrl },
    });
  }, 120_000);

  afterAll(async () => {
    await w?.close();
    await sim?.close();
  });

  it('brings edits, new comments with attachments and deletions into hosted search without a run', async () => {
    const runsBefore = (await w.runs()).length;
    const [edited, commented, victim] = sim.data.liveTickets().slice(40, 43);
    sim.data.updateTicket(edited!.id, { subject: 'Renamed upstream, seen by the watch' });
    sim.data.addComment(commented!.id, {
      body: 'a reply with a file',
      attachments: [{ fileName: 'receipt.pdf', size: 2_048 }],
    });
    sim.data.deleteTicket(victim!.id);
    const ids = [edited!.id, commented!.id, victim!.id];

    await w.until(async () => {
      const hits = new Map(
        (await w.search('tickets', { filter: { in: { id: ids } } })).map((hit) => [hit.data.id, hit.data]),
      );
      return (
        hits.get(edited!.id)?.subject === 'Renamed upstream, seen by the watch' &&
        hits.get(commented!.id)?.updated_at === iso(commented!.updatedAt) &&
        !hits.has(victim!.id)
      );
    }, 60_000);
    expect(await indexInconsistencies(w.store, w.connectorId)).toEqual([]);
    // No run was needed for any of it.
    expect((await w.runs()).length).toBe(runsBefore);
    const feed = await w.t.request('GET', `/api/v1/connectors/sources/${w.connectorId}/changes?limit=1000`, {
      token: w.token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    expect(changes.findLast((change) => change.id === String(victim!.id))?.operation).toBe('delete');
    expect(changes.findLast((change) => change.id === String(commented!.id))?.operation).toBe('upsert');
    // The watch stored the tickets as the sorted list gave them: none was read again one by one.
    expect(
      sim.requests.all.filter((request) => /^\/api\/v2\/tickets\/\d+(\.json)?$/.test(request.path)),
    ).toEqual([]);
    // Every request the watch and the runs sent stayed within the upstream's limits.
    expect(sim.requests.all.filter((request) => request.status === 429)).toEqual([]);
  }, 90_000);
});
