// Layers suite: the transport's node:http fetch alone, with the floor's page loop.
//   node layers-node-fetch.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { createNodeHttpFetch } from '@conduit/transport';
import { reportPlainListing } from './support/plain-listing.mjs';

const send = createNodeHttpFetch();
await reportPlainListing((url, init) => send(url, init));
