import { parseArgs } from 'node:util';
import {
  notStarted,
  numberFlag,
  parseRateSpec,
  type RunSimulatorMainIo,
  type StandaloneSimulatorHandle,
  serveUntilSignal,
  simulatorOutput,
} from '../core/standalone-simulator';
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
export type ZendeskSimulatorMainHandle = StandaloneSimulatorHandle<ZendeskSimulator>;

const USAGE = `Usage: conduit-zendesk-simulator [options]

Starts the Zendesk Support simulator on 127.0.0.1 and prints one JSON line when ready:
{"baseUrl", "email", "apiToken", "accessToken", ...}. Stops on SIGTERM or SIGINT.

  --port N                API port (default: ephemeral)
  --storage-port N        storage host port (default: ephemeral)
  --tickets N             total tickets (default 40, the sandbox's; 0 for none)
  --seed S                dataset seed
  --rate-limit N/WINDOW   account limit, e.g. 700/60s, 700/6s, or "off" (default 700/60s)
  --latency MS            extra latency per API request
  --help

A fixed API token can be set with the ZENDESK_SIMULATOR_API_TOKEN environment variable (never on
the command line).
`;

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
    simulatorOutput(io)(USAGE);
    return notStarted();
  }
  let rateLimit: ZendeskRateLimitOptions | false = {};
  if (values['rate-limit'] === 'off') rateLimit = false;
  else if (values['rate-limit'] !== undefined) {
    const { count: perMinute, windowMs } = parseRateSpec('rate-limit', values['rate-limit']);
    rateLimit = { perMinute, windowMs };
  }
  const apiToken = (io.env ?? process.env).ZENDESK_SIMULATOR_API_TOKEN;
  const tickets = numberFlag('tickets', values.tickets);
  const seed = numberFlag('seed', values.seed);
  const simulator = await startZendeskSimulator({
    dataset: { ...(tickets === undefined ? {} : { tickets }), ...(seed === undefined ? {} : { seed }) },
    port: numberFlag('port', values.port),
    storagePort: numberFlag('storage-port', values['storage-port']),
    rateLimit,
    latencyMs: numberFlag('latency', values.latency),
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
  return serveUntilSignal(simulator, ready, io);
}
