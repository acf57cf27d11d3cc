// Salesforce suite, limit: the connector in local mode walks `contacts.list` page by page at one
// `limit` while the simulator edits contacts between pages (spread so that `--touch` of them,
// 1% of the table, are edited over a full walk), then checks the walk against the ids the table
// held before it: none skipped, none repeated, every page but the last exactly `limit`. A walk
// that would outlast `--budget-s` stops there; the check then covers the ids up to the last one
// handed out (the keyset order is Id order).
//   node salesforce-limit-walk.mjs --login-url U --control-url C --limit N --touch T --budget-s S
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';
import { salesforceFromEnv } from './support/salesforce-client.mjs';

const args = readArgs(process.argv.slice(2));
const limit = Number(args.limit);
const budgetMs = Number(args['budget-s']) * 1000;
const salesforce = salesforceFromEnv(args['login-url']);

const control = async (path, method = 'GET') =>
  (await fetch(`${args['control-url']}${path}`, { method })).json();

const initial = await control('/contact-ids');
const fullPages = Math.ceil(initial.length / limit);
// Edits per page so that a full walk edits `--touch` records; a fraction carries over.
const touchPerPage = Number(args.touch) / fullPages;

await reportProcess(async (page) => {
  const started = performance.now();
  const seen = new Set();
  let repeated = 0;
  let wrongSize = 0;
  let pages = 0;
  let touched = 0;
  let owed = 0;
  let last;
  let complete = false;
  let params = { limit };
  for (;;) {
    const result = await salesforce.contacts.list(params);
    page();
    pages += 1;
    for (const record of result.records) {
      if (seen.has(record.Id)) repeated += 1;
      seen.add(record.Id);
      last = record.Id;
    }
    if (result.meta.next_page === null) {
      complete = true;
      if (result.records.length > limit) wrongSize += 1;
      break;
    }
    if (result.records.length !== limit) wrongSize += 1;
    if (performance.now() - started > budgetMs) break;
    params = { ...result.meta.next_page, limit };
    owed += touchPerPage;
    const count = Math.floor(owed);
    if (count > 0) {
      owed -= count;
      touched += (await control(`/touch?count=${count}`, 'POST')).touched;
    }
  }
  const covered = complete ? initial : initial.filter((id) => id <= last);
  const skipped = covered.filter((id) => !seen.has(id)).length;
  return {
    limit,
    pages,
    fullPages,
    records: seen.size,
    covered: covered.length,
    complete,
    skipped,
    repeated,
    wrongSize,
    touched,
  };
});
