// Asana suite, rate-limited gets: the connector's `tasks.get` for every id, 50 at a time, with its
// limiter set to the simulator's (scaled) quota. Counts 429s seen (and retried) through the hooks.
//   node asana-get-conduit.mjs --base-url U --ids FILE --requests N --interval-ms MS --concurrency C
//   (token in ASANA_TOKEN; FILE holds a JSON array of task gids)
import { createAsana } from '@conduit/asana';
import { readArgs } from './support/asana-args.mjs';
import { reportRateLimitedGets } from './support/rate-limited-gets.mjs';

const args = readArgs(process.argv.slice(2));
await reportRateLimitedGets(
  args,
  (limits) => createAsana({ auth: { token: process.env.ASANA_TOKEN }, baseUrl: args['base-url'], ...limits }),
  async (asana, gid) => (await asana.tasks.get({ task_gid: gid })).gid === gid,
);
