// Zendesk suite, rate-limited gets: the connector's `tickets.get` for every id, with its limiter
// set to the simulator's (scaled) plan limit. Counts 429s seen (and retried) through the hooks.
//   node zendesk-get-conduit.mjs --base-url U --ids FILE --requests N --interval-ms MS --concurrency C
//   (ZENDESK_EMAIL, ZENDESK_API_TOKEN; FILE holds a JSON array of ticket ids)
import { createZendeskSupport } from '@conduit/zendesk-support';
import { readArgs } from './support/load.mjs';
import { reportRateLimitedGets } from './support/rate-limited-gets.mjs';

const args = readArgs(process.argv.slice(2));
await reportRateLimitedGets(
  args,
  (limits) =>
    createZendeskSupport({
      credentials: { email: process.env.ZENDESK_EMAIL, api_token: process.env.ZENDESK_API_TOKEN },
      config: { base_url: args['base-url'] },
      ...limits,
    }),
  async (zendesk, id) => (await zendesk.tickets.get({ ticket_id: id })).id === id,
);
