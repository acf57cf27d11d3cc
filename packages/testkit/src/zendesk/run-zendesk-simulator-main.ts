import { parseArgs } from 'node:util';
import { ValidationError } from '@conduit/protocol';
import { parseRateSpec, type RunSimulatorMainIo } from '../asana/run-simulator-main';
import type { ZendeskRateLimitOptions } from './zendesk-rate-limiter';
import { startZendeskSimulator, type ZendeskSimulator } from './zendesk-simulator';

/**
 * A running standalone Zendesk simulator.
 *
 * @example
 * ```ts
 * const handle = await runZendeskSimulatorMain(['--tickets', '1000'], io);
 * await handle.stop();
 * ```
 */
export interface ZendeskSimulatorMainHandle {
  simulator: ZendeskSimulator | undefined;
  ready: Record<string, unknown> | undefined;
  stop(): Promise<void>;
  done: Promise<void>;
}

const USAGE = `Usage: conduit-zendesk-simulator [options]

Starts the Zendesk Support simulator on 127.0.0.1 and prints one JSON line when ready:
{"baseUrl", "email", "apiToken", "accessToken", ...}. Stops on SIGTERM or SIGINT.

  --port N                API port (default: ephemeral)
  --storage-port N        storage host port (default: ephemeral)
  --tickets N             total tickets (default 40, the sandbox)
  --seed S                dataset seed
  --rate-limit N/WINDOW   account limit, e.g. 700/60s, 700/6s, or "off" (default 700/60s)
  --latency MS            extra latency per API request
  --help

A fixed API token can be set with the ZENDESK_SIMULATOR_API_TOKEN environment variable (never on
the command line).
`;

function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new ValidationError(`--${flag}: expected a non-negative integer, got ${value}`, {
      details: [{ field: flag, message: 'expected a non-negative integer', error_code: 'invalid_param' }],
    });
  }
  return parsed;
}

/**
 * The standalone simulator process (`conduit-zendesk-simulator`): parses flags, starts the
 * simulator, prints ONE JSON line when ready and stops on SIGTERM/SIGINT. Benchmarks spawn it in
 * its own process so the client's CPU never includes the server's.
 *
 * @example
 * ```ts
 * const handle = await runZendeskSimulatorMain(['--tickets', '100000', '--rate-limit', 'off']);
 * ```
 */
export async function runZendeskSimulatorMain(
  argv: readonly string[],
  io: RunSimulatorMainIo = {},
): Promise<ZendeskSimulatorMainHandle> {
  const write = io.stdout ?? ((text: string) => process.stdout.write(text));
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      'storage-port': { type: 'string' },
      tickets: { type: 'string' },
      seed: { type: 'string' },
      'rate-limit': { type: 'string' },
      latency: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    write(USAGE);
    return { simulator: undefined, ready: undefined, stop: async () => undefined, done: Promise.resolve() };
  }
  let rateLimit: ZendeskRateLimitOptions | false = {};
  if (values['rate-limit'] === 'off') rateLimit = false;
  else if (values['rate-limit'] !== undefined) {
    const { count: perMinute, windowMs } = parseRateSpec('rate-limit', values['rate-limit']);
    rateLimit = { perMinute, windowMs };
  }
  const apiToken = (io.env ?? process.env).ZENDESK_SIMULATOR_API_TOKEN;
  const tickets = count('tickets', values.tickets);
  const seed = count('seed', values.seed);
  const simulator = await startZendeskSimulator({
    dataset: { ...(tickets === undefined ? {} : { tickets }), ...(seed === undefined ? {} : { seed }) },
    port: count('port', values.port),
    storagePort: count('storage-port', values['storage-port']),
    rateLimit,
    latencyMs: count('latency', values.latency),
    ...(apiToken === undefined || apiToken === '' ? {} : { apiToken }),
  });
  const ready = {
    baseUrl: simulator.baseUrl,
    origin: simulator.origin,
    storageOrigin: simulator.storageOrigin,
    oauthTokenUrl: simulator.oauthTokenUrl,
    email: simulator.credentials.email,
    apiToken: simulator.credentials.apiToken,
    accessToken: simulator.credentials.accessToken,
    tickets: simulator.data.tickets.length,
    liveTickets: simulator.data.liveTickets().length,
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
