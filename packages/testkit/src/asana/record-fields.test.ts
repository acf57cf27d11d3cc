import { describe, expect, it } from 'vitest';
import { parseOptFields, projectRecord, type ResolveReference } from './opt-fields';
import { ABSENT, RecordFields } from './record-fields';

interface Row {
  gid: string;
  title: string;
  secret?: string;
  owner: string;
}

const built: string[] = [];
const track =
  <T>(name: string, build: (row: Row) => T) =>
  (row: Row): T => {
    built.push(name);
    return build(row);
  };

const ROW_FIELDS = new RecordFields<Row>([
  { name: 'gid', build: track('gid', (row) => row.gid) },
  { name: 'resource_type', build: track('resource_type', () => 'thing') },
  { name: 'title', build: track('title', (row) => row.title) },
  { name: 'secret', build: track('secret', (row) => row.secret ?? ABSENT) },
  { name: 'audit', optIn: true, build: track('audit', () => ({ level: 'full', by: 'system' })) },
  { name: 'owner', build: track('owner', (row) => ({ gid: row.owner, resource_type: 'user', name: 'Ann' })) },
]);

const resolve: ResolveReference = (reference) =>
  reference.resource_type === 'user'
    ? { gid: reference.gid, resource_type: 'user', name: 'Ann', email: 'ann@example.test' }
    : undefined;

const plain: Row = { gid: '1', title: 'Plain', owner: '9' };
const withSecret: Row = { gid: '2', title: 'Hidden', secret: 's3', owner: '9' };

function tree(optFields: string) {
  const parsed = parseOptFields(new URLSearchParams({ opt_fields: optFields }));
  if (parsed === undefined) throw new Error('no opt_fields');
  return parsed;
}

describe('RecordFields', () => {
  it('builds the full record in table order, leaving out absent and (unless asked) opt-in fields', () => {
    expect(JSON.stringify(ROW_FIELDS.full(plain, false))).toBe(
      '{"gid":"1","resource_type":"thing","title":"Plain","owner":{"gid":"9","resource_type":"user","name":"Ann"}}',
    );
    expect(Object.keys(ROW_FIELDS.full(withSecret, true))).toEqual([
      'gid',
      'resource_type',
      'title',
      'secret',
      'audit',
      'owner',
    ]);
  });

  it('builds only the requested fields', () => {
    built.length = 0;
    expect(ROW_FIELDS.projection(tree('title'))(plain, resolve)).toEqual({ gid: '1', title: 'Plain' });
    expect(built).toEqual(['gid', 'title']);
  });

  it.each([
    'title',
    'owner.email,title',
    'title,resource_type,gid',
    'secret,audit,audit.level',
    'owner,owner.(name|email),secret',
    'this.audit',
    'nothing_like_it,title',
    'title,constructor',
    '__proto__,title',
    'owner.constructor',
    '',
  ])('answers %j byte for byte like projecting the full record', (optFields) => {
    const fields = tree(optFields);
    const project = ROW_FIELDS.projection(fields);
    for (const row of [plain, withSecret]) {
      const expected = projectRecord(ROW_FIELDS.full(row, true), fields, resolve);
      expect(JSON.stringify(project(row, resolve))).toBe(JSON.stringify(expected));
    }
  });
});
