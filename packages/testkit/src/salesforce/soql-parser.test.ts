import { describe, expect, it } from 'vitest';
import { generateSalesforceDataset } from './generate-salesforce-dataset';
import { compileSoql } from './soql-engine';
import { SoqlError } from './soql-error';
import { tokenizeSoql } from './soql-lexer';
import { parseSoql } from './soql-parser';

function refusal(run: () => unknown): SoqlError {
  try {
    run();
  } catch (error) {
    if (error instanceof SoqlError) return error;
    throw error;
  }
  throw new Error('expected a SoqlError');
}

describe('tokenizer', () => {
  it('decodes string escapes and keeps the raw text for LIKE', () => {
    const [token] = tokenizeSoql("'O\\'Brien \\\\ \\n \\u00e9 50\\%'");
    expect(token?.value).toBe("O'Brien \\ \n é 50%");
    expect(token?.raw).toBe("O\\'Brien \\\\ \\n \\u00e9 50\\%");
  });

  it('reads dates, datetimes with offsets, numbers and counted date functions', () => {
    const tokens = tokenizeSoql(
      '2024-01-31 2024-01-31T10:00:00Z 2024-01-31T10:00:00.000+02:00 -1.5 LAST_N_DAYS:30',
    );
    expect(tokens.map((token) => token.kind)).toEqual([
      'date',
      'datetime',
      'datetime',
      'number',
      'ident',
      'eof',
    ]);
    expect(tokens[2]?.value).toBe(Date.parse('2024-01-31T08:00:00Z'));
    expect(tokens[3]?.value).toBe(-1.5);
    expect(tokens[4]?.text).toBe('LAST_N_DAYS:30');
  });

  it('refuses illegal escapes and unterminated strings', () => {
    expect(refusal(() => tokenizeSoql("'a\\qb'")).errorCode).toBe('MALFORMED_QUERY');
    expect(refusal(() => tokenizeSoql("Name = 'open")).errorCode).toBe('MALFORMED_QUERY');
    expect(refusal(() => tokenizeSoql('Name = ;')).errorCode).toBe('MALFORMED_QUERY');
  });
});

describe('parser', () => {
  it('parses the full clause set', () => {
    const query = parseSoql(
      "select Id, Account.Name, FIELDS(STANDARD) from Contact where (Email like '%@acme.com' or Name in ('a', 'b')) and not IsDeleted = true order by LastName desc nulls first, Id limit 10 offset 5",
    );
    expect(query.from.name).toBe('Contact');
    expect(query.select.map((item) => item.kind)).toEqual(['field', 'field', 'fields']);
    expect(query.where?.kind).toBe('and');
    expect(query.orderBy).toMatchObject([
      { descending: true, nullsLast: false },
      { descending: false, nullsLast: false },
    ]);
    expect(query.limit).toBe(10);
    expect(query.offset).toBe(5);
  });

  it('answers unexpected token with the long form: echo, caret, row and column', () => {
    const error = refusal(() => parseSoql('SELECT Id FRM Account'));
    expect(error.errorCode).toBe('MALFORMED_QUERY');
    expect(error.message).toBe(
      '\nSELECT Id FRM Account\n          ^\nERROR at Row:1:Column:11\nunexpected token: FRM',
    );
    expect(refusal(() => parseSoql('SELECT Id FROM')).reason).toBe('unexpected token: <EOF>');
    expect(refusal(() => parseSoql('SELECT FROM Account')).reason).toBe('unexpected token: FROM');
  });

  it('refuses AND and OR mixed without parentheses', () => {
    const error = refusal(() =>
      parseSoql("SELECT Id FROM Account WHERE Name = 'a' AND Type = 'b' OR Industry = 'c'"),
    );
    expect(error.reason).toBe('unexpected token: OR');
    expect(() =>
      parseSoql("SELECT Id FROM Account WHERE Name = 'a' AND (Type = 'b' OR Industry = 'c')"),
    ).not.toThrow();
  });
});

describe('engine', () => {
  const data = generateSalesforceDataset({ seed: 5, referenceTime: Date.parse('2026-03-01T12:00:00Z') });
  data.now = () => Date.parse('2026-03-01T12:00:00Z');
  const rows = (soql: string) => compileSoql(data, soql).run(false);

  it('filters with comparison, IN, LIKE and parentheses, case-insensitively for strings', () => {
    expect(rows("SELECT Id FROM Account WHERE Name = 'acme corporation'")).toHaveLength(1);
    expect(rows("SELECT Id FROM Account WHERE Industry IN ('Retail', 'Energy')")).toHaveLength(3);
    expect(rows("SELECT Id FROM Account WHERE Industry NOT IN ('Retail', 'Energy')")).toHaveLength(9);
    expect(rows("SELECT Id FROM Account WHERE Name LIKE 'glo%'")).toHaveLength(1);
    expect(
      rows(
        "SELECT Id FROM Account WHERE NumberOfEmployees >= 5000 AND (Industry = 'Energy' OR Industry = 'Healthcare')",
      ),
    ).toHaveLength(2);
    expect(rows('SELECT Id FROM Lead WHERE ConvertedDate = null')).toHaveLength(8);
    expect(rows('SELECT Id FROM Lead WHERE ConvertedDate != null')).toHaveLength(2);
  });

  it('treats an escaped quote as part of the literal, never as the end of it', () => {
    data.insert('Account', { Name: "O'Brien & Sons" });
    expect(rows("SELECT Id FROM Account WHERE Name = 'O\\'Brien & Sons'")).toHaveLength(1);
    // A classic injection stays inside the literal: no account is named like this.
    expect(rows("SELECT Id FROM Account WHERE Name = 'x\\' OR Name != \\'x'")).toHaveLength(0);
  });

  it('honours \\% and \\_ as literal characters in LIKE', () => {
    data.insert('Account', { Name: '100% Organic' });
    data.insert('Account', { Name: '1000 Organic' });
    expect(rows("SELECT Id FROM Account WHERE Name LIKE '100\\%%'")).toHaveLength(1);
    expect(rows("SELECT Id FROM Account WHERE Name LIKE '100_%'")).toHaveLength(2);
  });

  it('orders with nulls first ascending and applies OFFSET and LIMIT', () => {
    const names = rows('SELECT Name FROM Account ORDER BY Name ASC LIMIT 3 OFFSET 1').map(
      (record) => record.Name,
    );
    const all = rows('SELECT Name FROM Account ORDER BY Name').map((record) => record.Name);
    expect(names).toEqual(all.slice(1, 4));
    const closed = rows('SELECT Id, ClosedDate FROM Case ORDER BY ClosedDate');
    expect(closed[0]?.ClosedDate ?? null).toBeNull();
    const last = rows('SELECT Id, ClosedDate FROM Case ORDER BY ClosedDate DESC');
    expect(last.at(-1)?.ClosedDate ?? null).toBeNull();
  });

  it('compares datetimes and date functions', () => {
    expect(rows('SELECT Id FROM Account WHERE CreatedDate > 2026-02-01T00:00:00Z').length).toBeGreaterThan(0);
    expect(rows('SELECT Id FROM Account WHERE CreatedDate > 2027-01-01T00:00:00Z')).toHaveLength(0);
    expect(rows('SELECT Id FROM Account WHERE CreatedDate = LAST_N_DAYS:30').length).toBeGreaterThan(0);
    expect(rows('SELECT Id FROM Opportunity WHERE CloseDate < TODAY').length).toBeGreaterThan(0);
  });

  it('projects relationship fields as nested records with attributes', () => {
    const query = compileSoql(
      data,
      "SELECT Id, Account.Name, Owner.Email FROM Contact WHERE Email LIKE '%acme%' LIMIT 1",
    );
    const [record] = query.run(false);
    const json = query.project(record!, '/services/data/v62.0');
    expect(json).toMatchObject({
      attributes: { type: 'Contact', url: `/services/data/v62.0/sobjects/Contact/${record!.Id}` },
      Account: { attributes: { type: 'Account' }, Name: 'Acme Corporation' },
      Owner: { attributes: { type: 'User' } },
    });
    expect(Object.keys(json)).toEqual(['attributes', 'Id', 'Account', 'Owner']);
  });

  it('expands FIELDS(STANDARD) to standard fields only and limits FIELDS(ALL)', () => {
    const query = compileSoql(data, 'SELECT FIELDS(STANDARD) FROM Account');
    const json = query.project(query.run(false)[0]!, '/services/data/v62.0');
    expect(json).toHaveProperty('BillingAddress');
    expect(json).not.toHaveProperty('Tier__c');
    expect(refusal(() => compileSoql(data, 'SELECT FIELDS(ALL) FROM Account')).reason).toMatch(
      /LIMIT of at most 200/,
    );
    expect(
      compileSoql(data, 'SELECT FIELDS(CUSTOM) FROM Account LIMIT 5').project(query.run(false)[0]!, '/v'),
    ).toHaveProperty('Tier__c');
  });

  it('refuses unknown objects, fields, relationships, ill-typed literals and bad ids with the real codes', () => {
    const type = refusal(() => compileSoql(data, 'SELECT Id FROM Widget__c'));
    expect(type.errorCode).toBe('INVALID_TYPE');
    expect(type.message).toContain("sObject type 'Widget__c' is not supported.");
    const field = refusal(() => compileSoql(data, 'SELECT Id, Foo FROM Account'));
    expect(field.errorCode).toBe('INVALID_FIELD');
    expect(field.message).toMatch(
      /^\nSELECT Id, Foo FROM Account\n {11}\^\nERROR at Row:1:Column:12\nNo such column 'Foo' on entity 'Account'\./,
    );
    expect(refusal(() => compileSoql(data, 'SELECT Boss.Name FROM Contact')).reason).toMatch(
      /^Didn't understand relationship 'Boss'/,
    );
    expect(
      refusal(() => compileSoql(data, "SELECT Id FROM Account WHERE NumberOfEmployees = '5'")).reason,
    ).toBe(
      "value of filter criterion for field 'NumberOfEmployees' must be of type integer and should not be enclosed in quotes",
    );
    expect(refusal(() => compileSoql(data, 'SELECT Id FROM Account WHERE Name = 5')).errorCode).toBe(
      'INVALID_FIELD',
    );
    const id = refusal(() => compileSoql(data, "SELECT Id FROM Account WHERE Id = 'xyz'"));
    expect(id.errorCode).toBe('INVALID_QUERY_FILTER_OPERATOR');
    expect(id.reason).toBe('invalid ID field: xyz');
    expect(refusal(() => compileSoql(data, 'SELECT Id FROM Account OFFSET 2001')).errorCode).toBe(
      'NUMBER_OUTSIDE_VALID_RANGE',
    );
    expect(refusal(() => compileSoql(data, 'SELECT Id, Id FROM Account')).reason).toBe(
      'duplicate field selected: Id',
    );
  });

  it("takes Id ranges (the Bulk API guide's PK chunking queries) in ORDER BY Id's order, booleans only equality", () => {
    const ids = rows('SELECT Id FROM Account ORDER BY Id ASC').map((row) => row.Id);
    expect(ids.length).toBeGreaterThan(5);
    expect(
      rows(`SELECT Id FROM Account WHERE Id > '${ids[2]}' ORDER BY Id ASC LIMIT 2`).map((row) => row.Id),
    ).toEqual(ids.slice(3, 5));
    expect(rows(`SELECT Id FROM Account WHERE Id >= '${ids[1]}' AND Id < '${ids[4]}'`)).toHaveLength(3);
    expect(refusal(() => compileSoql(data, 'SELECT Id FROM Account WHERE IsDeleted > false')).errorCode).toBe(
      'INVALID_QUERY_FILTER_OPERATOR',
    );
  });

  it('accepts 15-character ids for 18-character ones', () => {
    const account = data.records('Account')[0]!;
    expect(rows(`SELECT Id FROM Account WHERE Id = '${account.Id.slice(0, 15)}'`)).toHaveLength(1);
  });

  it('hides deleted rows unless asked (queryAll)', () => {
    const lead = data.records('Lead')[0]!;
    data.delete(lead.Id);
    expect(compileSoql(data, 'SELECT Id FROM Lead').run(false)).toHaveLength(9);
    expect(compileSoql(data, 'SELECT Id FROM Lead WHERE IsDeleted = true').run(true)).toHaveLength(1);
  });
});
