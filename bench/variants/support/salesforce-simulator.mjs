// The Salesforce simulator of @conduit/testkit (built dist) in a process of its own, over a scale
// dataset, with a small control server for the suite: request counts and mutations.
//   node salesforce-simulator.mjs --accounts N --contacts N
// Prints one JSON line when ready: { loginUrl, instanceUrl, controlUrl, clientId, clientSecret, refreshToken }.
//   GET  <controlUrl>/requests        → { total, token, query, queryAll, queryMore, other }
//   POST <controlUrl>/mutate?change=R&delete=R → updates / soft-deletes that share of accounts and contacts
//   GET  <controlUrl>/contact-ids     → the ids of the live contacts, in Id order
//   POST <controlUrl>/touch?count=N   → updates N contacts picked at random (seeded), ahead of and behind any cursor
import { createServer } from 'node:http';
import { startSalesforceSimulator } from '@conduit/testkit';
import { readArgs } from './load.mjs';

const args = readArgs(process.argv.slice(2));
const sim = await startSalesforceSimulator({
  dataset: {
    preset: 'empty',
    seed: 11,
    scale: { accounts: Number(args.accounts ?? 0), contacts: Number(args.contacts ?? 0) },
  },
  dailyApiLimit: 10_000_000,
  concurrencyLimit: 1000,
});

function counts() {
  const out = { total: 0, token: 0, query: 0, queryAll: 0, queryMore: 0, other: 0 };
  for (const request of sim.requests.all()) {
    out.total += 1;
    if (request.path === '/services/oauth2/token') out.token += 1;
    else if (/\/query$/.test(request.path)) out.query += 1;
    else if (/\/queryAll$/.test(request.path)) out.queryAll += 1;
    else if (/\/query\/[^/]+$/.test(request.path)) out.queryMore += 1;
    else out.other += 1;
  }
  return out;
}

function mutate(changeShare, deleteShare) {
  let changed = 0;
  let deleted = 0;
  for (const type of ['Account', 'Contact']) {
    const records = sim.data.records(type);
    const changeEvery = changeShare > 0 ? Math.round(1 / changeShare) : 0;
    const deleteEvery = deleteShare > 0 ? Math.round(1 / deleteShare) : 0;
    records.forEach((record, index) => {
      if (deleteEvery > 0 && index % deleteEvery === deleteEvery - 1) {
        sim.delete(record.Id);
        deleted += 1;
      } else if (changeEvery > 0 && index % changeEvery === 0) {
        sim.update(record.Id, { Description: `changed at ${new Date().toISOString()}` });
        changed += 1;
      }
    });
  }
  return { changed, deleted };
}

// A fixed-seed generator, so two runs touch the same records.
let touchState = 7;
function touch(count) {
  const records = sim.data.records('Contact');
  for (let i = 0; i < count; i += 1) {
    touchState = (touchState * 1_664_525 + 1_013_904_223) >>> 0;
    const record = records[touchState % records.length];
    sim.update(record.Id, { Title: `touched ${touchState}` });
  }
  return { touched: count };
}

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const reply = (body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/requests') reply(counts());
  else if (url.pathname === '/contact-ids')
    reply(
      sim.data
        .records('Contact')
        .map((record) => record.Id)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  else if (url.pathname === '/touch') reply(touch(Number(url.searchParams.get('count') ?? 0)));
  else if (url.pathname === '/mutate')
    reply(mutate(Number(url.searchParams.get('change') ?? 0), Number(url.searchParams.get('delete') ?? 0)));
  else {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));

process.stdout.write(
  `${JSON.stringify({
    loginUrl: sim.loginUrl,
    instanceUrl: sim.instanceUrl,
    controlUrl: `http://127.0.0.1:${control.address().port}`,
    clientId: sim.credentials.clientId,
    clientSecret: sim.credentials.clientSecret,
    refreshToken: sim.credentials.refreshToken,
    accounts: sim.data.count('Account'),
    contacts: sim.data.count('Contact'),
  })}\n`,
);
process.once('SIGTERM', async () => {
  control.close();
  await sim.close();
  process.exit(0);
});
