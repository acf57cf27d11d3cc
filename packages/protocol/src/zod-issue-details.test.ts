import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { formatJsonPath } from './json-path';
import { issuePath, zodIssueDetails } from './zod-issue-details';

const REQUEST = { errorCode: 'invalid_param', missingCode: 'missing_param' } as const;

function detailsOf(
  schema: z.ZodType,
  input: unknown,
  options: Partial<Parameters<typeof zodIssueDetails>[1]> = {},
) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return zodIssueDetails(result.error.issues, { ...REQUEST, input, ...options });
}

describe('zodIssueDetails', () => {
  it('names nested object fields by their dotted path, telling missing from wrong', () => {
    const schema = z.object({ owner: z.object({ name: z.string(), age: z.number() }) });
    expect(detailsOf(schema, { owner: { age: 'old' } })).toEqual([
      { field: 'owner.name', message: 'owner.name is required', error_code: 'missing_param' },
      {
        field: 'owner.age',
        message: expect.stringMatching(/^owner\.age: Invalid input: expected number/),
        error_code: 'invalid_param',
      },
    ]);
  });

  it('writes array indexes in brackets', () => {
    const schema = z.object({ items: z.array(z.object({ id: z.string() })) });
    expect(detailsOf(schema, { items: [{ id: 'a' }, {}] })).toEqual([
      { field: 'items[1].id', message: 'items[1].id is required', error_code: 'missing_param' },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    const schema = z.object({ 'a b': z.string() });
    expect(detailsOf(schema, { 'a b': 1 })[0]!.field).toBe('["a b"]');
  });

  it('names a failed union by the union field, as invalid', () => {
    const schema = z.object({ due: z.union([z.string(), z.number()]) });
    expect(detailsOf(schema, { due: true })).toEqual([
      { field: 'due', message: expect.stringMatching(/^due: /), error_code: 'invalid_param' },
    ]);
  });

  it('counts an absent union field as missing, not as a failed union', () => {
    const schema = z.object({ id: z.union([z.number(), z.string()]) });
    expect(detailsOf(schema, {}, { root: 'params', relativeMessages: true })).toEqual([
      { field: 'params.id', message: 'id is required', error_code: 'missing_param' },
    ]);
  });

  it('gives one detail per unknown key, under its object, with the caller message when given', () => {
    const schema = z.strictObject({ filter: z.strictObject({ eq: z.string().optional() }) });
    expect(detailsOf(schema, { filter: { ne: 'x', lt: 1 } })).toEqual([
      { field: 'filter.ne', message: 'unknown field "filter.ne"', error_code: 'invalid_param' },
      { field: 'filter.lt', message: 'unknown field "filter.lt"', error_code: 'invalid_param' },
    ]);
    const custom = detailsOf(
      schema,
      { filter: {}, other: 1 },
      { root: 'params', unknownKey: (key, at) => `${at.join('/')}: no ${key}` },
    );
    expect(custom).toEqual([
      { field: 'params.other', message: 'params: no other', error_code: 'invalid_param' },
    ]);
  });

  it('reports too_big and too_small as invalid, with the bound in the message', () => {
    const schema = z.object({ limit: z.int().min(1).max(100), name: z.string().min(2) });
    expect(detailsOf(schema, { limit: 500, name: 'x' })).toEqual([
      { field: 'limit', message: expect.stringMatching(/^limit: .*100/), error_code: 'invalid_param' },
      { field: 'name', message: expect.stringMatching(/^name: .*2/), error_code: 'invalid_param' },
    ]);
  });

  it('reports an invalid enum value as invalid, listing the options', () => {
    const schema = z.object({ direction: z.enum(['asc', 'desc']) });
    expect(detailsOf(schema, { direction: 'up' })).toEqual([
      {
        field: 'direction',
        message: expect.stringMatching(/^direction: .*"asc"/),
        error_code: 'invalid_param',
      },
    ]);
  });

  it('puts fields under root, and can name them from inside the value in messages', () => {
    const schema = z.object({ token: z.string() });
    expect(
      detailsOf(
        schema,
        {},
        { root: 'credentials', errorCode: 'invalid_credentials', missingCode: undefined },
      ),
    ).toEqual([
      {
        field: 'credentials.token',
        message: 'credentials.token is required',
        error_code: 'invalid_credentials',
      },
    ]);
    expect(detailsOf(schema, {}, { root: 'params', relativeMessages: true })).toEqual([
      { field: 'params.token', message: 'token is required', error_code: 'missing_param' },
    ]);
  });

  it('keeps a refinement message that already names its field, and counts it missing when absent', () => {
    const schema = z
      .object({ a: z.string().optional() })
      .refine((value) => value.a !== undefined, { error: 'a is required unless b is given', path: ['a'] });
    expect(detailsOf(schema, {})).toEqual([
      { field: 'a', message: 'a is required unless b is given', error_code: 'missing_param' },
    ]);
  });

  it('gives a fault of the whole value no field', () => {
    expect(detailsOf(z.object({}), 'text')).toEqual([
      { message: expect.stringMatching(/^request body: /), error_code: 'invalid_param' },
    ]);
    expect(detailsOf(z.object({}), 'text', { whole: 'response body' })[0]!.message).toMatch(
      /^response body: /,
    );
  });

  it('counts nothing missing without an input (an upstream response)', () => {
    const result = z.object({ data: z.array(z.object({ gid: z.string() })) }).safeParse({ data: [{}] });
    expect(zodIssueDetails(result.error!.issues, { errorCode: 'invalid_response' })).toEqual([
      {
        field: 'data[0].gid',
        message: expect.stringMatching(/^data\[0\]\.gid: Invalid input/),
        error_code: 'invalid_response',
      },
    ]);
  });

  it('reads Standard Schema paths with { key } steps', () => {
    const issue = { message: 'Required', path: ['data', { key: 0 }, { key: 'gid' }] };
    expect(formatJsonPath(issuePath(issue))).toBe('data[0].gid');
    expect(zodIssueDetails([issue], { errorCode: 'invalid_response' })).toEqual([
      { field: 'data[0].gid', message: 'data[0].gid: Required', error_code: 'invalid_response' },
    ]);
  });
});
