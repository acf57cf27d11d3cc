// The page loop the floor-like list variants share: GET a project's tasks with the connector's
// `opt_fields`, `JSON.parse` each page, follow `next_page.offset`, count records; only the function
// that sends a request differs (the platform fetch, ky).
import { reportProcess } from '../../lib/measure.mjs';
import { readArgs, TASK_LIST_FIELDS } from './asana-args.mjs';

/**
 * Lists every task of `--project` from `--base-url` (token in ASANA_TOKEN) through `send` and
 * prints the measurement line of `reportProcess`.
 * @param {(url: URL, init: { headers: Record<string, string> }) => Promise<Response>} send
 */
export async function reportPlainListing(send) {
  const args = readArgs(process.argv.slice(2));
  const headers = { accept: 'application/json', authorization: `Bearer ${process.env.ASANA_TOKEN}` };
  const first = new URL(`${args['base-url']}/projects/${encodeURIComponent(args.project)}/tasks`);
  first.searchParams.set('limit', '100');
  first.searchParams.set('opt_fields', TASK_LIST_FIELDS.join(','));

  await reportProcess(async (page) => {
    let records = 0;
    let offset;
    do {
      const url = new URL(first);
      if (offset !== undefined) url.searchParams.set('offset', offset);
      const response = await send(url, { headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      const body = JSON.parse(await response.text());
      for (const task of body.data) if (task.gid) records += 1;
      page();
      offset = body.next_page?.offset;
    } while (offset !== undefined);
    return { records };
  });
}
