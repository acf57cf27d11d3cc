// Asana suite, rate-limited gets: the connector's `tasks.get` for every id, 50 at a time, with its
// limiter set to the simulator's (scaled) quota. Counts 429s seen (and retried) through the hooks.
//   node asana-get-conduit.mjs --base-url U --ids FILE --requests N --interval-ms MS --concurrency C
//   (token in ASANA_TOKEN; FILE holds a JSON array of task gids)
import { readFileSync } from 'node:fs';
import { createAsana } from '@conduit/asana';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/asana-args.mjs';

const args = readArgs(process.argv.slice(2));
const ids = JSON.parse(readFileSync(args.ids, 'utf8'));
const concurrency = Number(args.concurrency);
let retried429 = 0;
let retriedOther = 0;
const asana = createAsana({
  auth: { token: process.env.ASANA_TOKEN },
  baseUrl: args['base-url'],
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
      const gid = ids[next];
      next += 1;
      try {
        const task = await asana.tasks.get({ task_gid: gid });
        if (task.gid === gid) ok += 1;
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
