// Asana suite, list: the official SDK (asana 3.2.0), following `nextPage()` and counting.
//   node asana-list-official.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { createRequire } from 'node:module';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs, TASK_LIST_FIELDS } from './support/asana-args.mjs';

const Asana = createRequire(import.meta.url)('asana');
const args = readArgs(process.argv.slice(2));
const client = new Asana.ApiClient();
client.basePath = args['base-url'];
client.authentications.token.accessToken = process.env.ASANA_TOKEN;
const tasks = new Asana.TasksApi(client);

await reportProcess(async (onPage) => {
  let records = 0;
  let page = await tasks.getTasksForProject(args.project, {
    limit: 100,
    opt_fields: TASK_LIST_FIELDS.join(','),
  });
  while (page.data) {
    for (const task of page.data) if (task.gid) records += 1;
    onPage();
    page = await page.nextPage();
  }
  return { records };
});
