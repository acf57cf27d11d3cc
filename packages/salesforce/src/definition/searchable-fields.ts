import type { SearchFieldType } from '@conduit/protocol';

const s = 'string';
const n = 'number';
const b = 'boolean';

const stamps = { Id: s, CreatedDate: s, LastModifiedDate: s, SystemModstamp: s } as const;
// User and OpportunityStage have no IsDeleted: they are deactivated, never deleted.
const audit = { ...stamps, IsDeleted: b } as const;

/**
 * The fields `search` may filter, sort and project on, per searchable entity (hosted mode): the
 * upstream `Id`, `AccountId`, `Email`, `StageName`, `OwnerId`, names and timestamps, and a few
 * more a CRM user filters by.
 *
 * @example
 * ```ts
 * SEARCHABLE_FIELDS.contacts.Email; // 'string'
 * ```
 */
export const SEARCHABLE_FIELDS = {
  accounts: {
    ...audit,
    Name: s,
    Type: s,
    Industry: s,
    OwnerId: s,
    ParentId: s,
    Phone: s,
    Website: s,
    NumberOfEmployees: n,
    AnnualRevenue: n,
  },
  contacts: {
    ...audit,
    Name: s,
    FirstName: s,
    LastName: s,
    AccountId: s,
    Email: s,
    Phone: s,
    Title: s,
    Department: s,
    OwnerId: s,
  },
  leads: {
    ...audit,
    Name: s,
    FirstName: s,
    LastName: s,
    Company: s,
    Email: s,
    Status: s,
    LeadSource: s,
    IsConverted: b,
    OwnerId: s,
  },
  opportunities: {
    ...audit,
    Name: s,
    AccountId: s,
    StageName: s,
    Amount: n,
    Probability: n,
    CloseDate: s,
    IsClosed: b,
    IsWon: b,
    OwnerId: s,
  },
  tasks: {
    ...audit,
    Subject: s,
    Status: s,
    Priority: s,
    ActivityDate: s,
    WhoId: s,
    WhatId: s,
    AccountId: s,
    OwnerId: s,
    IsClosed: b,
  },
  users: { ...stamps, Name: s, FirstName: s, LastName: s, Username: s, Email: s, Title: s, IsActive: b },
  opportunity_stages: {
    Id: s,
    MasterLabel: s,
    ApiName: s,
    SortOrder: n,
    DefaultProbability: n,
    ForecastCategoryName: s,
    IsActive: b,
    IsClosed: b,
    IsWon: b,
    CreatedDate: s,
    LastModifiedDate: s,
    SystemModstamp: s,
  },
} as const satisfies Record<string, Record<string, SearchFieldType>>;

/** A searchable entity. */
export type SearchableEntity = keyof typeof SEARCHABLE_FIELDS;

/** The searchable entities, in sync order. */
export const SEARCHABLE_ENTITIES = Object.keys(SEARCHABLE_FIELDS) as SearchableEntity[];
