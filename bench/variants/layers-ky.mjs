// Layers suite: ky on the platform's fetch, configured as the transport configures it (its
// default retry policy with full jitter, a 30 s timeout per attempt, HTTP errors thrown), with the
// floor's page loop: the floor of ky used as designed, before any of the transport's own layers.
//   node layers-ky.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import ky from 'ky';
import { reportPlainListing } from './support/plain-listing.mjs';

const client = ky.create({
  retry: {
    limit: 3,
    methods: ['get', 'head', 'put', 'delete', 'options'],
    statusCodes: [408, 429, 500, 502, 503, 504],
    afterStatusCodes: [408, 429, 500, 502, 503, 504],
    maxRetryAfter: 60_000,
    backoffLimit: 10_000,
    jitter: true,
    retryOnTimeout: true,
  },
  timeout: 30_000,
});
await reportPlainListing((url, init) => client(url, init));
