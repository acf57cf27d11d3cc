// Zendesk suite, list: the support-desk connector in local mode, `for await` over every ticket
// (cursor pagination, 100 a page), counting records without keeping them. Its limiter stays on
// with limits never reached (the simulator runs with rate limits off).
//   node zendesk-list-conduit.mjs --base-url U   (ZENDESK_EMAIL, ZENDESK_API_TOKEN)
import { createZendeskSupport } from '@conduit/zendesk-support';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const zendesk = createZendeskSupport({
  credentials: { email: process.env.ZENDESK_EMAIL, api_token: process.env.ZENDESK_API_TOKEN },
  config: { base_url: args['base-url'] },
  rateLimit: { requestsPerInterval: 1_000_000_000, intervalMs: 60_000, maxConcurrent: 10 },
});

await reportProcess(async () => {
  let records = 0;
  for await (const ticket of zendesk.tickets.list({ limit: 100 })) {
    if (ticket.id) records += 1;
  }
  return { records };
});
