// Horizontal scale on PostgreSQL (issue 30): N server processes on one database schema behind one
// address, a round-robin TCP relay in this process handing each new connection to the next server,
// and executes/s at concurrency 64 for N = 1, 2, 3 (the machine has 2 cores, so 3 is the most worth
// trying). Every process shares the connector, its credentials, the sync leases and the limits
// through the store; one client process drives `tasks get` through the relay and checks every
// answer. Repetitions interleaved in rotating order; medians.
//   node bench/run.mjs scale-out        (SCALE_OUT_REQUESTS=6000, SCALE_OUT_REPEATS=3)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startConduitServer, syncedAsanaConnector } from '../lib/conduit-server.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title = 'Scale-out: N server processes on one PostgreSQL (issue 30)';

const REQUESTS = Number(process.env.SCALE_OUT_REQUESTS ?? 6_000);
const REPEATS = Number(process.env.SCALE_OUT_REPEATS ?? 3);
const CONCURRENCY = 64;
const WARMUP = 600;
const COUNTS = [1, 2, 3];
const TARGET_TWO = 1.6;
const DATABASE_URL = process.env.CONDUIT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const root = join(import.meta.dirname, '..', '..');
const simulatorScript = join(root, 'packages', 'testkit', 'dist', 'asana-simulator.js');
const clientScript = join(import.meta.dirname, '..', 'variants', 'hosted-execute-client.mjs');
const log = (line) => process.stderr.write(`  scale-out: ${line}\n`);

/**
 * A round-robin TCP relay on 127.0.0.1: each accepted connection is piped to the next backend of
 * `backends()` in turn (keep-alive connections stay on the server they reached first, as behind a
 * layer-4 balancer).
 */
function startRelay(backends) {
  let next = 0;
  const server = createServer((inbound) => {
    const list = backends();
    const target = new URL(list[next++ % list.length]);
    const outbound = connect(Number(target.port), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.once('error', close);
    outbound.once('error', close);
    inbound.once('close', close);
    outbound.once('close', close);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

/** One client process through the relay: warm-up, then the measured calls; its result line. */
function runClient(context) {
  return new Promise((resolve, reject) => {
    const args = ['--mode', 'hosted', '--requests', String(REQUESTS), '--concurrency', String(CONCURRENCY)];
    args.push('--warmup', String(WARMUP), '--task', context.taskGid);
    args.push('--server-url', context.relayUrl, '--connector', context.connectorId);
    const child = spawn(process.execPath, [clientScript, ...args], {
      env: {
        ...process.env,
        CONDUIT_CLIENT_ID: context.clientId,
        CONDUIT_CLIENT_SECRET: context.clientSecret,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`client exited with ${code}`));
    });
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.warm) {
        child.stdin.write('go\n');
        return;
      }
      resolve({ ...message, throughput: (message.requests / message.wallMs) * 1000 });
    });
  });
}

export async function run() {
  const simulatorProcess = await startServerProcess(simulatorScript, [
    '--preset',
    'tiny',
    '--rate-limit',
    'off',
  ]);
  const simulator = simulatorProcess.ready;
  const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
  const bootstrap = { clientId: 'bench-scale', clientSecret: randomBytes(24).toString('base64url') };
  const env = {
    CONDUIT_PORT: '0',
    CONDUIT_DATABASE_URL: DATABASE_URL,
    CONDUIT_DATABASE_SCHEMA: schema,
    CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
    CONDUIT_EGRESS_ALLOW: '127.0.0.0/8',
    CONDUIT_BOOTSTRAP_CLIENT_ID: bootstrap.clientId,
    CONDUIT_BOOTSTRAP_CLIENT_SECRET: bootstrap.clientSecret,
    // Counted in the store on every request by every process, but too high to ever refuse one.
    CONDUIT_RATE_LIMIT: process.env.SCALE_OUT_RATE_LIMIT ?? '100000000/60s',
    CONDUIT_UPSTREAM_RATE_LIMIT: 'off',
  };
  const servers = [];
  let live = 1;
  const relay = await startRelay(() => servers.slice(0, live).map((server) => server.url));
  try {
    servers.push(await startConduitServer(env));
    const connectorId = await syncedAsanaConnector({ baseUrl: relay.url, ...bootstrap, simulator });
    // The other processes join the running one: same schema, same key, nothing of their own.
    for (let index = 1; index < Math.max(...COUNTS); index += 1) servers.push(await startConduitServer(env));
    const projectTasks = await fetch(`${simulator.baseUrl}/projects/${simulator.projectGid}/tasks?limit=1`, {
      headers: { authorization: `Bearer ${simulator.token}` },
    }).then((response) => response.json());
    const context = {
      taskGid: projectTasks.data[0].gid,
      relayUrl: relay.url,
      connectorId,
      ...bootstrap,
    };
    const runs = new Map(COUNTS.map((count) => [count, []]));
    const loads = [loadavg()[0]];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const order = COUNTS.map((_, index) => COUNTS[(index + repeat) % COUNTS.length]);
      for (const count of order) {
        live = count;
        const result = await runClient(context);
        runs.get(count).push(result);
        log(
          `N=${count} #${repeat + 1}: ${fixed(result.throughput, 0)}/s, median ${fixed(result.medianMs, 2)} ms`,
        );
      }
      loads.push(loadavg()[0]);
    }
    return report(runs, loads);
  } finally {
    await relay.close();
    for (const server of servers) await server.stop();
    await simulatorProcess.stop();
    execFileSync('psql', [DATABASE_URL, '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`], {
      stdio: 'ignore',
    });
  }
}

function report(runs, loads) {
  const one = median(runs.get(1).map((run) => run.throughput));
  const rows = COUNTS.map((count) => {
    const list = runs.get(count);
    const throughput = median(list.map((run) => run.throughput));
    return [
      count,
      `**${fixed(throughput, 0)}**`,
      list.map((run) => fixed(run.throughput, 0)).join(', '),
      fixed(median(list.map((run) => run.medianMs)), 2),
      fixed(median(list.map((run) => run.p99Ms)), 2),
      `**${fixed(throughput / one, 2)}**`,
    ];
  });
  const two = median(runs.get(2).map((run) => run.throughput)) / one;
  return `
${REQUESTS.toLocaleString('en')} \`tasks get\` calls per run at concurrency ${CONCURRENCY} (after ${WARMUP} warm-up calls), from one
client process (\`createAsana({ hosted })\`, every answer checked) through a round-robin TCP relay in
the bench's process to N \`node apps/server/dist/main.js\` processes on one PostgreSQL 15 schema (one
connector, created through the first process; the others joined it with the same key and nothing of
their own). ${REPEATS} runs per N, interleaved in rotating order; medians. The simulator (\`tiny\`, no
rate limit), PostgreSQL, the relay, the client and the servers **all share the machine's
${cpus().length} cores**: what N processes add here is bounded by those cores, not by the service.

${table(['server processes', 'executes/s (median)', 'each run', 'median ms', 'p99 ms', 'vs one process'], rows)}

| target | measured | verdict |
| --- | --- | --- |
| N = 2 ≥ ${TARGET_TWO}× one process | ${fixed(two, 2)}× | ${two >= TARGET_TWO ? 'PASS' : 'MISS'} |

Load average (1 min) before and after each round: ${loads.map((load) => load.toFixed(1)).join(' → ')}.
`;
}
