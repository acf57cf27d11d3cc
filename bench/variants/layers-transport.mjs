// Layers suite: @conduit/transport (ky on the platform fetch, with auth, retry policy, limiter,
// error mapping) and paginate(), without the connector: page by page (`pages()`), a plain loop over
// each page's tasks, as the rows under it loop.
//   node layers-transport.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { bearerAuth, createTransport, paginate } from '@conduit/transport';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, TASK_LIST_FIELDS } from './support/asana-args.mjs';

const args = readArgs(process.argv.slice(2));
const transport = createTransport({
  baseUrl: args['base-url'],
  auth: bearerAuth(process.env.ASANA_TOKEN),
  limiter: { requestsPerInterval: 1_000_000_000, intervalMs: 60_000, maxConcurrent: 50 },
});
const path = `/projects/${encodeURIComponent(args.project)}/tasks`;
const query = { limit: 100, opt_fields: TASK_LIST_FIELDS.join(',') };

await reportProcess(async (onPage) => {
  let records = 0;
  const tasks = paginate({
    fetchPage: (offset, signal) => transport.json({ path, query: { ...query, offset }, signal }),
    items: (page) => page.data,
    nextCursor: (page) => page.next_page?.offset,
  });
  for await (const page of tasks.pages()) {
    for (const task of page.data) if (task.gid) records += 1;
    onPage();
  }
  return { records };
});
