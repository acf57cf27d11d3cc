// Asana suite, list: the connector in local mode walking the listing page by page
// (`list(...).pages()`), a plain loop over each page's records: the shape of the official SDK's
// `nextPage()` walk, where the `for await` variant pays one awaited step per record. Counts records
// without keeping them (see support/bench-asana.mjs for its options).
//   node asana-list-conduit-pages.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { reportProcess } from '../lib/measure.mjs';
import { benchAsana } from './support/bench-asana.mjs';

const { args, asana } = benchAsana();

await reportProcess(async (onPage) => {
  let records = 0;
  for await (const page of asana.project_tasks.list({ project_gid: args.project, limit: 100 }).pages()) {
    for (const task of page.records) if (task.gid) records += 1;
    onPage();
  }
  return { records };
});
