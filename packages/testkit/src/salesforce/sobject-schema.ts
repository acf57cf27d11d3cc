/** SOAP/REST field types the simulator models (describe's `type`). */
export type SalesforceFieldType =
  | 'id'
  | 'string'
  | 'textarea'
  | 'picklist'
  | 'email'
  | 'phone'
  | 'url'
  | 'boolean'
  | 'int'
  | 'double'
  | 'currency'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'reference'
  | 'address'
  | 'base64';

/**
 * One field of an sObject. References name their target objects and the relationship name SOQL
 * uses to reach them (`AccountId` → `Account.Name`).
 *
 * @example
 * ```ts
 * const field: SalesforceField = { name: 'AccountId', type: 'reference', referenceTo: ['Account'], relationshipName: 'Account', custom: false };
 * ```
 */
export interface SalesforceField {
  name: string;
  type: SalesforceFieldType;
  custom: boolean;
  referenceTo?: string[];
  relationshipName?: string;
  /** For compound address fields: the prefix of their component fields (`Billing`). */
  addressPrefix?: string;
}

/**
 * One sObject: its name, key prefix, fields (in describe order) and capabilities.
 *
 * @example
 * ```ts
 * SOBJECTS.get('account')?.keyPrefix; // '001'
 * ```
 */
export interface SalesforceObject {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  fields: SalesforceField[];
  /** Lower-cased field name → field. */
  byName: Map<string, SalesforceField>;
  /** Lower-cased relationship name → its reference field. */
  relationships: Map<string, SalesforceField>;
  /** Whether getUpdated/getDeleted work (describe's `replicateable`). */
  replicateable: boolean;
  searchable: boolean;
}

const AUDIT = [
  'IsDeleted:boolean',
  'CreatedDate:datetime',
  'CreatedById:reference>User@CreatedBy',
  'LastModifiedDate:datetime',
  'LastModifiedById:reference>User@LastModifiedBy',
  'SystemModstamp:datetime',
];
const AUDIT_NO_DELETE = AUDIT.filter((spec) => !spec.startsWith('IsDeleted'));

function address(prefix: string, compound = `${prefix}Address`): string[] {
  return [
    `${prefix}Street:textarea`,
    `${prefix}City:string`,
    `${prefix}State:string`,
    `${prefix}PostalCode:string`,
    `${prefix}Country:string`,
    `${prefix}Latitude:double`,
    `${prefix}Longitude:double`,
    `${prefix}GeocodeAccuracy:picklist`,
    `${compound}:address:${prefix}`,
  ];
}

/** Field specs: `Name:type`, references `Name:reference>Target|Other@Relationship`, custom fields end `__c`. */
const SPECS: Record<
  string,
  { label: string; plural: string; prefix: string; fields: string[]; replicateable?: boolean }
> = {
  Organization: {
    label: 'Organization',
    plural: 'Organizations',
    prefix: '00D',
    replicateable: false,
    fields: [
      'Id:id',
      'Name:string',
      'Division:string',
      'OrganizationType:picklist',
      'InstanceName:string',
      'IsSandbox:boolean',
      'LanguageLocaleKey:picklist',
      'TimeZoneSidKey:picklist',
      'DefaultLocaleSidKey:picklist',
      ...AUDIT_NO_DELETE,
    ],
  },
  User: {
    label: 'User',
    plural: 'Users',
    prefix: '005',
    fields: [
      'Id:id',
      'Username:string',
      'LastName:string',
      'FirstName:string',
      'Name:string',
      'CompanyName:string',
      'Division:string',
      'Department:string',
      'Title:string',
      ...address('', 'Address'),
      'Email:email',
      'Phone:phone',
      'MobilePhone:phone',
      'Alias:string',
      'IsActive:boolean',
      'UserType:picklist',
      'EmployeeNumber:string',
      'ProfileId:reference>Profile@Profile',
      'UserRoleId:reference>UserRole@UserRole',
      'ManagerId:reference>User@Manager',
      'AccountId:reference>Account@Account',
      'ContactId:reference>Contact@Contact',
      'TimeZoneSidKey:picklist',
      'LastLoginDate:datetime',
      ...AUDIT_NO_DELETE,
    ],
  },
  Account: {
    label: 'Account',
    plural: 'Accounts',
    prefix: '001',
    fields: [
      'Id:id',
      'Name:string',
      'Type:picklist',
      'ParentId:reference>Account@Parent',
      ...address('Billing'),
      ...address('Shipping'),
      'Phone:phone',
      'Fax:phone',
      'AccountNumber:string',
      'Website:url',
      'Industry:picklist',
      'AnnualRevenue:currency',
      'NumberOfEmployees:int',
      'Ownership:picklist',
      'Rating:picklist',
      'AccountSource:picklist',
      'Description:textarea',
      'OwnerId:reference>User@Owner',
      'LastActivityDate:date',
      ...AUDIT,
      'Tier__c:picklist',
    ],
  },
  Contact: {
    label: 'Contact',
    plural: 'Contacts',
    prefix: '003',
    fields: [
      'Id:id',
      'AccountId:reference>Account@Account',
      'LastName:string',
      'FirstName:string',
      'Salutation:picklist',
      'Name:string',
      ...address('Mailing'),
      'Phone:phone',
      'MobilePhone:phone',
      'ReportsToId:reference>Contact@ReportsTo',
      'Email:email',
      'Title:string',
      'Department:string',
      'LeadSource:picklist',
      'Birthdate:date',
      'Description:textarea',
      'OwnerId:reference>User@Owner',
      'LastActivityDate:date',
      ...AUDIT,
    ],
  },
  Lead: {
    label: 'Lead',
    plural: 'Leads',
    prefix: '00Q',
    fields: [
      'Id:id',
      'LastName:string',
      'FirstName:string',
      'Salutation:picklist',
      'Name:string',
      'Title:string',
      'Company:string',
      ...address('', 'Address'),
      'Phone:phone',
      'MobilePhone:phone',
      'Email:email',
      'Website:url',
      'Description:textarea',
      'LeadSource:picklist',
      'Status:picklist',
      'Industry:picklist',
      'Rating:picklist',
      'AnnualRevenue:currency',
      'NumberOfEmployees:int',
      'OwnerId:reference>User@Owner',
      'IsConverted:boolean',
      'ConvertedDate:date',
      'ConvertedAccountId:reference>Account@ConvertedAccount',
      'ConvertedContactId:reference>Contact@ConvertedContact',
      'ConvertedOpportunityId:reference>Opportunity@ConvertedOpportunity',
      'LastActivityDate:date',
      ...AUDIT,
    ],
  },
  Opportunity: {
    label: 'Opportunity',
    plural: 'Opportunities',
    prefix: '006',
    fields: [
      'Id:id',
      'AccountId:reference>Account@Account',
      'ContactId:reference>Contact@Contact',
      'Name:string',
      'Description:textarea',
      'StageName:picklist',
      'Amount:currency',
      'Probability:percent',
      'ExpectedRevenue:currency',
      'CloseDate:date',
      'Type:picklist',
      'NextStep:string',
      'LeadSource:picklist',
      'IsClosed:boolean',
      'IsWon:boolean',
      'ForecastCategory:picklist',
      'ForecastCategoryName:picklist',
      'CampaignId:reference>Campaign@Campaign',
      'OwnerId:reference>User@Owner',
      'LastActivityDate:date',
      ...AUDIT,
    ],
  },
  OpportunityStage: {
    label: 'Opportunity Stage',
    plural: 'Opportunity Stages',
    prefix: '01J',
    replicateable: false,
    fields: [
      'Id:id',
      'MasterLabel:string',
      'ApiName:string',
      'IsActive:boolean',
      'SortOrder:int',
      'IsClosed:boolean',
      'IsWon:boolean',
      'ForecastCategory:picklist',
      'ForecastCategoryName:picklist',
      'DefaultProbability:percent',
      'Description:string',
      ...AUDIT_NO_DELETE,
    ],
  },
  Campaign: {
    label: 'Campaign',
    plural: 'Campaigns',
    prefix: '701',
    fields: [
      'Id:id',
      'Name:string',
      'ParentId:reference>Campaign@Parent',
      'Type:picklist',
      'Status:picklist',
      'StartDate:date',
      'EndDate:date',
      'ExpectedRevenue:currency',
      'BudgetedCost:currency',
      'ActualCost:currency',
      'IsActive:boolean',
      'Description:textarea',
      'NumberOfLeads:int',
      'NumberOfContacts:int',
      'NumberOfOpportunities:int',
      'NumberOfWonOpportunities:int',
      'AmountAllOpportunities:currency',
      'AmountWonOpportunities:currency',
      'OwnerId:reference>User@Owner',
      ...AUDIT,
    ],
  },
  Case: {
    label: 'Case',
    plural: 'Cases',
    prefix: '500',
    fields: [
      'Id:id',
      'CaseNumber:string',
      'ContactId:reference>Contact@Contact',
      'AccountId:reference>Account@Account',
      'ParentId:reference>Case@Parent',
      'SuppliedName:string',
      'SuppliedEmail:email',
      'Type:picklist',
      'Status:picklist',
      'Reason:picklist',
      'Origin:picklist',
      'Subject:string',
      'Priority:picklist',
      'Description:textarea',
      'IsClosed:boolean',
      'ClosedDate:datetime',
      'IsEscalated:boolean',
      'OwnerId:reference>User@Owner',
      ...AUDIT,
    ],
  },
  Task: {
    label: 'Task',
    plural: 'Tasks',
    prefix: '00T',
    fields: [
      'Id:id',
      'WhoId:reference>Contact|Lead@Who',
      'WhatId:reference>Account|Opportunity|Campaign|Case@What',
      'Subject:string',
      'ActivityDate:date',
      'Status:picklist',
      'Priority:picklist',
      'IsHighPriority:boolean',
      'OwnerId:reference>User@Owner',
      'Description:textarea',
      'Type:picklist',
      'IsClosed:boolean',
      'AccountId:reference>Account@Account',
      'CallDurationInSeconds:int',
      'CallType:picklist',
      'CallDisposition:string',
      'TaskSubtype:picklist',
      'CompletedDateTime:datetime',
      ...AUDIT,
    ],
  },
  Event: {
    label: 'Event',
    plural: 'Events',
    prefix: '00U',
    fields: [
      'Id:id',
      'WhoId:reference>Contact|Lead@Who',
      'WhatId:reference>Account|Opportunity|Campaign|Case@What',
      'Subject:string',
      'Location:string',
      'IsAllDayEvent:boolean',
      'ActivityDateTime:datetime',
      'ActivityDate:date',
      'DurationInMinutes:int',
      'StartDateTime:datetime',
      'EndDateTime:datetime',
      'Description:textarea',
      'AccountId:reference>Account@Account',
      'OwnerId:reference>User@Owner',
      'Type:picklist',
      'IsPrivate:boolean',
      'ShowAs:picklist',
      ...AUDIT,
    ],
  },
  Note: {
    label: 'Note',
    plural: 'Notes',
    prefix: '002',
    fields: [
      'Id:id',
      'ParentId:reference>Account|Contact|Opportunity|Case|Lead@Parent',
      'Title:string',
      'IsPrivate:boolean',
      'Body:textarea',
      'OwnerId:reference>User@Owner',
      ...AUDIT,
    ],
  },
  ContentDocument: {
    label: 'Content Document',
    plural: 'Content Documents',
    prefix: '069',
    fields: [
      'Id:id',
      'Title:string',
      'LatestPublishedVersionId:reference>ContentVersion@LatestPublishedVersion',
      'FileType:string',
      'FileExtension:string',
      'ContentSize:int',
      'OwnerId:reference>User@Owner',
      ...AUDIT,
    ],
  },
  ContentVersion: {
    label: 'Content Version',
    plural: 'Content Versions',
    prefix: '068',
    fields: [
      'Id:id',
      'ContentDocumentId:reference>ContentDocument@ContentDocument',
      'IsLatest:boolean',
      'ContentUrl:url',
      'VersionNumber:string',
      'Title:string',
      'Description:textarea',
      'PathOnClient:string',
      'ContentModifiedDate:datetime',
      'FileType:string',
      'FileExtension:string',
      'ContentSize:int',
      'Checksum:string',
      'FirstPublishLocationId:reference>Account|Contact|Opportunity|Case|User@FirstPublishLocation',
      'VersionData:base64',
      'OwnerId:reference>User@Owner',
      'IsDeleted:boolean',
      'CreatedDate:datetime',
      'CreatedById:reference>User@CreatedBy',
      'LastModifiedDate:datetime',
      'LastModifiedById:reference>User@LastModifiedBy',
      'SystemModstamp:datetime',
    ],
  },
  Attachment: {
    label: 'Attachment',
    plural: 'Attachments',
    prefix: '00P',
    fields: [
      'Id:id',
      'ParentId:reference>Account|Contact|Opportunity|Case|Task|Event@Parent',
      'Name:string',
      'IsPrivate:boolean',
      'ContentType:string',
      'BodyLength:int',
      'Body:base64',
      'OwnerId:reference>User@Owner',
      'Description:textarea',
      ...AUDIT,
    ],
  },
  Report: {
    label: 'Report',
    plural: 'Reports',
    prefix: '00O',
    fields: [
      'Id:id',
      'Name:string',
      'DeveloperName:string',
      'FolderName:string',
      'Format:picklist',
      'Description:textarea',
      'LastRunDate:datetime',
      'OwnerId:reference>User@Owner',
      ...AUDIT,
    ],
  },
  Profile: {
    label: 'Profile',
    plural: 'Profiles',
    prefix: '00e',
    replicateable: false,
    fields: ['Id:id', 'Name:string', 'UserType:picklist', 'Description:string', ...AUDIT_NO_DELETE],
  },
  UserRole: {
    label: 'Role',
    plural: 'Roles',
    prefix: '00E',
    replicateable: false,
    fields: ['Id:id', 'Name:string', 'ParentRoleId:reference>UserRole@ParentRole', ...AUDIT_NO_DELETE],
  },
};

function parseField(spec: string): SalesforceField {
  const colon = spec.indexOf(':');
  const name = spec.slice(0, colon);
  const typePart = spec.slice(colon + 1);
  const custom = name.endsWith('__c');
  if (typePart.startsWith('reference>')) {
    const [targets = '', relationshipName = ''] = typePart.slice('reference>'.length).split('@');
    return { name, type: 'reference', custom, referenceTo: targets.split('|'), relationshipName };
  }
  if (typePart.startsWith('address')) {
    const prefix = typePart.split(':')[1] ?? '';
    return { name, type: 'address', custom, addressPrefix: prefix };
  }
  return { name, type: typePart as SalesforceFieldType, custom };
}

function buildObject(name: string, spec: (typeof SPECS)[string]): SalesforceObject {
  const fields = spec.fields.map(parseField);
  const byName = new Map(fields.map((field) => [field.name.toLowerCase(), field]));
  const relationships = new Map(
    fields
      .filter((field) => field.relationshipName !== undefined)
      .map((field) => [(field.relationshipName as string).toLowerCase(), field]),
  );
  return {
    name,
    label: spec.label,
    labelPlural: spec.plural,
    keyPrefix: spec.prefix,
    fields,
    byName,
    relationships,
    replicateable: spec.replicateable ?? true,
    searchable: spec.replicateable ?? true,
  };
}

/**
 * Every sObject the simulator serves, keyed by lower-cased API name (SOQL names are
 * case-insensitive). Field lists follow the reference's FIELDS(STANDARD) subsets.
 *
 * @example
 * ```ts
 * SOBJECTS.get('contact')?.byName.get('email')?.type; // 'email'
 * ```
 */
export const SOBJECTS: ReadonlyMap<string, SalesforceObject> = new Map(
  Object.entries(SPECS).map(([name, spec]) => [name.toLowerCase(), buildObject(name, spec)]),
);

/**
 * The sObject whose records carry the given key prefix (the first 3 characters of an id).
 *
 * @example
 * ```ts
 * objectForId('003Dn0000000001AAA')?.name; // 'Contact'
 * ```
 */
export function objectForId(id: string): SalesforceObject | undefined {
  const prefix = id.slice(0, 3);
  for (const object of SOBJECTS.values()) if (object.keyPrefix === prefix) return object;
  return undefined;
}
