// The CRM kind of the freshness suite (bench/suites/freshness.mjs): the Salesforce simulator with
// about 10,000 accounts, contacts and opportunities, and the changes a CRM user makes.
import { startSalesforceSimulator } from '@conduit/testkit';
import { fixed } from './stats.mjs';

const ENTITY_OF_PREFIX = { '001': 'accounts', '003': 'contacts', '006': 'opportunities' };
/** The field whose new value search must show, per entity. */
const NAME_FIELD = { accounts: 'Name', contacts: 'LastName', opportunities: 'Name' };
const SOBJECT_OF = { accounts: 'Account', contacts: 'Contact', opportunities: 'Opportunity' };
const WATCHED_OBJECTS = 5;
/** The share of the allocation the connector's watch allows itself (its `WATCH_SHARE`). */
const WATCH_SHARE = 0.08;

/**
 * The scenario for an org with the given daily API allocation (Salesforce counts requests over a
 * rolling 24 hours; crm-upstream §8: 100,000 + licences × 1,000 for Enterprise, × 5,000 for
 * Unlimited/Performance).
 *
 * @example
 * ```js
 * const scenario = crmScenarioFor({ dailyLimit: 1_100_000, licences: '200 Unlimited Edition licences' });
 * ```
 */
export function crmScenarioFor({ dailyLimit, org }) {
  const allowedPerMinute = dailyLimit / 1440;
  const paceMs = Math.max(5_000, Math.ceil((WATCHED_OBJECTS * 86_400_000) / (WATCH_SHARE * dailyLimit)));
  return {
    kind: 'crm',
    label: `CRM (Salesforce), ${dailyLimit.toLocaleString('en')} API requests per 24 h`,
    recordNoun: 'records',
    fullSyncNote: 'counted against the allocation',
    idField: 'Id',
    rejectedLabel: '403s (REQUEST_LIMIT_EXCEEDED)',
    mix: [
      ['edit', 0.4],
      ['child', 0.3],
      ['delete', 0.3],
    ],
    allowedPerMinute,
    allowedText: `${fixed(allowedPerMinute, 0)} (${dailyLimit.toLocaleString('en')}/24 h)`,
    async start() {
      const sim = await startSalesforceSimulator({
        dataset: { seed: 16, scale: { accounts: 3_000, contacts: 5_000 } },
        dailyApiLimit: dailyLimit,
      });
      // 2,000 opportunities over the generated accounts: about 10,000 records of the three kinds.
      const accounts = sim.data.records('Account');
      for (let index = 0; index < 2_000; index += 1) {
        const account = accounts[(index * 7) % accounts.length];
        sim.insert('Opportunity', {
          AccountId: account.Id,
          Name: `${account.Name} deal ${index}`,
          StageName: 'Prospecting',
          CloseDate: '2027-06-30',
        });
      }
      const records = ['Account', 'Contact', 'Opportunity'].reduce(
        (sum, type) => sum + sim.data.count(type),
        0,
      );
      return {
        sim,
        connector: {
          connectorType: 'crm',
          credentials: {
            refresh_token: sim.credentials.refreshToken,
            client_id: sim.credentials.clientId,
            client_secret: sim.credentials.clientSecret,
          },
          config: { base_url: sim.loginUrl },
        },
        records,
        close: () => sim.close(),
      };
    },
    /** Calls counted against the allocation, and of them the change stream's queryAll reads. */
    apiCounts(sim) {
      const all = sim.usage.used;
      const stream = sim.requests.count({ path: /\/queryAll$/ });
      return { all, stream, other: all - stream };
    },
    // The daily allocation is enforced from the start; the full sync costs a few calls.
    limitOn: () => {},
    rejected: (sim) => sim.requests.count({ status: 403 }),
    /** Every account, contact and opportunity is the target of one change at most. */
    targets: (sim) =>
      ['Account', 'Contact', 'Opportunity']
        .flatMap((type) => sim.data.records(type).map((record) => record.Id))
        .sort(),
    apply(sim, change, marker) {
      const entity = ENTITY_OF_PREFIX[change.target.slice(0, 3)];
      switch (change.kind) {
        case 'edit': {
          const field = NAME_FIELD[entity];
          sim.update(change.target, { [field]: marker });
          return { entity, id: change.target, present: true, field, value: marker };
        }
        case 'child': {
          // A new contact or opportunity under the target's account, which itself stays unchanged.
          const account = entity === 'accounts' ? change.target : sim.data.get(change.target).AccountId;
          const child =
            change.index % 2 === 0
              ? sim.insert('Contact', { AccountId: account, LastName: marker })
              : sim.insert('Opportunity', {
                  AccountId: account,
                  Name: marker,
                  StageName: 'Qualification',
                  CloseDate: '2027-03-31',
                });
          const childEntity = change.index % 2 === 0 ? 'contacts' : 'opportunities';
          return {
            entity: childEntity,
            id: child.Id,
            present: true,
            field: NAME_FIELD[childEntity],
            value: marker,
          };
        }
        case 'delete':
          sim.delete(change.target);
          return { entity, id: change.target, present: false };
        default:
          throw new Error(`unknown change kind ${change.kind} (${SOBJECT_OF[entity]})`);
      }
    },
    describe: ({
      changes,
      windowMs,
      idleMs,
      observeMs,
      lostMs,
    }) => `The Salesforce simulator (in the driver's process) holds about 10,000 accounts, contacts and
opportunities (3,000 generated accounts, 5,000 contacts, 2,000 opportunities, plus the sandbox org's
leads, tasks, users and stages); \`node apps/server/dist/main.js\` runs in its own process with the
**default sync settings** (change stream read every 5 s at most, incremental run every 15 min, full
every 24 h). The connector is created through the API; nothing asks for a sync afterwards.

**The allocation assumed: ${dailyLimit.toLocaleString('en')} API requests per rolling 24 h** (${org};
formula and figures from crm-upstream §8, the Salesforce App Limits cheat sheet: 100,000 +
licences × 1,000 for Enterprise, × 5,000 for Unlimited/Performance; Developer Edition 15,000), set
as the simulator's \`dailyApiLimit\`, which counts every authenticated call in
\`Sforce-Limit-Info\` and refuses past it with 403 \`REQUEST_LIMIT_EXCEEDED\`. Salesforce has no
per-minute limit, so "the allowed rate" is the allocation spread evenly: ${fixed(allowedPerMinute, 1)}
requests/min.

**The change stream**: one \`queryAll\` per watched object (accounts, contacts, leads,
opportunities, tasks) on \`SystemModstamp >=\` the newest stamp seen, deleted rows included
(\`IsDeleted: true\`), with the copy's fields, so changed rows are stored without reading them
again. A read costs 5 calls; the connector paces reads so that idle watching spends at most 8% of
the allocation (the rest of the 10% is left to the incremental and full runs): one read every
${fixed(paceMs / 1000, 1)} s at this allocation (every ${fixed((WATCHED_OBJECTS * 86_400_000) / (WATCH_SHARE * 100_000) / 1000, 0)} s at the 100,000 floor, every
${fixed((WATCHED_OBJECTS * 86_400_000) / (WATCH_SHARE * 15_000) / 1000, 0)} s on a Developer Edition org).

1. **Idle**: ${idleMs / 1000} s with no change; every call counted against the allocation is counted.
2. **Changes**: ${changes} changes at uniformly random times over ${windowMs / 1000} s, each on its own account, contact
   or opportunity: edits (rename), new child records (a contact or an opportunity under the
   record's account, which stays unchanged), deletions (40/30/30%). For each, the time from the
   change to the first hosted search answer (\`in\` on \`Id\`) that shows its new state. The driver
   asks every ${observeMs} ms; a change not seen within ${lostMs / 1000} s is lost.

Deviations from a stock deployment: the server's own upstream limiter is off
(\`CONDUIT_UPSTREAM_RATE_LIMIT=off\`), and the per-application inbound limit is raised so the
driver's searches are never refused.`,
  };
}

/** The org the CRM figures assume: Unlimited Edition with 200 licences (100,000 + 200 × 5,000). */
export const crmScenario = crmScenarioFor({
  dailyLimit: 1_100_000,
  org: 'an Unlimited Edition org with 200 licences: 100,000 + 200 × 5,000',
});

/** The allocation floor of a paid org (100,000 with no licence counted). */
export const crmBaseScenario = crmScenarioFor({
  dailyLimit: 100_000,
  org: 'the base of a paid org before licences are counted',
});
