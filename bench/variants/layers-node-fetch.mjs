// Layers suite: the transport's node:http fetch alone, with the loop of asana-list-fetch.mjs.
//   node layers-node-fetch.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { createNodeHttpFetch } from '@conduit/transport';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, TASK_LIST_FIELDS } from './support/asana-args.mjs';

const args = readArgs(process.argv.slice(2));
const send = createNodeHttpFetch();
const headers = { accept: 'application/json', authorization: `Bearer ${process.env.ASANA_TOKEN}` };
const first = new URL(`${args['base-url']}/projects/${encodeURIComponent(args.project)}/tasks`);
first.searchParams.set('limit', '100');
first.searchParams.set('opt_fields', TASK_LIST_FIELDS.join(','));

await reportProcess(async () => {
  let records = 0;
  let offset;
  do {
    const url = new URL(first);
    if (offset !== undefined) url.searchParams.set('offset', offset);
    const response = await send(url, { headers });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    const body = JSON.parse(await response.text());
    for (const task of body.data) if (task.gid) records += 1;
    offset = body.next_page?.offset;
  } while (offset !== undefined);
  return { records };
});
