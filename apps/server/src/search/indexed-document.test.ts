import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { describe, expect, it } from 'vitest';
import { collectionLayout } from './collection-layout';
import { indexedDocument } from './indexed-document';

const layout = collectionLayout(SEARCHABLE_FIELDS.tasks);

describe('indexed documents', () => {
  it('keeps searchable fields, typed columns and word statistics', () => {
    const document = indexedDocument(layout, {
      gid: '1',
      name: 'Launch the launch plan',
      notes: 'Café',
      completed: false,
      assignee: { gid: '9', resource_type: 'user' },
      unknown_field: 'dropped',
    })!;
    expect(document.data).toEqual({
      gid: '1',
      name: 'Launch the launch plan',
      notes: 'Café',
      completed: false,
      assignee: { gid: '9', resource_type: 'user' },
    });
    expect(document.hot).toMatchObject({
      name: 'Launch the launch plan',
      completed: false,
      assignee_gid: '9',
      due_on: null,
    });
    expect(document.terms).toEqual({
      'name:launch': 2,
      'name:the': 1,
      'name:plan': 1,
      '#name': 4,
      'notes:cafe': 1,
      '#notes': 1,
    });
  });

  it('stores values of another type than declared as null, so columns and JSON agree', () => {
    const document = indexedDocument(layout, {
      gid: '2',
      completed: 'yes',
      assignee: { gid: 7 },
      num_subtasks: 'many',
    })!;
    expect(document.data).toEqual({ gid: '2', completed: null, assignee: { gid: null }, num_subtasks: null });
    expect(document.hot.completed).toBeNull();
    expect(document.hot.assignee_gid).toBeNull();
    expect(document.coerced).toBe(3);
  });

  it('refuses records without a gid and notices content changes', () => {
    expect(indexedDocument(layout, { name: 'x' })).toBeUndefined();
    const a = indexedDocument(layout, { gid: '3', name: 'a' })!;
    const b = indexedDocument(layout, { gid: '3', name: 'b' })!;
    expect(a.contentHash).not.toBe(b.contentHash);
    expect(indexedDocument(layout, { gid: '3', name: 'a' })!.contentHash).toBe(a.contentHash);
  });
});

describe('indexed documents with NUL characters', () => {
  it('store U+FFFD instead, which both stores can hold', () => {
    const document = indexedDocument(layout, { gid: '5', name: 'a\u0000b', tags: [{ name: '\u0000' }] })!;
    expect(document.data).toEqual({ gid: '5', name: 'a\uFFFDb', tags: [{ name: '\uFFFD' }] });
    expect(document.dataJson).not.toContain('\\u0000');
  });
});

describe('typed columns of records with NUL characters', () => {
  it('hold the cleaned value too', () => {
    expect(indexedDocument(layout, { gid: '6', name: 'x\u0000' })!.hot.name).toBe('x\uFFFD');
  });
});
