import { BlobContent } from './blob-content';
import { OPPORTUNITY_STAGES } from './opportunity-stages';
import type { SalesforceRecord, SalesforceReportDefinition } from './salesforce-dataset';
import { type Builder, isoDate, pad } from './salesforce-org-builder';
import {
  CITIES,
  COMPANY_NOUNS,
  COMPANY_WORDS,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  LEAD_SOURCES,
  SANDBOX_ACCOUNTS,
  TITLES,
} from './salesforce-vocabulary';

// The sandbox preset: a small readable org with accounts and their contacts, opportunities in
// every stage, leads, cases, tasks, events, notes, files, attachments, campaigns and reports.

export function addSandbox(b: Builder, users: SalesforceRecord[]): void {
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
