// The attacker of the hostile-upstream suite's login flood, in a process of its own: keep-alive
// connections from 127.0.0.1 sending wrong secrets to the token endpoint without pause, half for
// the given client id and half for unknown ones, until a line arrives on stdin. Prints one JSON line:
// requests sent, the rate, and the count of each status.
//   node login-flood.mjs --url http://127.0.0.1:8787 --client-id app --connections 64
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'client-id': { type: 'string' },
    connections: { type: 'string', default: '64' },
  },
});
const connections = Number(values.connections);
const target = new URL('/api/v1/account/applications/token', values.url);
const agent = new Agent({ keepAlive: true, maxSockets: connections, localAddress: '127.0.0.1' });
const statuses = new Map();
let sent = 0;
let flooding = true;

function attempt(index) {
  const body = JSON.stringify({
    client_id: index % 2 === 0 ? values['client-id'] : `unknown-${sent}`,
    client_secret: 'wrong-secret-wrong-secret',
  });
  return new Promise((resolve) => {
    const req = request(
      target,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const started = performance.now();
const workers = Array.from({ length: connections }, async (_, index) => {
  while (flooding) {
    const status = await attempt(index);
    sent += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
});
process.stdout.write(`${JSON.stringify({ started: true })}\n`);
createInterface({ input: process.stdin }).once('line', async () => {
  flooding = false;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers);
  agent.destroy();
  process.stdout.write(
    `${JSON.stringify({ sent, rate: sent / seconds, statuses: [...statuses.entries()] })}\n`,
  );
  process.exit(0);
});
