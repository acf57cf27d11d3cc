import type { SalesforceDataset, SalesforceRecord } from './salesforce-dataset';
import { addReferenceData, Builder, pad } from './salesforce-org-builder';
import { addSandbox } from './salesforce-sandbox-org';
import {
  CITIES,
  COMPANY_NOUNS,
  COMPANY_WORDS,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  LEAD_SOURCES,
  TITLES,
} from './salesforce-vocabulary';

/**
 * What to generate. The `sandbox` preset is a small readable org (accounts with contacts,
 * opportunities in every stage, leads, cases, tasks, events, notes, files, attachments, users,
 * campaigns, reports); `scale` adds generated accounts and contacts on top (100,000 of each take
 * about a second).
 *
 * @example
 * ```ts
 * generateSalesforceDataset({ seed: 3, scale: { accounts: 100_000, contacts: 100_000 } });
 * ```
 */
export interface SalesforceDatasetOptions {
  /** `sandbox` (default) or `empty` (org, users and stages only). */
  preset?: 'sandbox' | 'empty';
  /** Seed of every generated value. Default 1. */
  seed?: number;
  /** "Now" of the generated history (epoch ms): records were created in the 25 days before. Default: the wall clock, to the minute. */
  referenceTime?: number;
  /** Extra generated records. */
  scale?: { accounts?: number; contacts?: number };
}

function addScale(b: Builder, accounts: number, contacts: number, owners: SalesforceRecord[]): void {
  const data = b.data;
  const span = 20 * 86_400_000;
  const total = accounts + contacts;
  const startAt = b.reference - 22 * 86_400_000;
  const ownerIds = owners.map((owner) => owner.Id);
  const accountIds: string[] = [];
  for (let i = 0; i < accounts; i += 1) {
    const at = startAt + Math.floor((i / total) * span);
    const city = CITIES[i % CITIES.length]!;
    const name = `${COMPANY_WORDS[i % COMPANY_WORDS.length]} ${COMPANY_NOUNS[Math.floor(i / COMPANY_WORDS.length) % COMPANY_NOUNS.length]} ${pad(i + 1, 6)}`;
    const account = data.insert(
      'Account',
      {
        Name: name,
        Industry: INDUSTRIES[i % INDUSTRIES.length],
        Type: i % 3 === 0 ? 'Prospect' : 'Customer - Direct',
        NumberOfEmployees: 10 + (i % 5000),
        Phone: `(555) 01${pad(i % 100_000, 5)}`,
        BillingCity: city[0],
        BillingCountry: city[3],
        OwnerId: ownerIds[i % ownerIds.length],
      },
      at,
    );
    accountIds.push(account.Id);
  }
  for (let i = 0; i < contacts; i += 1) {
    const at = startAt + Math.floor(((accounts + i) / total) * span);
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
    data.insert(
      'Contact',
      {
        AccountId: accountIds.length > 0 ? accountIds[i % accountIds.length] : null,
        FirstName: first,
        LastName: last,
        Email: `${first}.${last}.${i + 1}@scale.example.com`.toLowerCase().replace(/\s+/g, ''),
        Title: TITLES[i % TITLES.length],
        Phone: `(555) 02${pad(i % 100_000, 5)}`,
        LeadSource: LEAD_SOURCES[i % LEAD_SOURCES.length],
        OwnerId: ownerIds[i % ownerIds.length],
      },
      at,
    );
  }
}

/**
 * Builds a deterministic org: same options, same ids, names, values and (relative to
 * `referenceTime`) timestamps.
 *
 * @example
 * ```ts
 * const data = generateSalesforceDataset({ seed: 7 });
 * data.count('Opportunity'); // 20, two in every stage
 * ```
 */

export function generateSalesforceDataset(options: SalesforceDatasetOptions = {}): SalesforceDataset {
  const reference = options.referenceTime ?? Math.floor(Date.now() / 60_000) * 60_000;
  const b = new Builder(options.seed ?? 1, reference);
  const { users } = addReferenceData(b);
  if ((options.preset ?? 'sandbox') === 'sandbox') addSandbox(b, users);
  const scale = options.scale;
  if (scale !== undefined)
    addScale(
      b,
      scale.accounts ?? 0,
      scale.contacts ?? 0,
      users.filter((user) => user.IsActive === true),
    );
  b.data.now = () => Date.now();
  return b.data;
}
