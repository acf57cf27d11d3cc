// Hosted-execute suite, the floor under any hosted execute: a bare Node HTTP server that answers
// every POST by fetching the task from the upstream (one `fetch`, no auth, store, validation or
// logs) and relaying its `data`. Its CPU per request is what one inbound and one upstream HTTP
// exchange cost on this machine.
//   node hosted-execute-relay.mjs --base-url SIM_API_URL --task GID   (token in ASANA_TOKEN)
import { createServer } from 'node:http';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const upstream = `${args['base-url']}/tasks/${encodeURIComponent(args.task)}`;
const headers = { authorization: `Bearer ${process.env.ASANA_TOKEN}`, accept: 'application/json' };

const server = createServer(async (request, response) => {
  for await (const _chunk of request) {
    // The body (the execute request) is read and dropped: only its cost matters here.
  }
  const answer = await fetch(upstream, { headers });
  const body = JSON.stringify((await answer.json()).data);
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
