import { parseArgs } from 'node:util';
import { ValidationError } from '@conduit/protocol';
import { type AsanaSimulator, type AsanaSimulatorOptions, startAsanaSimulator } from './asana-simulator';
import type { AsanaDatasetOptions, AsanaDatasetPreset } from './dataset-options';
import type { AsanaRateLimitOptions } from './rate-limiter';

/**
 * Where the standalone simulator writes and which signals stop it. Injectable so tests can run
 * it in-process.
 *
 * @example
 * ```ts
 * const io: RunSimulatorMainIo = { stdout: (line) => lines.push(line), signals: new EventEmitter() };
 * ```
 */
export interface RunSimulatorMainIo {
  /** Receives the single JSON "ready" line (and help text). Default: process.stdout. */
  stdout?: (text: string) => void;
  /** Emits `SIGTERM`/`SIGINT`. Default: the process. */
  signals?: {
    once(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
    off(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  };
  /** Environment (for `ASANA_SIMULATOR_TOKEN`). Default: process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A running standalone simulator.
 *
 * @example
 * ```ts
 * const handle = await runSimulatorMain(['--preset', 'tiny'], io);
 * await handle.stop();
 * ```
 */
export interface SimulatorMainHandle {
  simulator: AsanaSimulator | undefined;
  /** The JSON object printed when ready. */
  ready: Record<string, unknown> | undefined;
  /** Stops the simulator (as SIGTERM would). */
  stop(): Promise<void>;
  /** Settles once stopped. */
  done: Promise<void>;
}

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

function invalid(flag: string, message: string): ValidationError {
  return new ValidationError(`--${flag}: ${message}`, {
    details: [{ field: flag, message, error_code: 'invalid_param' }],
  });
}

function number(flag: string, value: string | undefined, integer = true): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (integer && !Number.isInteger(parsed))) {
    throw invalid(flag, `expected a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return parsed;
}

/**
 * Parses `N/WINDOW` (`1500/60s`, `150/6s`, `60/1m`, `100/500ms`) into a count and milliseconds.
 *
 * @example
 * ```ts
 * parseRateSpec('rate-limit', '150/6s'); // { count: 150, windowMs: 6000 }
 * ```
 */
export function parseRateSpec(flag: string, spec: string): { count: number; windowMs: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)(ms|s|m|min)?$/.exec(spec.trim());
  if (match === null) throw invalid(flag, `expected N/WINDOW like 1500/60s, got ${spec}`);
  const count = Number(match[1]);
  const amount = Number(match[2]);
  const unit = match[3] ?? 's';
  const windowMs = unit === 'ms' ? amount : unit === 's' ? amount * 1000 : amount * 60_000;
  if (count < 1 || windowMs <= 0) throw invalid(flag, 'count and window must be positive');
  return { count, windowMs };
}

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
  const write = io.stdout ?? ((text: string) => process.stdout.write(text));
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
    write(USAGE);
    return { simulator: undefined, ready: undefined, stop: async () => undefined, done: Promise.resolve() };
  }
  const preset = values.preset ?? 'tiny';
  if (!['tiny', 'sandbox', 'benchmark'].includes(preset)) throw invalid('preset', `unknown preset ${preset}`);
  const clock = values.clock ?? 'real';
  if (clock !== 'real' && clock !== 'manual') throw invalid('clock', `expected real or manual, got ${clock}`);
  const projectTasks = number('project-tasks', values['project-tasks']);
  const dataset: AsanaDatasetOptions = {
    preset: preset as AsanaDatasetPreset,
    ...(values.seed === undefined
      ? {}
      : { seed: /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed }),
    ...(projectTasks === undefined ? {} : { largeProject: { tasks: projectTasks } }),
    tasksPerProject: number('tasks-per-project', values['tasks-per-project']),
    subtaskRatio: number('subtask-ratio', values['subtask-ratio'], false),
    attachmentsPerTask: number('attachments-per-task', values['attachments-per-task'], false),
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
    const concurrency = number('concurrency', values.concurrency);
    if (concurrency !== undefined) rateLimit = { ...rateLimit, concurrentGets: concurrency };
  }
  const token = (io.env ?? process.env).ASANA_SIMULATOR_TOKEN;
  const tokenTtl = number('token-ttl', values['token-ttl']);
  const options: AsanaSimulatorOptions = {
    dataset,
    port: number('port', values.port),
    downloadPort: number('download-port', values['download-port']),
    clock,
    rateLimit,
    offsetTtlSeconds: number('offset-ttl', values['offset-ttl']),
    downloadUrlTtlSeconds: number('download-ttl', values['download-ttl']),
    latencyMs: number('latency', values.latency, false),
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
  write(`${JSON.stringify(ready)}\n`);

  const signals = io.signals ?? process;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      signals.off('SIGTERM', onSignal);
      signals.off('SIGINT', onSignal);
      await simulator.close();
      resolveDone();
    })();
    return stopping;
  };
  const onSignal = (): void => {
    void stop();
  };
  signals.once('SIGTERM', onSignal);
  signals.once('SIGINT', onSignal);
  return { simulator, ready, stop, done };
}
