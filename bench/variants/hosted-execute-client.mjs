// Hosted-execute suite, one client process: `tasks get` through the connector in local mode
// (straight to the simulator) or in hosted mode (through the server), one task gid over and over.
// Warms up, prints {"warm":true}, waits for a line on stdin (so the suite can read the server's
// CPU counters around exactly the measured calls), then prints one JSON line of results.
//   node hosted-execute-client.mjs --mode local|hosted|relay --requests N --concurrency C --task GID
//     local:  --base-url SIM_API_URL   (token in ASANA_TOKEN)
//     hosted: --server-url URL --connector ID   (CONDUIT_CLIENT_ID / CONDUIT_CLIENT_SECRET)
//     relay:  --server-url URL   (the bare relay: plain fetch of an execute body, JSON parsed)
import { once } from 'node:events';
import { createAsana } from '@conduit/asana';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const requests = Number(args.requests);
const concurrency = Number(args.concurrency);
const warmup = Number(args.warmup ?? 500);
const taskGid = args.task;

const relayBody = JSON.stringify({ entity: 'tasks', action: 'get', params: { task_gid: taskGid } });
const relay = {
  tasks: {
    get: async () => {
      const response = await fetch(args['server-url'], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: relayBody,
      });
      return response.json();
    },
  },
};
const asana =
  args.mode === 'relay'
    ? relay
    : args.mode === 'local'
      ? // No client-side limiter, like the server under CONDUIT_UPSTREAM_RATE_LIMIT=off: both sides
        // would otherwise hold to Asana's 1,500 calls a minute, and the run would measure the limit.
        createAsana({ auth: { token: process.env.ASANA_TOKEN }, baseUrl: args['base-url'], rateLimit: false })
      : createAsana({
          hosted: {
            externalUserId: 'bench-user',
            platformClientId: process.env.CONDUIT_CLIENT_ID,
            platformClientSecret: process.env.CONDUIT_CLIENT_SECRET,
            baseUrl: args['server-url'],
            connectorId: args.connector,
          },
        });

async function run(count, latencies) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const task = await asana.tasks.get({ task_gid: taskGid });
      latencies?.push(performance.now() - started);
      if (task.gid !== taskGid) throw new Error(`asked for ${taskGid}, got ${task.gid}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

await run(warmup);
process.stdout.write(`${JSON.stringify({ warm: true })}\n`);
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');

const latencies = [];
const cpuStart = process.cpuUsage();
const started = performance.now();
await run(requests, latencies);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
latencies.sort((a, b) => a - b);
const at = (p) =>
  latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))];
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    wallMs,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
    medianMs: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
  })}\n`,
);
process.exit(0);
