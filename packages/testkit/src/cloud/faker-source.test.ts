import { describe, expect, it } from 'vitest';
import { fakerCatalog, fakerRecords, fakerSettings } from './faker-source';

describe('fakerSettings', () => {
  it('defaults to 1000 records and pins the random seed to 0', () => {
    expect(fakerSettings({})).toEqual({ count: 1000, seed: 0 });
    expect(fakerSettings({ count: 3, seed: -1 })).toEqual({ count: 3, seed: 0 });
    expect(fakerSettings({ count: 'x', seed: 9 })).toEqual({ count: 1000, seed: 9 });
  });
});

describe('fakerRecords', () => {
  it('is deterministic per seed and differs across seeds', () => {
    expect(fakerRecords('users', { count: 4, seed: 1 })).toEqual(
      fakerRecords('users', { count: 4, seed: 1 }),
    );
    expect(fakerRecords('users', { count: 4, seed: 1 })).not.toEqual(
      fakerRecords('users', { count: 4, seed: 2 }),
    );
  });

  it('numbers ids from 1 and never updates before creation', () => {
    for (const stream of ['users', 'products', 'purchases'] as const) {
      const records = fakerRecords(stream, { count: 25, seed: 3 });
      expect(records.map((record) => record.id)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
      for (const record of records) {
        expect(Date.parse(String(record.updated_at))).toBeGreaterThanOrEqual(
          Date.parse(String(record.created_at)),
        );
      }
    }
  });

  it('produces records that fit the catalog schema fields', () => {
    for (const stream of fakerCatalog()) {
      const fields = Object.keys(stream.jsonSchema.properties as object);
      const [record] = fakerRecords(stream.name as 'users', { count: 1, seed: 0 });
      expect(Object.keys(record ?? {}).sort()).toEqual([...fields].sort());
    }
  });
});
