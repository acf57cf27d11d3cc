// Execute overhead of the hosted service (issue 11's targets; first set by the issue "Hosted mode"):
// `tasks get` through the server (hosted mode) beside the connector calling the simulator itself
// (local mode), 5,000 calls at concurrency 1 and 32, on the embedded SQLite store and on
// PostgreSQL. The simulator, the server and each client run in processes of their own; the
// server's CPU time is read from /proc/<pid>/stat around exactly the measured calls (Linux only).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startConduitServer, syncedAsanaConnector } from '../lib/conduit-server.mjs';
import { fixed, median, table } from '../lib/stats.mjs';
import { startServerProcess } from '../variants/support/child-server.mjs';

export const title = "Hosted execute: the server's overhead on `tasks get` (issue 11)";

const REQUESTS = 5_000;
const WARMUP = 500;
const CONCURRENCIES = [1, 32];
const REPETITIONS = 3;
// Issue 11's targets (the issue "Hosted mode" had asked for an added median of 2 ms).
const TARGET_ADDED_MEDIAN_MS = 1;
const TARGET_SERVER_CPU_MS = 0.5;
const DATABASE_URL = process.env.CONDUIT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const root = join(import.meta.dirname, '..', '..');
const simulatorScript = join(root, 'packages', 'testkit', 'dist', 'asana-simulator.js');
const clientScript = join(import.meta.dirname, '..', 'variants', 'hosted-execute-client.mjs');
const relayScript = join(import.meta.dirname, '..', 'variants', 'hosted-execute-relay.mjs');

const log = (line) => process.stderr.write(`  hosted-execute: ${line}\n`);

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
const TICKS = clockTicksPerSecond();

/** User plus system CPU time of a process so far, in milliseconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/**
 * One client process: warm-up, then the measured calls, with the CPU of the process it calls
 * (`measured`: the server or the relay, none in local mode) and of the simulator read around them.
 */
function runClient(mode, concurrency, context, measured) {
  return new Promise((resolve, reject) => {
    const args = ['--mode', mode, '--requests', String(REQUESTS), '--concurrency', String(concurrency)];
    args.push('--warmup', String(WARMUP), '--task', context.taskGid);
    if (mode === 'local') args.push('--base-url', context.simulator.baseUrl);
    else args.push('--server-url', measured.url, '--connector', context.connectorId);
    const child = spawn(process.execPath, [clientScript, ...args], {
      env: {
        ...process.env,
        ASANA_TOKEN: context.simulator.token,
        CONDUIT_CLIENT_ID: context.clientId,
        CONDUIT_CLIENT_SECRET: context.clientSecret,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    let before;
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${mode} client exited with ${code}`));
    });
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.warm) {
        before = {
          server: measured ? cpuMsOf(measured.pid) : 0,
          simulator: cpuMsOf(context.simulator.pid),
        };
        child.stdin.write('go\n');
        return;
      }
      const serverCpuMs = measured ? cpuMsOf(measured.pid) - before.server : 0;
      const simulatorCpuMs = cpuMsOf(context.simulator.pid) - before.simulator;
      resolve({
        ...message,
        throughput: (message.requests / message.wallMs) * 1000,
        serverCpuMsPerCall: serverCpuMs / message.requests,
        simulatorCpuMsPerCall: simulatorCpuMs / message.requests,
        clientCpuMsPerCall: message.clientCpuMs / message.requests,
      });
    });
  });
}

/** The run whose median latency is the median of the repetitions (its other figures go with it). */
function medianRun(runs) {
  const middle = median(runs.map((run) => run.medianMs));
  return runs.reduce((best, run) =>
    Math.abs(run.medianMs - middle) < Math.abs(best.medianMs - middle) ? run : best,
  );
}

async function withStore(kind, simulator, work) {
  const bootstrap = { clientId: 'bench-app', clientSecret: randomBytes(24).toString('base64url') };
  const dataDir = await mkdtemp(join(tmpdir(), 'conduit-bench-'));
  const schema = `bench_hosted_${randomBytes(4).toString('hex')}`;
  const env = {
    CONDUIT_PORT: '0',
    CONDUIT_DATA_DIR: dataDir,
    CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
    CONDUIT_EGRESS_ALLOW: '127.0.0.0/8',
    CONDUIT_BOOTSTRAP_CLIENT_ID: bootstrap.clientId,
    CONDUIT_BOOTSTRAP_CLIENT_SECRET: bootstrap.clientSecret,
    // On, so every request pays for being counted in the store, but too high to ever refuse one.
    CONDUIT_RATE_LIMIT: '100000000/60s',
    // As the local client: no limiter between the connector and the simulator (see the variant).
    CONDUIT_UPSTREAM_RATE_LIMIT: 'off',
    ...(kind === 'postgres'
      ? {
          CONDUIT_DATABASE_URL: DATABASE_URL,
          CONDUIT_DATABASE_SCHEMA: schema,
          CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        }
      : {}),
  };
  const server = await startConduitServer(env);
  try {
    const connectorId = await syncedAsanaConnector({ baseUrl: server.url, ...bootstrap, simulator });
    return await work({ server, connectorId, ...bootstrap });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      execFileSync('psql', [DATABASE_URL, '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`], {
        stdio: 'ignore',
      });
    }
  }
}

export async function run() {
  const simulatorProcess = await startServerProcess(simulatorScript, [
    '--preset',
    'tiny',
    '--rate-limit',
    'off',
  ]);
  const simulator = { ...simulatorProcess.ready, pid: simulatorProcess.pid };
  let relayProcess;
  try {
    const projectTasks = await fetch(`${simulator.baseUrl}/projects/${simulator.projectGid}/tasks?limit=1`, {
      headers: { authorization: `Bearer ${simulator.token}` },
    }).then((response) => response.json());
    const taskGid = projectTasks.data[0].gid;
    relayProcess = await startServerProcess(
      relayScript,
      ['--base-url', simulator.baseUrl, '--task', taskGid],
      {
        env: { ASANA_TOKEN: simulator.token },
      },
    );
    const relay = { url: relayProcess.ready.url, pid: relayProcess.pid };

    /** results[store][concurrency] = { local, relay, hosted } (median runs) */
    const results = {};
    const shared = Object.fromEntries(
      CONCURRENCIES.map((concurrency) => [concurrency, { local: [], relay: [] }]),
    );
    for (const kind of ['sqlite', 'postgres']) {
      results[kind] = {};
      await withStore(kind, simulator, async (store) => {
        const context = { simulator, taskGid, ...store };
        for (const concurrency of CONCURRENCIES) {
          const hostedRuns = [];
          for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
            // The order rotates, so drift in the machine's load spreads over the three.
            const modes = ['local', 'hosted', 'relay'];
            const order = modes.map((_, index) => modes[(index + repetition) % modes.length]);
            for (const mode of order) {
              const measured = mode === 'hosted' ? store.server : mode === 'relay' ? relay : undefined;
              const result = await runClient(mode, concurrency, context, measured);
              (mode === 'hosted' ? hostedRuns : shared[concurrency][mode]).push(result);
              log(
                `${kind} c=${concurrency} #${repetition + 1} ${mode}: median ${fixed(result.medianMs, 3)} ms, ` +
                  `${fixed(result.throughput, 0)}/s${measured ? `, ${fixed(result.serverCpuMsPerCall, 3)} ms CPU/call` : ''}`,
              );
            }
          }
          results[kind][concurrency] = { hosted: medianRun(hostedRuns) };
        }
      });
    }
    for (const concurrency of CONCURRENCIES) {
      const local = medianRun(shared[concurrency].local);
      const floor = medianRun(shared[concurrency].relay);
      for (const kind of Object.keys(results))
        Object.assign(results[kind][concurrency], { local, relay: floor });
    }
    return report(results);
  } finally {
    await relayProcess?.stop();
    await simulatorProcess.stop();
  }
}

function report(results) {
  const rows = [];
  const cpuRows = [];
  const verdicts = [];
  for (const [kind, byConcurrency] of Object.entries(results)) {
    const store = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const [concurrency, { local, relay, hosted }] of Object.entries(byConcurrency)) {
      const added = hosted.medianMs - local.medianMs;
      rows.push([
        store,
        concurrency,
        fixed(local.medianMs, 3),
        fixed(relay.medianMs, 3),
        fixed(hosted.medianMs, 3),
        `**${fixed(added, 3)}**`,
        fixed(hosted.p99Ms, 2),
        fixed(local.throughput, 0),
        fixed(relay.throughput, 0),
        `**${fixed(hosted.throughput, 0)}**`,
      ]);
      cpuRows.push([
        store,
        concurrency,
        `**${fixed(hosted.serverCpuMsPerCall, 3)}**`,
        fixed(relay.serverCpuMsPerCall, 3),
        fixed(hosted.simulatorCpuMsPerCall, 3),
        fixed(local.clientCpuMsPerCall, 3),
        fixed(hosted.clientCpuMsPerCall, 3),
      ]);
      if (concurrency === '1') {
        verdicts.push(
          `- ${store}: added median latency at concurrency 1 **${fixed(added, 2)} ms** (target ≤ ${TARGET_ADDED_MEDIAN_MS} ms: ${added <= TARGET_ADDED_MEDIAN_MS ? 'met' : 'missed'}).`,
        );
      }
      verdicts.push(
        `- ${store}, concurrency ${concurrency}: server CPU per execute **${fixed(hosted.serverCpuMsPerCall, 3)} ms** (target ≤ ${TARGET_SERVER_CPU_MS} ms: ${hosted.serverCpuMsPerCall <= TARGET_SERVER_CPU_MS ? 'met' : 'missed'}; the bare relay's floor on this machine in this run: ${fixed(relay.serverCpuMsPerCall, 3)} ms).`,
      );
    }
  }
  return `
${REQUESTS.toLocaleString('en')} \`tasks get\` calls per run (one task, after ${WARMUP} warm-up calls), median of ${REPETITIONS}
runs per row (the relay and local rows pool both stores' runs). **Local**: \`createAsana({ auth })\`
calls the Asana simulator directly. **Hosted**: \`createAsana({ hosted })\` calls
\`node apps/server/dist/main.js\` (JSON logs at \`info\`, the per-application rate limit counted on
every request, the default features: the sync scheduler polls and reads the change stream as it
would in production; the connector's first sync has ended before the first call), which runs the
connector's cached executor against the same simulator; both sides
without a client-side upstream limiter (\`rateLimit: false\`, \`CONDUIT_UPSTREAM_RATE_LIMIT=off\`).
**Relay**: the floor under any hosted execute, a bare \`node:http\` server that answers each POST
with one \`fetch\` of the task (no auth, store, validation, retries or logs).

Simulator (\`tiny\` dataset, no rate limit), server or relay, and client each run in a process of
their own, and **all share the machine's ${cpus().length} cores** (with whatever else runs on it):
throughput is what they reach together, not the server alone, and CPU figures include the kernel's
loopback networking, which is costly on this virtual machine. Server CPU is user + system time
from \`/proc/<pid>/stat\` over exactly the measured calls.

${table(
  [
    'store',
    'concurrency',
    'local median (ms)',
    'relay median (ms)',
    'hosted median (ms)',
    'added median (ms)',
    'hosted p99 (ms)',
    'local calls/s',
    'relay calls/s',
    'hosted calls/s (server sustains)',
  ],
  rows,
)}

${table(
  [
    'store',
    'concurrency',
    'server CPU per execute (ms)',
    'bare relay CPU per request (ms)',
    'simulator CPU per call (ms)',
    'client CPU per call, local (ms)',
    'client CPU per call, hosted (ms)',
  ],
  cpuRows,
)}

${verdicts.join('\n')}
`;
}
