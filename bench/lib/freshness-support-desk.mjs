// The support-desk kind of the freshness suite (bench/suites/freshness.mjs): the Zendesk simulator
// with 10,000 tickets, its rate limits on, and the changes a help desk sees.
import { startZendeskSimulator } from '@conduit/testkit';

/** Zendesk Enterprise's account-wide limit (support-desk-upstream §7), the simulator's default. */
const ALLOWED_PER_MINUTE = 700;
/** What the change stream polls: the sorted ticket list, the ticket count, deleted tickets. */
const STREAM_ROUTES = new Set(['/tickets', '/tickets/count', '/deleted_tickets']);

const iso = (epochSeconds) => new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');
const api = (sim) => sim.requests.all.filter((request) => request.host === 'api');

/**
 * The support-desk scenario: a scenario says how to start its upstream with ~10,000 records, what
 * the connector is, how to count its API requests, which changes to make and how search shows
 * them.
 *
 * @example
 * ```js
 * const upstream = await supportDeskScenario.start();
 * ```
 */
export const supportDeskScenario = {
  kind: 'support-desk',
  label: 'Support desk (Zendesk Support)',
  fullSyncNote: 'both limits off',
  recordNoun: 'tickets',
  idField: 'id',
  mix: [
    ['edit', 0.4],
    ['comment', 0.2],
    ['delete', 0.2],
    ['attachment', 0.2],
  ],
  allowedPerMinute: ALLOWED_PER_MINUTE,
  allowedText: '700',
  async start() {
    const sim = await startZendeskSimulator({ dataset: { tickets: 10_000, seed: 16 }, rateLimit: false });
    return {
      sim,
      connector: {
        connectorType: 'support-desk',
        credentials: { email: sim.credentials.email, api_token: sim.credentials.apiToken },
        config: { subdomain: 'lumenbikes', base_url: sim.baseUrl },
      },
      records: sim.data.liveTickets().length,
      close: () => sim.close(),
    };
  },
  /** Requests to the API so far, split into change-stream polls and everything else. */
  apiCounts(sim) {
    const requests = api(sim);
    const stream = requests.filter((request) => STREAM_ROUTES.has(request.route)).length;
    return { all: requests.length, stream, other: requests.length - stream };
  },
  /** Zendesk's limits from here on: 700 a minute, exports and deleted tickets 10 a minute. */
  limitOn: (sim) => sim.setRateLimit({}),
  rejected: (sim) => api(sim).filter((request) => request.status === 429).length,
  /** Each live ticket is the target of one change at most, so a deletion never hides another. */
  targets: (sim) => sim.data.liveTickets().map((ticket) => ticket.id),
  apply(sim, change, marker) {
    const id = change.target;
    switch (change.kind) {
      case 'edit':
        sim.data.updateTicket(id, { subject: marker });
        return { entity: 'tickets', id, present: true, field: 'subject', value: marker };
      case 'comment':
      case 'attachment': {
        // A comment is not a synced entity: the ticket it bumps (`updated_at`) is what search shows.
        sim.data.addComment(id, {
          body: marker,
          ...(change.kind === 'attachment'
            ? { attachments: [{ fileName: `${marker}.pdf`, size: 4_096 }] }
            : {}),
        });
        const updated = iso(sim.data.ticket(id).updatedAt);
        return { entity: 'tickets', id, present: true, field: 'updated_at', value: updated };
      }
      case 'delete':
        sim.data.deleteTicket(id);
        return { entity: 'tickets', id, present: false };
      default:
        throw new Error(`unknown change kind ${change.kind}`);
    }
  },
  describe:
    () => `The Zendesk simulator (in the driver's process) holds 10,000 generated tickets plus its sandbox help
desk; \`node apps/server/dist/main.js\` runs in its own process with the **default sync settings**
(change stream read every 5 s, incremental run every 15 min, full every 24 h). The connector is
created through the API; nothing asks for a sync afterwards. Once the first full run and the
incremental run the first watch queues are done, the simulator's **rate limits are switched on
(Zendesk's, support-desk-upstream §7: 700 requests/min for the account, the Enterprise plan and the
simulator's default; incremental exports 10/min; \`GET /deleted_tickets\` 10/min)**.

**The change stream** (\`@conduit/zendesk-support\`'s \`zendeskChangeStream\`): the incremental
exports allow 10 requests a minute and withhold the last minute, so the watch does not use them
(they stay the runs' catch-up). Each read is \`GET /tickets?sort=-updated_at&page[size]=100\` back
to the newest \`updated_at\` seen (an edit, a new comment and a new attachment all bump it) and
\`GET /tickets/count\`; only when the count is not what the previous count and the new tickets make
it does it read \`GET /deleted_tickets?sort_by=deleted_at&sort_order=desc\`, paced by a token bucket
(8 a minute, burst 2: never more than 10 in a minute, that endpoint's limit), and otherwise every
2 minutes as a safety net. Idle, that is 2 requests on the account budget per read (24/min at the
5 s default; slower when \`X-Rate-Limit\` says the account's limit is lower, so that idle reads stay
≤ 8% of it) and 0.5/min on the deleted-tickets budget (5% of its 10/min). A changed ticket is
stored as the sorted list gave it, without reading it again.

1. **Idle**: 60 s with no change; every API request the simulator receives is counted.
2. **Changes**: 500 changes at uniformly random times over 120 s, each on its own
   ticket: edits (new subject), new comments, deletions, new comments with an attachment
   (40/20/20/20%). For each, the time from the change to the first hosted search answer
   (\`in\` on \`id\`) that shows its new state: the new subject, the ticket's new \`updated_at\`, or the
   ticket gone. The driver asks about all unseen changes every 250 ms. A change not seen within
   60 s is lost.

Deviations from a stock deployment, none of which touches how changes are noticed: the first full
sync runs with the simulator's limits off and the server's own upstream limiter off
(\`CONDUIT_UPSTREAM_RATE_LIMIT=off\`, kept for the whole run; the simulator's limits are on for
everything measured, and 429s are counted), and the per-application inbound limit is raised so
the driver's searches are never refused.`,
};
