import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { CliError } from '../../framework/cli-error';
import { describeFields } from '../../introspect/field-description';
import { jsonSchemaOf } from '../../introspect/json-schema';
import { buildParams } from './build-params';

const fields = describeFields(
  jsonSchemaOf(
    z.strictObject({
      project: z.string().regex(/^\d+$/).optional(),
      limit: z.int().min(1).max(100).optional(),
      ratio: z.number().optional(),
      archived: z.boolean().optional(),
      sort_by: z.enum(['due_date', 'created_at']).optional(),
      'assignee.any': z.string().optional(),
      query: z.looseObject({}).optional(),
      fields: z.array(z.string()).nullish(),
      ids: z.array(z.int()).optional(),
      cursor: z.string().nullish(),
      extra: z.unknown().optional(),
    }),
    'input',
  ),
);

const build = (pairs: string[], json?: string) => buildParams(fields, { pairs, json }, 'asana tasks list');

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

describe('buildParams', () => {
  it('keeps strings as written, even when they look like numbers', () => {
    expect(build(['project=1204306707626567'])).toEqual({ project: '1204306707626567' });
  });

  it('coerces integers, numbers and booleans by the declared type', () => {
    expect(build(['limit=25', 'ratio=0.5', 'archived=false'])).toEqual({
      limit: 25,
      ratio: 0.5,
      archived: false,
    });
    expect(build(['archived=yes']).archived).toBe(true);
    expect(build(['archived=0']).archived).toBe(false);
    expect(build(['limit=+7']).limit).toBe(7);
  });

  it('names the param and the expected type when a value cannot be coerced (exit 5, as invalid params)', () => {
    const error = usage(() => build(['limit=ten']));
    expect(error.message).toBe('--param limit: expected an integer, got "ten"');
    expect(error.exitCode).toBe(5);
    expect(error.details).toEqual([
      { field: 'params.limit', message: 'expected an integer', error_code: 'invalid_param_value' },
    ]);
    expect(usage(() => build(['limit=2.5'])).message).toBe('--param limit: expected an integer, got "2.5"');
    expect(usage(() => build(['ratio=abc'])).message).toBe('--param ratio: expected a number, got "abc"');
    expect(usage(() => build(['ratio='])).message).toBe('--param ratio: expected a number, got ""');
    expect(usage(() => build(['archived=maybe'])).message).toBe(
      '--param archived: expected true or false, got "maybe"',
    );
    expect(usage(() => build(['query=[1]'])).message).toBe(
      '--param query: expected a JSON object, got "[1]"',
    );
  });

  it('checks enum values', () => {
    expect(build(['sort_by=due_date'])).toEqual({ sort_by: 'due_date' });
    expect(usage(() => build(['sort_by=name'])).message).toBe(
      '--param sort_by: expected one of due_date, created_at, got "name"',
    );
  });

  it('takes keys literally, dots included, and values up to the end (= included)', () => {
    expect(build(['assignee.any=1,2', 'cursor=a=b=='])).toEqual({ 'assignee.any': '1,2', cursor: 'a=b==' });
  });

  it('parses JSON for object params and accepts null for nullable ones', () => {
    expect(build(['query={"filter":{"eq":{"completed":false}}}'])).toEqual({
      query: { filter: { eq: { completed: false } } },
    });
    expect(build(['cursor=null'])).toEqual({ cursor: null });
    expect(build(['extra=[1,2]', 'project=null'])).toEqual({ extra: [1, 2], project: 'null' });
    expect(build(['extra=plain text'])).toEqual({ extra: 'plain text' });
  });

  it('builds arrays from a JSON array or from repeated params, items coerced', () => {
    expect(build(['fields=["a","b"]'])).toEqual({ fields: ['a', 'b'] });
    expect(build(['fields=name', 'fields=assignee.name'])).toEqual({ fields: ['name', 'assignee.name'] });
    expect(build(['ids=1', 'ids=2'])).toEqual({ ids: [1, 2] });
    expect(usage(() => build(['ids=x'])).message).toBe('--param ids: expected an integer, got "x"');
  });

  it('refuses malformed pairs (exit 2), unknown params (exit 5, as a missing one) and repeats', () => {
    expect(usage(() => build(['limit'])).message).toBe('--param needs KEY=VALUE, got "limit"');
    expect(usage(() => build(['limit'])).exitCode).toBe(2);
    expect(usage(() => build(['=5'])).message).toBe('--param needs KEY=VALUE, got "=5"');
    const unknown = usage(() => build(['projct=1']));
    expect(unknown.message).toBe('asana tasks list has no param "projct"');
    expect(unknown.hint).toBe('did you mean project?');
    expect(unknown.exitCode).toBe(5);
    expect(usage(() => build(['limit=1', 'limit=2'])).message).toBe('--param limit is given more than once');
  });

  it('starts from --params-json and lets --param win', () => {
    expect(build(['limit=5'], '{"limit": 50, "project": "1"}')).toEqual({ limit: 5, project: '1' });
    expect(usage(() => build([], '[1]')).message).toContain('--params-json must be a JSON object');
    expect(usage(() => build([], '{nope')).message).toContain('--params-json must be a JSON object');
  });

  it('leaves params of --params-json to the action validation (typos there are reported with exit 5)', () => {
    expect(build([], '{"unknown": 1}')).toEqual({ unknown: 1 });
  });
});
