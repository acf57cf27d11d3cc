import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../framework/cli-error';
import { buildSearchParams, parseSort } from './build-search-params';

const tasks = SEARCHABLE_FIELDS.tasks;
const base = { sort: [], fields: [], defaultLimit: 50 };

/** The CLI error `run` throws: a usage error (exit 2) or invalid params (exit 5). */
function usage(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('expected a CLI error');
}

describe('buildSearchParams', () => {
  it('combines --where, --sort, --fields, --limit and --cursor', () => {
    expect(
      buildSearchParams(
        {
          ...base,
          where: 'completed=false',
          sort: ['due_on', 'name:DESC'],
          fields: ['gid,name', 'assignee.name'],
          limit: '20',
          cursor: 'c1',
        },
        tasks,
      ),
    ).toEqual({
      query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }, { name: 'desc' }] },
      limit: 20,
      cursor: 'c1',
      fields: ['gid', 'name', 'assignee.name'],
    });
    expect(buildSearchParams(base, tasks)).toEqual({ query: {}, limit: 50 });
  });

  it('takes the query as JSON, with a filter or a sort the flags do not repeat', () => {
    const query = { text: '{"filter": {"eq": {"completed": true}}}', origin: '--query' };
    expect(buildSearchParams({ ...base, query, sort: ['due_on'] }, tasks).query).toEqual({
      filter: { eq: { completed: true } },
      sort: [{ due_on: 'asc' }],
    });
    expect(usage(() => buildSearchParams({ ...base, query, where: 'completed=false' }, tasks)).message).toBe(
      'give the filter with --where or in --query, not both',
    );
    const sorted = { text: '{"sort": [{"name": "asc"}]}', origin: '--query-file q.json' };
    expect(usage(() => buildSearchParams({ ...base, query: sorted, sort: ['gid'] }, tasks)).message).toBe(
      'give the sort with --sort or in --query-file q.json, not both',
    );
    expect(
      usage(() => buildSearchParams({ ...base, query: { text: '{"filter": ', origin: '--query' } }, tasks))
        .message,
    ).toMatch(/^--query is not valid JSON/);
    expect(
      usage(() => buildSearchParams({ ...base, query: { text: '[1]', origin: '--query' } }, tasks)).message,
    ).toContain('must be a JSON object');
  });

  it('points at the column of a --where fault in the hint', () => {
    const error = usage(() => buildSearchParams({ ...base, where: 'completed=maybe' }, tasks));
    expect(error.message).toBe(
      '--where: "completed" (a boolean field) needs true or false, got "maybe" (column 11)',
    );
    expect(error.hint).toBe(`completed=maybe\n${' '.repeat(16)}^`);
    expect(error.details).toEqual([expect.objectContaining({ field: 'where', error_code: 'invalid_where' })]);
    // A mistyped or unknown field is invalid input (exit 5, as in --query); bad syntax is usage (2).
    expect(error.exitCode).toBe(5);
    expect(usage(() => buildSearchParams({ ...base, where: 'nope=1' }, tasks)).exitCode).toBe(5);
    expect(usage(() => buildSearchParams({ ...base, where: 'completed=' }, tasks)).exitCode).toBe(2);
  });

  it('refuses --where without searchable fields, a bad limit and empty field paths', () => {
    expect(usage(() => buildSearchParams({ ...base, where: 'a=1' }, undefined)).hint).toBe(
      'give the filter as JSON with --query',
    );
    for (const limit of ['0', '10001', 'x', '1.5']) {
      expect(usage(() => buildSearchParams({ ...base, limit }, tasks)).message).toContain(
        '--limit needs an integer',
      );
    }
    expect(usage(() => buildSearchParams({ ...base, fields: ['gid,,name'] }, tasks)).message).toContain(
      '--fields',
    );
  });
});

describe('parseSort', () => {
  it('reads FIELD, FIELD:asc and FIELD:desc, repeated or comma-separated, in order', () => {
    expect(parseSort(['due_on:desc,name', 'assignee.name:asc'])).toEqual([
      { due_on: 'desc' },
      { name: 'asc' },
      { 'assignee.name': 'asc' },
    ]);
    expect(usage(() => parseSort(['due_on:up'])).message).toBe(
      '--sort needs FIELD or FIELD:asc or FIELD:desc, got "due_on:up"',
    );
    expect(usage(() => parseSort([':asc'])).message).toContain('--sort needs');
  });
});
