import { SeededRandom } from '../core/seeded-random';
import { BlobContent } from './blob-content';
import { OPPORTUNITY_STAGES } from './opportunity-stages';
import {
  SalesforceDataset,
  type SalesforceRecord,
  type SalesforceReportDefinition,
} from './salesforce-dataset';

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

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Sophie',
  'Yukihiro',
  'Anita',
  'Guido',
  'Shafi',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'McCarthy',
  'Wilson',
  'Matsumoto',
  'Borg',
  'van Rossum',
  'Goldwasser',
];
const COMPANY_WORDS = [
  'Blue',
  'Granite',
  'Harbor',
  'Summit',
  'Cedar',
  'Northern',
  'Bright',
  'Silver',
  'Pioneer',
  'Atlas',
  'Coastal',
  'Evergreen',
];
const COMPANY_NOUNS = [
  'Logistics',
  'Foods',
  'Energy',
  'Robotics',
  'Health',
  'Textiles',
  'Analytics',
  'Motors',
  'Pharma',
  'Media',
  'Outfitters',
  'Systems',
];
const INDUSTRIES = [
  'Agriculture',
  'Banking',
  'Biotechnology',
  'Consulting',
  'Education',
  'Electronics',
  'Energy',
  'Engineering',
  'Healthcare',
  'Manufacturing',
  'Media',
  'Retail',
  'Technology',
  'Transportation',
];
const CITIES: Array<[string, string, string, string]> = [
  ['San Francisco', 'CA', '94105', 'USA'],
  ['Austin', 'TX', '78701', 'USA'],
  ['Chicago', 'IL', '60601', 'USA'],
  ['New York', 'NY', '10001', 'USA'],
  ['Seattle', 'WA', '98101', 'USA'],
  ['Boston', 'MA', '02108', 'USA'],
  ['Toronto', 'ON', 'M5H 2N2', 'Canada'],
  ['London', '', 'EC1A 1BB', 'United Kingdom'],
];
const LEAD_SOURCES = ['Web', 'Phone Inquiry', 'Partner Referral', 'Purchased List', 'Other'];
const TITLES = [
  'CEO',
  'CFO',
  'VP Sales',
  'Director of Operations',
  'Procurement Manager',
  'Engineer',
  'Buyer',
  'Office Manager',
];

const SANDBOX_ACCOUNTS: Array<[string, string, string, number]> = [
  ['Acme Corporation', 'Manufacturing', 'Customer - Direct', 4200],
  ['Globex Industries', 'Energy', 'Customer - Channel', 12000],
  ['Initech', 'Technology', 'Prospect', 320],
  ['Umbrella Health', 'Healthcare', 'Customer - Direct', 8800],
  ['Stark Logistics', 'Transportation', 'Customer - Direct', 2100],
  ['Wayne Foods', 'Agriculture', 'Prospect', 640],
  ['Soylent Retail', 'Retail', 'Customer - Channel', 15000],
  ['Hooli Analytics', 'Technology', 'Partner', 5400],
  ['Vandelay Imports', 'Retail', 'Prospect', 45],
  ['Oscorp Biotech', 'Biotechnology', 'Customer - Direct', 1900],
  ['Cyberdyne Robotics', 'Electronics', 'Partner', 780],
  ['Tyrell Media', 'Media', 'Other', 260],
];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

class Builder {
  readonly data = new SalesforceDataset();
  readonly random: SeededRandom;
  private tick = 0;

  constructor(
    readonly seed: number,
    readonly reference: number,
  ) {
    this.random = new SeededRandom(seed);
    // Updates made while building belong to the generated history too.
    this.data.now = () => this.reference - 25 * 86_400_000 + this.tick * 7_000;
  }

  /** A creation time in the 25 days before the reference, older for earlier records. */
  at(): number {
    this.tick += 1;
    return this.reference - 25 * 86_400_000 + this.tick * 7_000;
  }

  add(type: string, fields: Record<string, unknown>): SalesforceRecord {
    const at = this.at();
    return this.data.insert(type, fields, at);
  }
}

function addReferenceData(b: Builder): { users: SalesforceRecord[] } {
  const data = b.data;
  data.orgId = data.insert(
    'Organization',
    {
      Name: 'Northwind Outfitters (Simulated)',
      OrganizationType: 'Enterprise Edition',
      InstanceName: 'SIM1',
      IsSandbox: false,
      LanguageLocaleKey: 'en_US',
      TimeZoneSidKey: 'GMT',
      DefaultLocaleSidKey: 'en_US',
    },
    b.at(),
  ).Id;
  const admin = b.add('Profile', { Name: 'System Administrator', UserType: 'Standard' });
  const standard = b.add('Profile', { Name: 'Standard User', UserType: 'Standard' });
  const ceo = b.add('UserRole', { Name: 'CEO' });
  const rep = b.add('UserRole', { Name: 'Sales Representative', ParentRoleId: ceo.Id });
  const people: Array<[string, string, string, boolean]> = [
    ['Ada', 'Integration', 'Integration User', true],
    ['Grace', 'Hopper', 'VP Sales', true],
    ['Alan', 'Turing', 'Account Executive', true],
    ['Katherine', 'Johnson', 'Account Executive', true],
    ['Linus', 'Torvalds', 'Support Engineer', true],
    ['Margaret', 'Hamilton', 'Sales Operations', true],
    ['Dennis', 'Ritchie', 'Former Account Executive', false],
  ];
  const users = people.map(([first, last, title, active], index) => {
    const alias = `${first.slice(0, 1)}${last.slice(0, 4)}`.toLowerCase();
    const user = b.add('User', {
      FirstName: first,
      LastName: last,
      Username: `${first}.${last}@northwind.example.com`.toLowerCase(),
      Email: `${first}.${last}@northwind.example.com`.toLowerCase(),
      Alias: alias,
      Title: title,
      CompanyName: 'Northwind Outfitters',
      Department: index === 4 ? 'Support' : 'Sales',
      IsActive: active,
      UserType: 'Standard',
      ProfileId: index === 0 ? admin.Id : standard.Id,
      UserRoleId: index <= 1 ? ceo.Id : rep.Id,
      TimeZoneSidKey: 'GMT',
      EmployeeNumber: pad(index + 1, 4),
      LastLoginDate: b.reference - index * 3_600_000,
    });
    if (index === 0) {
      data.apiUserId = user.Id;
      // Records created before the API user existed point at it too.
      for (const record of data.byId.values()) {
        if (record.CreatedById === null) record.CreatedById = user.Id;
        if (record.LastModifiedById === null) record.LastModifiedById = user.Id;
      }
    }
    return user;
  });
  for (const user of users.slice(2)) data.byId.get(user.Id)!.ManagerId = users[1]!.Id;
  OPPORTUNITY_STAGES.forEach((stage, index) => {
    b.add('OpportunityStage', {
      MasterLabel: stage.label,
      ApiName: stage.label,
      IsActive: true,
      SortOrder: index + 1,
      IsClosed: stage.closed,
      IsWon: stage.won,
      ForecastCategory: stage.forecastCategory,
      ForecastCategoryName: stage.forecastCategoryName,
      DefaultProbability: stage.probability,
      Description: null,
    });
  });
  return { users };
}

function addSandbox(b: Builder, users: SalesforceRecord[]): void {
  const r = b.random;
  const owners = users.filter((user) => user.IsActive === true).slice(1);
  const campaigns = [
    ['Spring Product Webinar', 'Webinar', 'Completed', false],
    ['Dreamforce Booth', 'Conference', 'In Progress', true],
    ['Q3 Email Nurture', 'Email', 'Planned', true],
  ].map(([name, type, status, active], index) =>
    b.add('Campaign', {
      Name: name,
      Type: type,
      Status: status,
      IsActive: active,
      StartDate: isoDate(b.reference - (60 - index * 30) * 86_400_000),
      EndDate: isoDate(b.reference + (index * 30 - 20) * 86_400_000),
      BudgetedCost: 5000 * (index + 1),
      ActualCost: index === 0 ? 4300 : null,
      ExpectedRevenue: 50_000 * (index + 1),
      Description: `${name} (simulated campaign)`,
      OwnerId: owners[index % owners.length]!.Id,
    }),
  );
  const accounts = SANDBOX_ACCOUNTS.map(([name, industry, type, employees], index) => {
    const [city, state, postal, country] = CITIES[index % CITIES.length]!;
    return b.add('Account', {
      Name: name,
      Industry: industry,
      Type: type,
      NumberOfEmployees: employees,
      AnnualRevenue: employees * 125_000,
      Phone: `(415) 555-${pad(1000 + index * 37, 4)}`,
      Website: `https://www.${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
      AccountNumber: `CD${pad(355_000 + index * 17, 6)}`,
      AccountSource: LEAD_SOURCES[index % LEAD_SOURCES.length],
      Rating: ['Hot', 'Warm', 'Cold'][index % 3],
      Ownership: index % 4 === 0 ? 'Public' : 'Private',
      BillingStreet: `${100 + index * 11} Market Street`,
      BillingCity: city,
      BillingState: state || null,
      BillingPostalCode: postal,
      BillingCountry: country,
      ShippingCity: city,
      ShippingCountry: country,
      Description: `${name} is a simulated ${industry.toLowerCase()} account.`,
      OwnerId: owners[index % owners.length]!.Id,
      Tier__c: ['Gold', 'Silver', 'Bronze'][index % 3],
    });
  });
  b.data.update(accounts[11]!.Id, { ParentId: accounts[1]!.Id });
  const contacts: SalesforceRecord[] = [];
  accounts.forEach((account, accountIndex) => {
    for (let i = 0; i < 3; i += 1) {
      const first = FIRST_NAMES[(accountIndex * 3 + i) % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(accountIndex * 7 + i * 3) % LAST_NAMES.length]!;
      const domain = String(account.Website).replace('https://www.', '');
      contacts.push(
        b.add('Contact', {
          AccountId: account.Id,
          FirstName: first,
          LastName: last,
          Salutation: i === 0 ? 'Ms.' : i === 1 ? 'Mr.' : 'Dr.',
          Title: TITLES[(accountIndex + i) % TITLES.length],
          Department: i === 0 ? 'Executive' : 'Operations',
          Email: `${first}.${last}@${domain}`.toLowerCase().replace(/\s+/g, ''),
          Phone: `(512) 555-${pad(2000 + accountIndex * 10 + i, 4)}`,
          LeadSource: LEAD_SOURCES[(accountIndex + i) % LEAD_SOURCES.length],
          MailingCity: account.BillingCity,
          MailingCountry: account.BillingCountry,
          Birthdate: isoDate(Date.UTC(1960 + ((accountIndex * 3 + i) % 35), (i * 4) % 12, 1 + accountIndex)),
          OwnerId: account.OwnerId,
        }),
      );
    }
  });
  b.data.update(contacts[1]!.Id, { ReportsToId: contacts[0]!.Id });
  // Two opportunities in every stage, spread over the accounts.
  const opportunities: SalesforceRecord[] = [];
  OPPORTUNITY_STAGES.forEach((stage, stageIndex) => {
    for (let i = 0; i < 2; i += 1) {
      const account = accounts[(stageIndex * 2 + i) % accounts.length]!;
      opportunities.push(
        b.add('Opportunity', {
          AccountId: account.Id,
          ContactId: contacts[((stageIndex * 2 + i) % accounts.length) * 3]!.Id,
          Name: `${account.Name} - ${['Renewal', 'Expansion', 'New Business'][(stageIndex + i) % 3]} ${2026 + i}`,
          StageName: stage.label,
          Amount: 10_000 + r.int(0, 90) * 1000,
          CloseDate: isoDate(b.reference + (stageIndex - 5 + i * 3) * 7 * 86_400_000),
          Type: ['New Customer', 'Existing Customer - Upgrade', 'Existing Customer - Renewal'][
            (stageIndex + i) % 3
          ],
          LeadSource: LEAD_SOURCES[stageIndex % LEAD_SOURCES.length],
          NextStep: stage.closed ? null : 'Schedule follow-up call',
          CampaignId: campaigns[stageIndex % campaigns.length]!.Id,
          Description: `Simulated opportunity in stage ${stage.label}.`,
          OwnerId: account.OwnerId,
        }),
      );
    }
  });
  const leadStatuses = [
    'Open - Not Contacted',
    'Working - Contacted',
    'Closed - Converted',
    'Closed - Not Converted',
  ];
  for (let i = 0; i < 10; i += 1) {
    const first = FIRST_NAMES[(i * 5 + 3) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 9 + 1) % LAST_NAMES.length]!;
    const company = `${COMPANY_WORDS[i % COMPANY_WORDS.length]} ${COMPANY_NOUNS[(i * 5) % COMPANY_NOUNS.length]}`;
    const converted = i < 2;
    b.add('Lead', {
      FirstName: first,
      LastName: last,
      Company: company,
      Title: TITLES[i % TITLES.length],
      Email: `${first}.${last}@${company.replace(/\s+/g, '')}.example.org`.toLowerCase(),
      Phone: `(646) 555-${pad(3000 + i, 4)}`,
      Industry: INDUSTRIES[i % INDUSTRIES.length],
      LeadSource: LEAD_SOURCES[i % LEAD_SOURCES.length],
      Status: converted ? 'Closed - Converted' : leadStatuses[i % 4 === 2 ? 0 : i % 4],
      Rating: ['Hot', 'Warm', 'Cold'][i % 3],
      NumberOfEmployees: 20 + i * 15,
      City: CITIES[i % CITIES.length]![0],
      Country: CITIES[i % CITIES.length]![3],
      IsConverted: converted,
      ConvertedDate: converted ? isoDate(b.reference - (10 - i) * 86_400_000) : null,
      ConvertedAccountId: converted ? accounts[i]!.Id : null,
      ConvertedContactId: converted ? contacts[i * 3]!.Id : null,
      ConvertedOpportunityId: converted ? opportunities[i]!.Id : null,
      OwnerId: owners[i % owners.length]!.Id,
    });
  }
  const caseStatuses = ['New', 'Working', 'Escalated', 'Closed'];
  const cases = Array.from({ length: 8 }, (_, i) => {
    const contact = contacts[i * 4]!;
    return b.add('Case', {
      AccountId: contact.AccountId,
      ContactId: contact.Id,
      Subject: [
        'Shipment arrived damaged',
        'Invoice total looks wrong',
        'Cannot log in to the portal',
        'Request for a product demo',
        'Order delayed',
        'Warranty question',
        'Integration returns errors',
        'Update billing address',
      ][i],
      Description: 'Simulated support case.',
      Status: caseStatuses[i % 4],
      Priority: ['High', 'Medium', 'Low'][i % 3],
      Origin: ['Phone', 'Email', 'Web'][i % 3],
      Type: ['Problem', 'Question', 'Feature Request'][i % 3],
      Reason: ['Installation', 'Performance', 'Breakdown', 'Other'][i % 4],
      ClosedDate: i % 4 === 3 ? b.reference - i * 86_400_000 : null,
      SuppliedEmail: contact.Email,
      SuppliedName: contact.Name,
      OwnerId: owners[(i + 3) % owners.length]!.Id,
    });
  });
  for (let i = 0; i < 15; i += 1) {
    const contact = contacts[(i * 2) % contacts.length]!;
    const what =
      i % 3 === 0
        ? opportunities[i % opportunities.length]!
        : accounts.find((a) => a.Id === contact.AccountId)!;
    b.add('Task', {
      WhoId: contact.Id,
      WhatId: what.Id,
      AccountId: contact.AccountId,
      Subject: ['Call', 'Send quote', 'Follow up on proposal', 'Email', 'Prepare contract'][i % 5],
      Status: ['Not Started', 'In Progress', 'Completed', 'Waiting on someone else'][i % 4],
      Priority: ['High', 'Normal', 'Low'][i % 3],
      ActivityDate: isoDate(b.reference + (i - 7) * 86_400_000),
      Type: i % 5 === 0 ? 'Call' : 'Email',
      TaskSubtype: i % 5 === 0 ? 'Call' : 'Task',
      CallType: i % 5 === 0 ? 'Outbound' : null,
      CallDurationInSeconds: i % 5 === 0 ? 300 + i * 10 : null,
      Description: 'Simulated task.',
      CompletedDateTime: i % 4 === 2 ? b.reference - i * 3_600_000 : null,
      OwnerId: owners[i % owners.length]!.Id,
    });
  }
  for (let i = 0; i < 8; i += 1) {
    const contact = contacts[(i * 3 + 1) % contacts.length]!;
    const start = b.reference + (i - 4) * 86_400_000 + 14 * 3_600_000;
    b.add('Event', {
      WhoId: i === 7 ? null : contact.Id,
      WhatId: i % 2 === 0 ? contact.AccountId : opportunities[i]!.Id,
      AccountId: contact.AccountId,
      Subject: ['Discovery meeting', 'Product demo', 'Quarterly business review', 'Lunch'][i % 4],
      Location: i % 2 === 0 ? 'Video call' : 'Customer site',
      StartDateTime: start,
      EndDateTime: start + 3_600_000,
      ActivityDateTime: start,
      ActivityDate: isoDate(start),
      DurationInMinutes: 60,
      IsAllDayEvent: false,
      IsPrivate: false,
      ShowAs: 'Busy',
      Type: 'Meeting',
      Description: 'Simulated event.',
      OwnerId: owners[i % owners.length]!.Id,
    });
  }
  for (let i = 0; i < 6; i += 1) {
    const parent = i % 2 === 0 ? accounts[i]! : opportunities[i]!;
    b.add('Note', {
      ParentId: parent.Id,
      Title: [
        'Pricing discussion',
        'Org chart',
        'Renewal risks',
        'Meeting notes',
        'Competitors',
        'Next steps',
      ][i],
      Body: `Notes about ${String(parent.Name)}: simulated text number ${i + 1}.`,
      IsPrivate: i === 5,
      OwnerId: owners[i % owners.length]!.Id,
    });
  }
  // Files: four documents, the first with two versions.
  const files: Array<[string, string, string, number, SalesforceRecord]> = [
    ['Master Services Agreement', 'pdf', 'PDF', 180_000, accounts[0]!],
    ['Price list 2026', 'csv', 'CSV', 0, accounts[1]!],
    ['Product brochure', 'png', 'PNG', 1_500_000, opportunities[4]!],
    ['Meeting summary', 'txt', 'TEXT', 0, cases[0]!],
  ];
  files.forEach(([title, extension, fileType, size, parent], index) => {
    const versions = index === 0 ? 2 : 1;
    const document = b.add('ContentDocument', {
      Title: title,
      FileType: fileType,
      FileExtension: extension,
      ContentSize: 0,
    });
    for (let v = 1; v <= versions; v += 1) {
      const blob =
        size > 0
          ? BlobContent.generated(size + v * 1000, `${b.seed}:${title}:${v}`)
          : BlobContent.of(
              Buffer.from(
                extension === 'csv'
                  ? 'Product,Price\nTrail boots,129.00\nRain jacket,189.00\nDay pack,79.50\n'
                  : `Summary of ${String(parent.Subject ?? parent.Name)} (version ${v}).\n`,
              ),
            );
      const version = b.add('ContentVersion', {
        ContentDocumentId: document.Id,
        Title: title,
        PathOnClient: `${title}.${extension}`,
        FileExtension: extension,
        FileType: fileType,
        ContentSize: blob.size,
        Checksum: blob.md5(),
        VersionNumber: String(v),
        IsLatest: v === versions,
        ContentModifiedDate: b.reference - (10 - v) * 86_400_000,
        FirstPublishLocationId: parent.Id,
        Description: v === 1 ? null : 'Second revision',
      });
      b.data.setBlob(version.Id, blob);
      if (v === versions) {
        b.data.update(document.Id, { LatestPublishedVersionId: version.Id, ContentSize: blob.size });
      }
    }
  });
  const attachments: Array<[string, string, number, SalesforceRecord]> = [
    ['signed-order.pdf', 'application/pdf', 300_000, opportunities[16]!],
    ['screenshot.png', 'image/png', 48_000, cases[2]!],
    ['notes.txt', 'text/plain', 0, accounts[3]!],
    ['logo.jpg', 'image/jpeg', 20_000, accounts[0]!],
  ];
  for (const [name, contentType, size, parent] of attachments) {
    const blob =
      size > 0
        ? BlobContent.generated(size, `${b.seed}:${name}`)
        : BlobContent.of(Buffer.from(`Plain notes attached to ${String(parent.Name ?? parent.Subject)}.\n`));
    const attachment = b.add('Attachment', {
      ParentId: parent.Id,
      Name: name,
      ContentType: contentType,
      BodyLength: blob.size,
      IsPrivate: false,
      Description: null,
    });
    b.data.setBlob(attachment.Id, blob);
  }
  const reports: Array<[string, string, SalesforceReportDefinition]> = [
    [
      'Opportunities by Stage',
      'Tabular',
      { object: 'Opportunity', columns: ['Name', 'StageName', 'Amount', 'CloseDate'], groupBy: 'StageName' },
    ],
    [
      'Open Cases',
      'Tabular',
      { object: 'Case', columns: ['CaseNumber', 'Subject', 'Status', 'Priority'], where: 'IsClosed = false' },
    ],
    ['All Contacts', 'Tabular', { object: 'Contact', columns: ['Name', 'Email', 'Title'] }],
  ];
  for (const [name, format, definition] of reports) {
    const report = b.add('Report', {
      Name: name,
      DeveloperName: name.replace(/\s+/g, '_'),
      FolderName: 'Public Reports',
      Format: format,
      Description: `Simulated report: ${name}.`,
      LastRunDate: b.reference - 86_400_000,
    });
    b.data.reports.set(report.Id, definition);
  }
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
