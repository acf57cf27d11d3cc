// Zendesk suite, rate-limited gets: the connector's `tickets.get` for every id, with its limiter
// set to the simulator's (scaled) plan limit. Counts 429s seen (and retried) through the hooks.
//   node zendesk-get-conduit.mjs --base-url U --ids FILE --requests N --interval-ms MS --concurrency C
//   (ZENDESK_EMAIL, ZENDESK_API_TOKEN; FILE holds a JSON array of ticket ids)
import { readFileSync } from 'node:fs';
import { createZendeskSupport } from '@conduit/zendesk-support';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const ids = JSON.parse(readFileSync(args.ids, 'utf8'));
const concurrency = Number(args.concurrency);
let retried429 = 0;
let retriedOther = 0;
const zendesk = createZendeskSupport({
  credentials: { email: process.env.ZENDESK_EMAIL, api_token: process.env.ZENDESK_API_TOKEN },
  config: { base_url: args['base-url'] },
  rateLimit: {
    requestsPerInterval: Number(args.requests),
    intervalMs: Number(args['interval-ms']),
    maxConcurrent: concurrency,
  },
  hooks: {
    onRetry: ({ status }) => {
      if (status === 429) retried429 += 1;
      else retriedOther += 1;
    },
  },
});

await reportProcess(async () => {
  let next = 0;
  let ok = 0;
  const failures = {};
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next];
      next += 1;
      try {
        const ticket = await zendesk.tickets.get({ ticket_id: id });
        if (ticket.id === id) ok += 1;
      } catch (error) {
        const key = error?.status ?? error?.code ?? 'error';
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
  return { ok, failed, failures, retried429, retriedOther };
});
