import { describe, expect, it } from 'vitest';
import { projectFields } from './projection';

const record = {
  gid: '1',
  name: 'Launch',
  assignee: { gid: '9', name: 'Kim' },
  followers: [{ gid: 'a', name: 'A' }, { name: 'B' }, 'stray'],
  tags: [],
};

describe('projection of data to fields', () => {
  it('keeps the paths asked for, with their structure', () => {
    expect(projectFields(record, [['name'], ['assignee', 'name']])).toEqual({
      name: 'Launch',
      assignee: { name: 'Kim' },
    });
  });

  it('reaches into arrays of objects, element by element', () => {
    expect(
      projectFields(record, [
        ['followers', 'gid'],
        ['followers', 'name'],
      ]),
    ).toEqual({
      followers: [{ gid: 'a', name: 'A' }, { name: 'B' }],
    });
  });

  it('keeps whole values when a path names them, whatever the order', () => {
    expect(projectFields(record, [['assignee', 'name'], ['assignee']])).toEqual({
      assignee: record.assignee,
    });
    expect(projectFields(record, [['tags']])).toEqual({ tags: [] });
  });

  it('leaves missing paths out', () => {
    expect(projectFields(record, [['notes'], ['assignee', 'email']])).toEqual({});
  });
});
