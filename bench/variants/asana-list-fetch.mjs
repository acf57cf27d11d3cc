// Asana suite, list: the floor, plain fetch + JSON.parse following `next_page.offset`.
//   node asana-list-fetch.mjs --base-url U --project GID   (token in ASANA_TOKEN)
import { reportPlainListing } from './support/plain-listing.mjs';

await reportPlainListing((url, init) => fetch(url, init));
