// The connector as the asana suite's listing variants run it: local mode against `--base-url`
// (token in ASANA_TOKEN), its limiter on with limits it never reaches (the simulator runs with
// rate limits off), so the walk pays for the limiter without ever waiting on it.
import { createAsana } from '@conduit/asana';
import { readArgs } from './asana-args.mjs';

/** The parsed `--base-url` / `--project` flags and the connector built from them. */
export function benchAsana() {
  const args = readArgs(process.argv.slice(2));
  const asana = createAsana({
    auth: { token: process.env.ASANA_TOKEN },
    baseUrl: args['base-url'],
    rateLimit: { requestsPerInterval: 1_000_000_000, intervalMs: 60_000, maxConcurrent: 50 },
  });
  return { args, asana };
}
