// Salesforce suite, sync: the connector module's sync plan walked to the end by a minimal driver
// (what the hosted service's sync runner does for one run: every listing from the plan's root,
// every page, children per page), counting records and deleted records without keeping them.
//   node salesforce-sync-conduit.mjs --login-url U [--since ISO]   (credentials as for the list variants)
import { childJobs, readSyncPage } from '@conduit/connector-kit';
import { salesforceModule } from '@conduit/salesforce';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const executor = salesforceModule.createExecutor({
  credentials: {
    refresh_token: process.env.SF_REFRESH_TOKEN,
    client_id: process.env.SF_CLIENT_ID,
    client_secret: process.env.SF_CLIENT_SECRET,
  },
  baseUrl: args['login-url'],
});
const plan = salesforceModule.sync;
const context = { pageSize: 2000, modifiedSince: args.since ?? null };

await reportProcess(async () => {
  let records = 0;
  let deleted = 0;
  const queue = [plan.root];
  while (queue.length > 0) {
    const job = queue.shift();
    let offset = null;
    do {
      const page = await readSyncPage(executor, plan, job, offset, context);
      for (const record of page.records) {
        if (record.IsDeleted === true) deleted += 1;
        else records += 1;
      }
      queue.push(...childJobs(plan, job.kind, page.records));
      offset = page.nextOffset;
    } while (offset !== null);
  }
  return { records, deleted };
});
