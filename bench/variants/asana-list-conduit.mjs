// Asana suite, list: the connector in local mode, `for await` over every task of the project,
// counting records without keeping them (see support/bench-asana.mjs for its options).
//   node asana-list-conduit.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { reportProcess } from '../lib/measure.mjs';
import { benchAsana } from './support/bench-asana.mjs';

const { args, asana } = benchAsana();

await reportProcess(async (onPage) => {
  let records = 0;
  let seen = 0;
  for await (const task of asana.project_tasks.list({ project_gid: args.project, limit: 100 })) {
    if (task.gid) records += 1;
    // A page's worth of tasks (the listing asks for 100 a page).
    seen += 1;
    if (seen % 100 === 0) onPage();
  }
  return { records };
});
