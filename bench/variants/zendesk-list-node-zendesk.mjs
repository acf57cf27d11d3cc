// Zendesk suite, list: node-zendesk 6.0.1, the most used Node client. Its `tickets.list()` pages
// with offsets, which Zendesk refuses past page 100 (10,000 tickets; the simulator does too), so
// the listing asks for cursor pagination (`page[size]=100`) through the client's own `getAll`,
// which follows `links.next` and returns every ticket at once (the client has no streaming
// iterator).
//   node zendesk-list-node-zendesk.mjs --base-url U   (ZENDESK_EMAIL, ZENDESK_API_TOKEN)
import zendesk from 'node-zendesk';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const client = zendesk.createClient({
  username: process.env.ZENDESK_EMAIL,
  token: process.env.ZENDESK_API_TOKEN,
  endpointUri: args['base-url'],
});

await reportProcess(async () => {
  const tickets = await client.tickets.getAll(['tickets', { 'page[size]': 100 }]);
  let records = 0;
  for (const ticket of tickets) if (ticket.id) records += 1;
  return { records };
});
