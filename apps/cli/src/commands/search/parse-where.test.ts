import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { parseSearchParams } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { parseWhere, WhereError } from './parse-where';

const tasks = SEARCHABLE_FIELDS.tasks;

function fault(text: string): WhereError {
  try {
    parseWhere(text, tasks);
  } catch (error) {
    expect(error).toBeInstanceOf(WhereError);
    return error as WhereError;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe('parseWhere', () => {
  it('reads the example of the help into the DSL, typed by the fields', () => {
    expect(
      parseWhere('completed=false and assignee.gid=123 and due_on>=2025-01-01 and name~"launch"', tasks),
    ).toEqual({
      and: [
        { eq: { completed: false } },
        { eq: { 'assignee.gid': '123' } },
        { gte: { due_on: '2025-01-01' } },
        { like: { name: 'launch' } },
      ],
    });
  });

  it('maps every operator', () => {
    const cases: [string, unknown][] = [
      ['name=x', { eq: { name: 'x' } }],
      ['name!=x', { neq: { name: 'x' } }],
      ['num_likes>1', { gt: { num_likes: 1 } }],
      ['num_likes>=1', { gte: { num_likes: 1 } }],
      ['num_likes<1', { lt: { num_likes: 1 } }],
      ['num_likes<=1', { lte: { num_likes: 1 } }],
      ['name~launch%', { like: { name: 'launch%' } }],
      ['name~~onbording', { fuzzy: { name: 'onbording' } }],
      ['notes?invoice', { keyword: { notes: 'invoice' } }],
      ['gid in (1, 2,3)', { in: { gid: ['1', '2', '3'] } }],
      ['gid not in (1)', { not: { in: { gid: ['1'] } } }],
      ['not completed=true', { not: { eq: { completed: true } } }],
    ];
    for (const [text, expected] of cases) expect(parseWhere(text, tasks), text).toEqual(expected);
  });

  it('binds not tighter than and, and tighter than or; parentheses override', () => {
    expect(parseWhere('name=a or name=b and not completed=true', tasks)).toEqual({
      or: [{ eq: { name: 'a' } }, { and: [{ eq: { name: 'b' } }, { not: { eq: { completed: true } } }] }],
    });
    expect(parseWhere('(name=a or name=b) and completed=false', tasks)).toEqual({
      and: [{ or: [{ eq: { name: 'a' } }, { eq: { name: 'b' } }] }, { eq: { completed: false } }],
    });
    expect(parseWhere('not (name=a or name=b)', tasks)).toEqual({
      not: { or: [{ eq: { name: 'a' } }, { eq: { name: 'b' } }] },
    });
    // Nested groups of the same kind flatten; keywords are case-insensitive.
    expect(parseWhere('name=a AND (name=b And name=c) OR (name=d or name=e)', tasks)).toEqual({
      or: [
        { and: [{ eq: { name: 'a' } }, { eq: { name: 'b' } }, { eq: { name: 'c' } }] },
        { eq: { name: 'd' } },
        { eq: { name: 'e' } },
      ],
    });
  });

  it('reads quoted text with blanks, operators, keywords and escapes', () => {
    expect(parseWhere(`name="launch and (plan) = ok"`, tasks)).toEqual({
      eq: { name: 'launch and (plan) = ok' },
    });
    expect(parseWhere(`name='it\\'s "done"'`, tasks)).toEqual({ eq: { name: `it's "done"` } });
    expect(parseWhere(`notes~"line\\nbreak"`, tasks)).toEqual({ like: { notes: 'line\nbreak' } });
    expect(parseWhere(`name = 'null'`, tasks)).toEqual({ eq: { name: 'null' } });
    expect(parseWhere('due_at>=2025-01-01T10:00:00+02:00', tasks)).toEqual({
      gte: { due_at: '2025-01-01T10:00:00+02:00' },
    });
  });

  it('types values by the field: strings, integers, booleans, null, and sub-fields', () => {
    expect(parseWhere('name=123', tasks)).toEqual({ eq: { name: '123' } });
    expect(parseWhere('num_subtasks=-2', tasks)).toEqual({ eq: { num_subtasks: -2 } });
    expect(parseWhere('completed=TRUE', tasks)).toEqual({ eq: { completed: true } });
    expect(parseWhere('assignee=null and due_on!=NULL', tasks)).toEqual({
      and: [{ eq: { assignee: null } }, { neq: { due_on: null } }],
    });
    expect(parseWhere('tags.name in (urgent, "blocked")', tasks)).toEqual({
      in: { 'tags.name': ['urgent', 'blocked'] },
    });
    expect(parseWhere('custom_fields.number_value>5 and parent.completed=false', tasks)).toEqual({
      and: [{ gt: { 'custom_fields.number_value': 5 } }, { eq: { 'parent.completed': false } }],
    });
    expect(parseWhere('assignee.gid="true"', tasks)).toEqual({ eq: { 'assignee.gid': 'true' } });
  });

  it('produces what the service accepts', () => {
    const filter = parseWhere(
      'not completed=true and (assignee.gid=1 or assignee=null) and num_likes>=0 and name~~plan and tags.gid in (1,2)',
      tasks,
    );
    expect(() => parseSearchParams({ query: { filter } }, tasks)).not.toThrow();
  });

  it('names the position of syntax errors', () => {
    expect(fault('completed=').message).toBe('expected a value after "=", got the end of the expression');
    expect(fault('completed=').column).toBe(11);
    expect(fault('completed false')).toMatchObject({
      message: expect.stringContaining('expected an operator after "completed"'),
      column: 11,
    });
    expect(fault('(name=a or name=b')).toMatchObject({
      message: 'the "(" at column 1 is not closed',
      column: 18,
    });
    expect(fault('name=a) and x')).toMatchObject({ message: '")" closes no "("', column: 7 });
    expect(fault('name=a name=b')).toMatchObject({
      message: 'expected "and" or "or" before "name"',
      column: 8,
    });
    expect(fault('name="open')).toMatchObject({
      message: 'the string opened with " is not closed',
      column: 6,
    });
    expect(fault('name!x').column).toBe(5);
    expect(fault('and name=x').message).toBe('expected a field name, got "and"');
    expect(fault('gid in ()').message).toBe('in (…) needs at least one value');
    expect(fault('gid in (1 2)')).toMatchObject({ column: 11 });
    expect(fault('   ').message).toBe('the expression is empty');
  });

  it('names the field and the position of typing errors', () => {
    expect(fault('complted=true')).toMatchObject({
      message: 'unknown field "complted"; did you mean completed?',
      column: 1,
    });
    expect(fault('completed=flase')).toMatchObject({
      message: '"completed" (a boolean field) needs true or false, got "flase"',
      column: 11,
    });
    expect(fault('completed="true"').message).toContain('needs true or false');
    expect(fault('num_likes=many').message).toBe(
      '"num_likes" (an integer field) needs an integer, got "many"',
    );
    expect(fault('num_likes=1.5').message).toContain('needs an integer');
    expect(fault('completed>true').message).toContain('has no order');
    expect(fault('completed~yes').message).toContain('is not text');
    expect(fault('assignee=5').message).toContain('compare one of its sub-fields instead, e.g. assignee.gid');
    expect(fault('name.first=x')).toMatchObject({
      message: '"name" is a string field with no sub-fields',
      column: 5,
    });
    expect(fault('due_on>null').message).toContain('null can only be compared with = or !=');
  });
});
