import { describe, expect, it } from 'vitest';
import { pathValues } from './path-values';

describe('values reached by a path', () => {
  it('descends into objects and through arrays', () => {
    const record = {
      memberships: [{ section: { name: 'A' } }, { section: null }, {}, { section: [{ name: 'B' }] }],
    };
    expect(pathValues(record, ['memberships', 'section', 'name'])).toEqual(['A', 'B']);
  });

  it('unwraps arrays at the end and keeps nulls', () => {
    expect(pathValues({ tags: ['x', null] }, ['tags'])).toEqual(['x', null]);
    expect(pathValues({ tags: [] }, ['tags'])).toEqual([]);
    expect(pathValues({ tags: null }, ['tags'])).toEqual([null]);
    expect(pathValues({}, ['tags'])).toEqual([]);
  });
});
