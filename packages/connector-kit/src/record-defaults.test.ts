import { describe, expect, it } from 'vitest';
import { applyRecordDefaults } from './record-defaults';

describe('applyRecordDefaults', () => {
  it('fills what each record lacks, keeps what it has, and leaves other values alone', () => {
    const body = { data: [{ gid: '1' }, { gid: '2', resource_type: 'milestone' }, 'odd', null] };
    applyRecordDefaults(body, 'data', { resource_type: 'task' });
    expect(body.data).toEqual([
      { gid: '1', resource_type: 'task' },
      { gid: '2', resource_type: 'milestone' },
      'odd',
      null,
    ]);
    const one = { data: { gid: '3' } };
    applyRecordDefaults(one, 'data', { resource_type: 'task' });
    expect(one.data).toEqual({ gid: '3', resource_type: 'task' });
    const untouched = { data: [{ gid: '4' }] };
    applyRecordDefaults(untouched, 'data', undefined);
    expect(untouched.data).toEqual([{ gid: '4' }]);
  });
});
