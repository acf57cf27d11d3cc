// Layers suite: ky over the transport's node:http fetch, configured as the transport configures it
// (its retries and timeouts off; HTTP errors thrown), with the floor's page loop.
//   node layers-ky.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { createNodeHttpFetch } from '@conduit/transport';
import ky from 'ky';
import { reportPlainListing } from './support/plain-listing.mjs';

const client = ky.create({ retry: 0, timeout: false, fetch: createNodeHttpFetch() });
await reportPlainListing((url, init) => client(url, init));
