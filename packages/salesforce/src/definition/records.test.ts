import { type ConnectorClient, compileRecordCheck } from '@conduit/connector-kit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SalesforceDefinition } from './definition';
import type { Account, Contact, QueryRow, ReportRun } from './records';
import * as records from './records';

type Client = ConnectorClient<SalesforceDefinition>;

const account = {
  attributes: { type: 'Account', url: '/services/data/v62.0/sobjects/Account/001000000000001AAA' },
  Id: '001000000000001AAA',
  Name: 'Acme',
  Industry: null,
  BillingAddress: { street: '1 Main St', city: 'Springfield', state: null, postalCode: null, country: 'US' },
  // A custom field: kept at runtime, not in the type.
  Score__c: 42,
};

describe('salesforce records', () => {
  it('types what the client returns with the exported record types, undeclared fields refused', () => {
    expectTypeOf<Awaited<ReturnType<Client['accounts']['get']>>>().toEqualTypeOf<Account>();
    expectTypeOf<
      Awaited<ReturnType<Client['contacts']['list']>>['records'][number]
    >().toEqualTypeOf<Contact>();
    type Hit = Awaited<ReturnType<Client['accounts']['search']>>['hits'][number]['data'];
    expectTypeOf<Hit['Name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Hit>().not.toHaveProperty('Nmae');
    const typed = {} as Account;
    // @ts-expect-error `Nmae` is no field of an account
    void typed.Nmae;
    expectTypeOf(typed.Id).toEqualTypeOf<string>();
    expectTypeOf<Account['attributes']['type']>().toEqualTypeOf<string>();
    expectTypeOf(typed.Name).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(typed.BillingAddress?.city).toEqualTypeOf<string | null | undefined>();
    expectTypeOf<NonNullable<Account['BillingAddress']>['city']>().toEqualTypeOf<string | null>();
    // The documented ways to a custom field: an intersection, or widening the record.
    expectTypeOf((typed as Account & { Score__c?: number | null }).Score__c).toEqualTypeOf<
      number | null | undefined
    >();
    const raw: Record<string, unknown> = typed;
    expectTypeOf(raw.Score__c).toEqualTypeOf<unknown>();
    // A caller's own SOQL selects its own fields: those stay `unknown` on purpose.
    expectTypeOf<QueryRow['Anything']>().toEqualTypeOf<unknown>();
    expectTypeOf<ReportRun['factMap'][string]['aggregates']>().toEqualTypeOf<
      { label: string | null; value: unknown }[] | undefined
    >();
  });

  it('parses a record, keeping its custom fields', () => {
    expect(records.AccountSchema.parse(account)).toStrictEqual(account);
    expect(compileRecordCheck(records.AccountSchema)?.(account)).toBe(true);
    expect(records.AccountSchema.safeParse({ ...account, Id: undefined }).error?.issues[0]?.path).toEqual([
      'Id',
    ]);
  });

  it('keeps the old schema names one minor version as aliases of the new ones', () => {
    expect(records.AccountRecord).toBe(records.AccountSchema);
    expect(records.SalesforceAttributes).toBe(records.SObjectAttributesSchema);
  });

  it("every record schema compiles to the kit's record check, so pages are used as they came", () => {
    for (const [name, schema] of Object.entries(records)) {
      if (name.endsWith('Schema')) expect(compileRecordCheck(schema as never), name).toBeTypeOf('function');
    }
  });
});
