import { parseArgs } from 'node:util';
import {
  invalidFlag,
  notStarted,
  numberFlag,
  parseRateSpec,
  type RunSimulatorMainIo,
  type StandaloneSimulatorHandle,
  serveUntilSignal,
  simulatorOutput,
} from '../core/standalone-simulator';
import { type AsanaSimulator, type AsanaSimulatorOptions, startAsanaSimulator } from './asana-simulator';
import type { AsanaDatasetOptions, AsanaDatasetPreset } from './dataset-options';
import type { AsanaRateLimitOptions } from './rate-limiter';

export type { RunSimulatorMainIo } from '../core/standalone-simulator';
export { parseRateSpec } from '../core/standalone-simulator';

/**
 * A running standalone Asana simulator.
 *
 * @example
 * ```ts
 * const handle: SimulatorMainHandle = await runSimulatorMain(['--preset', 'tiny'], io);
 * await handle.stop();
 * ```
 */
export type SimulatorMainHandle = StandaloneSimulatorHandle<AsanaSimulator>;

const USAGE = `Usage: conduit-asana-simulator [options]

Starts the Asana API simulator on 127.0.0.1 and prints one JSON line when ready:
{"baseUrl", "token", "projectGid", ...}. Stops on SIGTERM or SIGINT.

  --port N                 API port (default: ephemeral)
  --download-port N        download host port (default: ephemeral)
  --preset NAME            tiny | sandbox | benchmark (default: tiny)
  --seed S                 dataset seed
  --project-tasks N        add one project holding N tasks (the list benchmark)
  --tasks-per-project N    tasks in every generated project
  --subtask-ratio X        average subtasks per task
  --attachments-per-task X average attachments per task
  --rate-limit N/WINDOW    request quota per token, e.g. 1500/60s, 150/6s, or "off"
  --search-rate-limit N/WINDOW
  --concurrency N          in-flight GETs per token (default 50)
  --offset-ttl SECONDS     pagination offset lifetime (default 900)
  --download-ttl SECONDS   download URL lifetime (default 120)
  --token-ttl SECONDS      OAuth access token lifetime (default 3600)
  --latency MS             extra latency per API request
  --clock real|manual      (default real)
  --help

A fixed personal access token can be set with the ASANA_SIMULATOR_TOKEN environment variable
(never on the command line).
`;

/**
 * The standalone simulator process (`conduit-asana-simulator`): parses flags, starts the
 * simulator, prints ONE JSON line `{"baseUrl", "token", "projectGid", …}` when ready, and stops on
 * SIGTERM/SIGINT. Benchmarks spawn it in its own process; tests call it in-process.
 *
 * @example
 * ```ts
 * const handle = await runSimulatorMain(['--preset', 'benchmark', '--project-tasks', '200000']);
 * ```
 */
export async function runSimulatorMain(
  argv: readonly string[],
  io: RunSimulatorMainIo = {},
): Promise<SimulatorMainHandle> {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      'download-port': { type: 'string' },
      preset: { type: 'string' },
      seed: { type: 'string' },
      'project-tasks': { type: 'string' },
      'tasks-per-project': { type: 'string' },
      'subtask-ratio': { type: 'string' },
      'attachments-per-task': { type: 'string' },
      'rate-limit': { type: 'string' },
      'search-rate-limit': { type: 'string' },
      concurrency: { type: 'string' },
      'offset-ttl': { type: 'string' },
      'download-ttl': { type: 'string' },
      'token-ttl': { type: 'string' },
      latency: { type: 'string' },
      clock: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    simulatorOutput(io)(USAGE);
    return notStarted();
  }
  const preset = values.preset ?? 'tiny';
  if (!['tiny', 'sandbox', 'benchmark'].includes(preset))
    throw invalidFlag('preset', `unknown preset ${preset}`);
  const clock = values.clock ?? 'real';
  if (clock !== 'real' && clock !== 'manual')
    throw invalidFlag('clock', `expected real or manual, got ${clock}`);
  const projectTasks = numberFlag('project-tasks', values['project-tasks']);
  const dataset: AsanaDatasetOptions = {
    preset: preset as AsanaDatasetPreset,
    ...(values.seed === undefined
      ? {}
      : { seed: /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed }),
    ...(projectTasks === undefined ? {} : { largeProject: { tasks: projectTasks } }),
    tasksPerProject: numberFlag('tasks-per-project', values['tasks-per-project']),
    subtaskRatio: numberFlag('subtask-ratio', values['subtask-ratio'], false),
    attachmentsPerTask: numberFlag('attachments-per-task', values['attachments-per-task'], false),
  };
  let rateLimit: AsanaRateLimitOptions | false = {};
  if (values['rate-limit'] === 'off') {
    rateLimit = false;
  } else {
    if (values['rate-limit'] !== undefined) {
      const { count, windowMs } = parseRateSpec('rate-limit', values['rate-limit']);
      rateLimit = { requests: count, windowMs };
    }
    if (values['search-rate-limit'] !== undefined) {
      const { count, windowMs } = parseRateSpec('search-rate-limit', values['search-rate-limit']);
      rateLimit = { ...rateLimit, searchRequests: count, searchWindowMs: windowMs };
    }
    const concurrency = numberFlag('concurrency', values.concurrency);
    if (concurrency !== undefined) rateLimit = { ...rateLimit, concurrentGets: concurrency };
  }
  const token = (io.env ?? process.env).ASANA_SIMULATOR_TOKEN;
  const tokenTtl = numberFlag('token-ttl', values['token-ttl']);
  const options: AsanaSimulatorOptions = {
    dataset,
    port: numberFlag('port', values.port),
    downloadPort: numberFlag('download-port', values['download-port']),
    clock,
    rateLimit,
    offsetTtlSeconds: numberFlag('offset-ttl', values['offset-ttl']),
    downloadUrlTtlSeconds: numberFlag('download-ttl', values['download-ttl']),
    latencyMs: numberFlag('latency', values.latency, false),
    ...(tokenTtl === undefined ? {} : { oauth: { accessTokenTtlSeconds: tokenTtl } }),
    ...(token === undefined || token === '' ? {} : { personalAccessToken: token }),
  };
  const simulator = await startAsanaSimulator(options);
  const data = simulator.data;
  const project = data.largeProject ?? data.projects.find((row) => !row.archived) ?? data.projects[0];
  const ready = {
    baseUrl: simulator.baseUrl,
    origin: simulator.origin,
    oauthTokenUrl: simulator.oauthTokenUrl,
    downloadOrigin: simulator.downloadOrigin,
    token: simulator.tokens.personalAccessToken,
    oauth: simulator.tokens.oauth,
    workspaceGid: data.workspaces[0]?.gid ?? null,
    projectGid: project?.gid ?? null,
    projectTaskCount: project === undefined ? 0 : data.taskGids({ projectGid: project.gid }).length,
    taskCount: data.taskCount,
    userGid: data.me.gid,
    pid: process.pid,
  };
  return serveUntilSignal(simulator, ready, io);
}
