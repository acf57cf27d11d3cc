// Asana suite, list: the connector in local mode, `for await` over every task of the project,
// counting records without keeping them. Its limiter stays on with limits never reached (the
// simulator runs with rate limits off).
//   node asana-list-conduit.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { createAsana } from '@conduit/asana';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/asana-args.mjs';

const args = readArgs(process.argv.slice(2));
const asana = createAsana({
  auth: { token: process.env.ASANA_TOKEN },
  baseUrl: args['base-url'],
  rateLimit: { requestsPerInterval: 1_000_000_000, intervalMs: 60_000, maxConcurrent: 50 },
});

await reportProcess(async () => {
  let records = 0;
  for await (const task of asana.project_tasks.list({ project_gid: args.project, limit: 100 })) {
    if (task.gid) records += 1;
  }
  return { records };
});
