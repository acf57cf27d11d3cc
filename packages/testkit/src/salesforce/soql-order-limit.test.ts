import { describe, expect, it } from 'vitest';
import { generateSalesforceDataset } from './generate-salesforce-dataset';
import { compileSoql } from './soql-engine';

// `ORDER BY … LIMIT k` keeps only the first k rows instead of sorting the table; the rows and
// their order must be exactly those of a whole sort, ties in the table's order included.
describe('SOQL ORDER BY with LIMIT', () => {
  const data = generateSalesforceDataset({
    preset: 'empty',
    seed: 5,
    scale: { accounts: 50, contacts: 3000 },
  });
  // Some rows in the recycle bin: live queries leave them out, queryAll's keep them.
  for (const record of data.records('Contact').filter((_, index) => index % 97 === 0)) data.delete(record.Id);
  const ids = (soql: string, includeDeleted = false) =>
    compileSoql(data, soql)
      .run(includeDeleted)
      .map((record) => record.Id);

  it.each([
    'ORDER BY Id',
    'ORDER BY LastName',
    'ORDER BY LastName DESC',
    'ORDER BY Email DESC NULLS LAST, Id',
    'ORDER BY AccountId NULLS LAST',
    'ORDER BY CreatedDate DESC, LastName',
  ])('%s gives the first rows of the whole sort, in its order', (order) => {
    const all = ids(`SELECT Id FROM Contact ${order}`);
    expect(all.length).toBeGreaterThan(2000);
    for (const [limit, offset] of [
      [1, 0],
      [2, 0],
      [50, 0],
      [200, 100],
      [700, 0],
    ] as const) {
      const soql = `SELECT Id FROM Contact ${order} LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}`;
      expect(ids(soql), `${order} LIMIT ${limit} OFFSET ${offset}`).toEqual(
        all.slice(offset, offset + limit),
      );
      const withDeleted = ids(`SELECT Id FROM Contact ${order}`, true);
      expect(ids(soql, true), `${soql} (queryAll)`).toEqual(withDeleted.slice(offset, offset + limit));
    }
  });

  it('applies WHERE before keeping the first rows (a keyset page), with 15- and 18-character ids', () => {
    const all = ids('SELECT Id FROM Contact ORDER BY Id');
    const after = all[1000] as string;
    for (const literal of [after, after.slice(0, 15)]) {
      expect(ids(`SELECT Id FROM Contact WHERE Id > '${literal}' ORDER BY Id LIMIT 101`), literal).toEqual(
        all.slice(1001, 1102),
      );
      expect(ids(`SELECT Id FROM Contact WHERE Id >= '${literal}' ORDER BY Id LIMIT 3`), literal).toEqual(
        all.slice(1000, 1003),
      );
    }
    const named = compileSoql(data, 'SELECT Id, LastName FROM Contact ORDER BY Id').run(false);
    const lastName = named[1500]?.LastName as string;
    const matching = named
      .filter((row, index) => index > 1000 && row.LastName === lastName)
      .map((row) => row.Id);
    expect(
      ids(`SELECT Id FROM Contact WHERE LastName = '${lastName}' AND Id > '${after}' ORDER BY Id LIMIT 5`),
    ).toEqual(matching.slice(0, 5));
    expect(
      ids(`SELECT Id FROM Contact WHERE Id > '${after}' OR LastName = '${lastName}' ORDER BY Id LIMIT 1`),
    ).toEqual([named.find((row) => row.LastName === lastName || (row.Id as string) > after)?.Id]);
  });

  it('sorts a table an out-of-order id was inserted into, as before', () => {
    const mixed = generateSalesforceDataset({
      preset: 'empty',
      seed: 6,
      scale: { accounts: 5, contacts: 300 },
    });
    const prefix = String(mixed.records('Contact')[0]?.Id ?? '').slice(0, 3);
    // An id below every other one, inserted last: the table is no longer in Id order.
    const early = `${prefix}000000000000AAA`;
    mixed.insert('Contact', { Id: early, LastName: 'Early' });
    expect(mixed.inIdOrder('Contact')).toBe(false);
    const page = compileSoql(mixed, 'SELECT Id FROM Contact ORDER BY Id LIMIT 3')
      .run(false)
      .map((record) => record.Id);
    expect(page[0]).toBe(early);
    expect(page).toEqual(
      compileSoql(mixed, 'SELECT Id FROM Contact ORDER BY Id')
        .run(false)
        .slice(0, 3)
        .map((record) => record.Id),
    );
  });
});
