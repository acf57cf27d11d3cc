import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { afterAll, beforeAll } from 'vitest';
import { createZendeskSupport, type ZendeskSupport } from '../zendesk-support';

/**
 * A Zendesk simulator of `tickets` tickets (no rate limit) and a connector on it, started before
 * the file's tests and closed after them. A socket the simulator closed while idle (a spec takes
 * seconds to load) is retried at once.
 *
 * @example
 * ```ts
 * const zd = simulatedZendesk(60);
 * it('lists', async () => expect((await zd.zendesk.tickets.list({ limit: 5 })).records).toHaveLength(5));
 * ```
 */
export function simulatedZendesk(tickets: number): {
  readonly sim: ZendeskSimulator;
  readonly zendesk: ZendeskSupport;
} {
  let sim: ZendeskSimulator | undefined;
  let zendesk: ZendeskSupport | undefined;
  beforeAll(async () => {
    sim = await startZendeskSimulator({ dataset: { tickets }, rateLimit: false });
    zendesk = createZendeskSupport({
      credentials: { email: sim.credentials.email, api_token: sim.credentials.apiToken },
      config: { base_url: sim.baseUrl },
      retry: { initialDelayMs: 5, maxDelayMs: 20 },
    });
  });
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get sim() {
      return sim!;
    },
    get zendesk() {
      return zendesk!;
    },
  };
}
