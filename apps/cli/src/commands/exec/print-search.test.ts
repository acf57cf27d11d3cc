import type { SearchHit } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { hitColumns, hitTableColumns } from './print-search';

const hit = (id: string, data: Record<string, unknown>): SearchHit => ({ id, score: 1, data });

describe('hitColumns', () => {
  it('shows the record’s identifier once: in the ID column, not again as gid, id or Id', () => {
    const asana = [hit('11', { gid: '11', name: 'Plan' }), hit('12', { gid: '12', name: 'Ship' })];
    expect(hitColumns(asana, {})).toEqual(['name']);
    const salesforce = [hit('003A', { Id: '003A', Email: 'a@b.test' })];
    expect(hitColumns(salesforce, {})).toEqual(['Email']);
    expect(hitTableColumns(hitColumns(salesforce, {})).map((column) => column.header)).toEqual([
      'ID',
      'SCORE',
      'EMAIL',
    ]);
    const zendesk = [hit('7', { id: 7, subject: 'Help' })];
    expect(hitColumns(zendesk, {})).toEqual(['subject']);
  });

  it('keeps a field that only sometimes equals the id, and the columns --fields asks for', () => {
    const hits = [hit('1', { gid: '1', parent: '1' }), hit('2', { gid: '2', parent: '1' })];
    expect(hitColumns(hits, {})).toEqual(['parent']);
    expect(hitColumns(hits, { columns: ['gid', 'parent'] })).toEqual(['gid', 'parent']);
  });
});
