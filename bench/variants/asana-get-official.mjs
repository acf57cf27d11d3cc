// Asana suite, rate-limited gets: the official SDK's `getTask` for every id, 50 at a time.
// Pass 1 is what the SDK does on its own (it has no retry): one attempt per id, failures counted.
// Pass 2 retries the failed ids as a caller without a backoff policy would: each worker pauses a
// fixed 1 s after a failure and tries again, until every id succeeded or the time cap is reached.
//   node asana-get-official.mjs --base-url U --ids FILE --concurrency C --cap-ms MS
//   (token in ASANA_TOKEN; FILE holds a JSON array of task gids)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/asana-args.mjs';

const Asana = createRequire(import.meta.url)('asana');
const args = readArgs(process.argv.slice(2));
const ids = JSON.parse(readFileSync(args.ids, 'utf8'));
const concurrency = Number(args.concurrency);
const capMs = Number(args['cap-ms']);
const client = new Asana.ApiClient();
client.basePath = args['base-url'];
client.authentications.token.accessToken = process.env.ASANA_TOKEN;
const tasks = new Asana.TasksApi(client);

let attempts = 0;
let rejected429 = 0;
const get = async (gid) => {
  attempts += 1;
  try {
    const result = await tasks.getTask(gid, {});
    return result.data?.gid === gid ? 'ok' : 'mismatch';
  } catch (error) {
    const status = error?.status ?? error?.code ?? 'error';
    if (status === 429) rejected429 += 1;
    return String(status);
  }
};

/** Runs `each` over `items`, `concurrency` at a time. */
async function pool(items, each) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await each(item);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

await reportProcess(async () => {
  const started = performance.now();
  const pass1Failures = {};
  const failed = [];
  let pass1Ok = 0;
  await pool(ids, async (gid) => {
    const outcome = await get(gid);
    if (outcome === 'ok') {
      pass1Ok += 1;
    } else {
      pass1Failures[outcome] = (pass1Failures[outcome] ?? 0) + 1;
      failed.push(gid);
    }
  });
  const pass1Ms = performance.now() - started;

  let retriedOk = 0;
  await pool(failed, async (gid) => {
    while (performance.now() - started < capMs) {
      await sleep(1_000);
      if ((await get(gid)) === 'ok') {
        retriedOk += 1;
        return;
      }
    }
  });
  const ok = pass1Ok + retriedOk;
  return {
    pass1Ok,
    pass1Failed: failed.length,
    pass1Failures,
    pass1Ms,
    ok,
    attempts,
    rejected429,
    completedMs: ok === ids.length ? performance.now() - started : null,
    capMs,
  };
});
