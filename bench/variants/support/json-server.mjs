// The fixture server of the transport suite: a plain node:http server answering every request with
// the same 2 KB JSON body, keep-alive on. It runs in a process of its own so that the client
// process being measured pays only for the client side. Prints one JSON line {"url"} when ready
// and stops on SIGTERM.
import { createServer } from 'node:http';

const TARGET_BYTES = 2048;

function fixtureBody() {
  const items = [];
  let text = '';
  for (let index = 0; ; index += 1) {
    items.push({
      gid: String(1_200_000_000_000 + index),
      name: `Fixture record ${index}`,
      resource_type: 'task',
      completed: index % 3 === 0,
    });
    const next = JSON.stringify({ data: items, padding: '' });
    if (next.length > TARGET_BYTES) break;
    text = next;
  }
  items.pop();
  const unpadded = JSON.parse(text);
  unpadded.padding = 'x'.repeat(TARGET_BYTES - text.length);
  return Buffer.from(JSON.stringify(unpadded));
}

const body = fixtureBody();
const items = JSON.parse(body.toString()).data.length;
const server = createServer({ keepAlive: true, keepAliveTimeout: 60_000 }, (request, response) => {
  // Drain any request body before answering so the connection stays reusable.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}/api/records`, bytes: body.length, items, pid: process.pid })}\n`,
  );
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
