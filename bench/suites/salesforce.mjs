// The Salesforce connector (issue 15): listing 100,000 contacts against jsforce, and a full sync of
// 100,000 records followed by an incremental one after 1% changed and 0.1% deleted. The simulator
// of @conduit/testkit runs in a process of its own; every client variant runs in a fresh process.
// See bench/README.md.
import { join } from 'node:path';
import { variantsDir } from '../lib/bench-paths.mjs';
import {
  CLIENT_METRICS,
  comparisonRows,
  measureInterleaved,
  ratioVerdicts,
} from '../lib/client-comparison.mjs';
import { measureProcess } from '../lib/measure.mjs';
import { fixed, table } from '../lib/stats.mjs';
import { suiteLog } from '../lib/suite-log.mjs';
import { withServerProcess } from '../variants/support/child-server.mjs';

export const title = 'Salesforce connector vs jsforce, and its sync (issue 15, "The CRM connector")';

const LIST_CONTACTS = 100_000;
const LIST_ACCOUNTS = 1_000;
const LIST_REPETITIONS = 5;
const LIST_TARGET = 0.85;
const SYNC_ACCOUNTS = 50_000;
const SYNC_CONTACTS = 50_000;
const CHANGE_SHARE = 0.01;
const DELETE_SHARE = 0.001;
// The order of `contacts.list` without filters: jsforce runs this one query to the end through
// nextRecordsUrl; the connector runs it in keyset pages (`Id > :last … LIMIT 2000`, issue 33).
const CONTACTS_SOQL = 'SELECT FIELDS(STANDARD) FROM Contact ORDER BY Id ASC';

const simulatorScript = join(variantsDir, 'support', 'salesforce-simulator.mjs');
const log = suiteLog('salesforce');

function credentialsEnv(ready) {
  return {
    SF_CLIENT_ID: ready.clientId,
    SF_CLIENT_SECRET: ready.clientSecret,
    SF_REFRESH_TOKEN: ready.refreshToken,
  };
}

async function control(ready, path) {
  const response = await fetch(`${ready.controlUrl}${path}`, {
    method: path.startsWith('/mutate') ? 'POST' : 'GET',
  });
  return response.json();
}

export async function run() {
  const list = await runList();
  const sync = await runSync();
  return [list, sync].join('\n\n');
}

// --- 1. Listing 100,000 contacts ----------------------------------------------------------------

const LIST_VARIANTS = [
  {
    id: 'conduit',
    label: '@conduit/salesforce `contacts.list` (for await, limit 2000)',
    script: 'salesforce-list-conduit.mjs',
  },
  {
    id: 'jsforce',
    label: "jsforce 3 `query(soql).stream('record')` (autoFetch)",
    script: 'salesforce-list-jsforce.mjs',
  },
];

async function runList() {
  const runs = await withServerProcess(
    simulatorScript,
    ['--accounts', String(LIST_ACCOUNTS), '--contacts', String(LIST_CONTACTS)],
    { readyTimeoutMs: 120_000 },
    (ready) =>
      measureInterleaved({
        variants: LIST_VARIANTS,
        repetitions: LIST_REPETITIONS,
        args: ['--login-url', ready.loginUrl, '--soql', CONTACTS_SOQL],
        env: credentialsEnv(ready),
        expected: LIST_CONTACTS,
        noun: 'contacts',
        log,
      }),
  );
  const rows = comparisonRows(LIST_VARIANTS, runs, ['jsforce']);
  const verdicts = ratioVerdicts(runs, { reference: 'jsforce', name: 'jsforce', target: LIST_TARGET });
  const perRep = CLIENT_METRICS.map(([key, name]) => {
    const ratios = runs.conduit.map((r, i) => r[key] / runs.jsforce[i][key]);
    return `${name} ${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))}`;
  });
  return `### Listing ${LIST_CONTACTS.toLocaleString('en-US')} contacts

The Salesforce simulator (\`bench/variants/support/salesforce-simulator.mjs\`, the testkit's
\`startSalesforceSimulator\` over ${LIST_CONTACTS.toLocaleString('en-US')} generated contacts of
${LIST_ACCOUNTS.toLocaleString('en-US')} accounts) in its own process. Both clients authenticate with
the OAuth refresh token (one token call each), run \`${CONTACTS_SOQL}\` (what \`contacts.list\` sends)
and page through \`nextRecordsUrl\` in batches of 2,000 (50 pages), counting records without keeping
them. Medians of ${LIST_REPETITIONS} processes per variant, interleaved in rotating order; wall and CPU
from the first request to the last record, peak memory = the process's peak RSS.

${table(['client', 'wall ms', 'CPU ms', 'peak RSS MB', 'wall / jsforce', 'CPU / jsforce', 'RSS / jsforce'], rows)}

${table(['target', 'ratio', ''], verdicts)}

Range of the per-repetition ratios (ours / jsforce): ${perRep.join('; ')}. The machine is shared
(2 cores, other engineers' builds and tests running), so single figures are noisy; the ratios of
interleaved runs are the comparable part. jsforce keeps every fetched record in the query's
\`records\` array even when streamed, which is most of its memory.`;
}

// --- 2. Full and incremental sync of 100,000 records ---------------------------------------------

async function runSync() {
  const script = join(variantsDir, 'salesforce-sync-conduit.mjs');
  const { ready, full, incremental, mutation, fullCalls, incrementalCalls } = await withServerProcess(
    simulatorScript,
    ['--accounts', String(SYNC_ACCOUNTS), '--contacts', String(SYNC_CONTACTS)],
    { readyTimeoutMs: 120_000 },
    async (ready) => {
      const env = credentialsEnv(ready);
      // Incremental reads `SystemModstamp >= since`; Salesforce stamps to the second.
      const since = new Date(Date.now() - 1000).toISOString();
      const before = await control(ready, '/requests');
      const full = await measureProcess(script, ['--login-url', ready.loginUrl], { env });
      const afterFull = await control(ready, '/requests');
      const fullCalls = diff(afterFull, before);
      log(`full sync: ${full.records} records, wall ${fixed(full.wallMs, 0)} ms, ${fullCalls.total} calls`);
      const mutation = await control(ready, `/mutate?change=${CHANGE_SHARE}&delete=${DELETE_SHARE}`);
      const incremental = await measureProcess(script, ['--login-url', ready.loginUrl, '--since', since], {
        env,
      });
      const incrementalCalls = diff(await control(ready, '/requests'), afterFull);
      log(
        `incremental sync: ${incremental.records} changed, ${incremental.deleted} deleted, wall ${fixed(incremental.wallMs, 0)} ms, ${incrementalCalls.total} calls`,
      );
      return { ready, full, incremental, mutation, fullCalls, incrementalCalls };
    },
  );
  const synced = ready.accounts + ready.contacts;
  const row = (name, result, calls) => [
    name,
    String(result.records),
    String(result.deleted),
    String(calls.total),
    `${calls.token} token, ${calls.query} query, ${calls.queryAll} queryAll, ${calls.queryMore} next page, ${calls.other} other`,
    fixed(result.wallMs, 0),
    fixed(result.cpuMs, 0),
    fixed(result.peakRssMb, 0),
  ];
  return `### Sync: full, then incremental after ${CHANGE_SHARE * 100}% changed and ${DELETE_SHARE * 100}% deleted

The module's sync plan (\`salesforceSyncPlan\`: every searchable entity by SOQL with its searchable
fields only, pages of 2,000) walked to the end by a minimal driver in one process
(\`variants/salesforce-sync-conduit.mjs\`: the listings from the plan's root, every page, the
children of every page), against a simulator holding ${synced.toLocaleString('en-US')} accounts and
contacts plus the org's users and stages. Then ${mutation.changed.toLocaleString('en-US')} of them were
changed and ${mutation.deleted.toLocaleString('en-US')} deleted, and an incremental run read
\`SystemModstamp >= start of the full run\` through \`queryAll\` (deletions come back with
\`IsDeleted: true\`). Upstream calls are counted by the simulator. One run each on a shared,
noisy machine.

${table(
  ['run', 'records', 'deleted seen', 'upstream calls', 'of which', 'wall ms', 'CPU ms', 'peak RSS MB'],
  [row('full', full, fullCalls), row('incremental', incremental, incrementalCalls)],
)}

Incremental / full: ${fixed(incremental.wallMs / full.wallMs)} of the wall time, ${fixed(incrementalCalls.total / fullCalls.total)} of the upstream calls.`;
}

function diff(after, before) {
  return Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - (before[key] ?? 0)]));
}
