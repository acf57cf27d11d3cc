// Asana suite, list: the connector in local mode walking the listing page by page
// (`list(...).pages()`), a plain loop over each page's records: the shape of the official SDK's
// `nextPage()` walk, where the `for await` variant pays one awaited step per record. Counts records
// without keeping them; its limiter stays on with limits never reached.
//   node asana-list-conduit-pages.mjs --base-url U --project GID   (token in ASANA_TOKEN)
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
  for await (const page of asana.project_tasks.list({ project_gid: args.project, limit: 100 }).pages()) {
    for (const task of page.records) if (task.gid) records += 1;
  }
  return { records };
});
