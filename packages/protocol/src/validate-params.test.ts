import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineAction, defineConnector } from './connector-definition';
import { UnsupportedOperationError, ValidationError } from './errors/client-errors';
import { paramsWithAliases, resolveParamAliases } from './param-aliases';
import { resolveExecuteRequest, validateActionParams } from './validate-params';

const record = z.looseObject({ gid: z.string() });

const listTasks = defineAction({
  kind: 'list',
  description: 'List tasks',
  params: z.strictObject({
    limit: z.int().min(1).max(100).default(20),
    offset: z.string().optional(),
    project: z.string().optional(),
    section: z.string().optional(),
    workspace: z.string().optional(),
    assignee: z.string().optional(),
  }),
  rules: [
    {
      kind: 'one-of-groups',
      groups: [['project'], ['section'], ['workspace', 'assignee']],
      exclusive: true,
      message: 'give project, or section, or workspace and assignee',
    },
  ],
  record,
});

const searchByText = defineAction({
  kind: 'list',
  description: 'Search tasks of a workspace',
  params: z.strictObject({
    workspace_gid: z.string(),
    text: z.string().optional(),
    completed: z.boolean().optional(),
    'assignee.any': z.string().optional(),
  }),
  rules: [
    {
      kind: 'at-least-one',
      params: ['text', 'completed', 'assignee.any'],
      message: 'give at least one search parameter',
    },
  ],
  record,
});

const getTask = defineAction({
  kind: 'get',
  description: 'Get a task',
  params: z.strictObject({
    task_gid: z.string(),
    opt: z.strictObject({ fields: z.array(z.string()) }).optional(),
  }),
  record,
});

const definition = defineConnector({
  name: 'example',
  connectorType: 'task-management',
  displayName: 'Example',
  entities: {
    tasks: { description: 'Tasks', actions: { list: listTasks, get: getTask } },
    workspace_task_search: { description: 'Search', actions: { list: searchByText } },
  },
});

function failure(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('validateActionParams', () => {
  it('returns the parsed params with defaults applied', () => {
    expect(validateActionParams(listTasks, { project: '1' })).toEqual({ project: '1', limit: 20 });
  });

  it('treats absent params as {}', () => {
    expect(validateActionParams(getTask, { task_gid: '1' })).toEqual({ task_gid: '1' });
    const error = failure(() => validateActionParams(getTask, null));
    expect(error.details).toEqual([
      { field: 'params.task_gid', message: 'task_gid is required', error_code: 'missing_param' },
    ]);
  });

  it('refuses params that are not an object', () => {
    for (const params of ['x', 5, [1]]) {
      const error = failure(() => validateActionParams(getTask, params));
      expect(error.status).toBe(400);
      expect(error.details).toEqual([
        { field: 'params', message: 'params must be an object', error_code: 'invalid_param' },
      ]);
    }
  });

  it('refuses unknown keys, naming each', () => {
    const error = failure(() => validateActionParams(getTask, { task_gid: '1', color: 'red', size: 2 }));
    expect(error.code).toBe('invalid_param');
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { field: 'params.color', message: 'unknown parameter "color"', error_code: 'invalid_param' },
      { field: 'params.size', message: 'unknown parameter "size"', error_code: 'invalid_param' },
    ]);
  });

  it('tells a missing param from an invalid one', () => {
    const missing = failure(() => validateActionParams(getTask, {}));
    expect(missing.code).toBe('missing_param');
    expect(missing.message).toContain('task_gid');

    const invalid = failure(() => validateActionParams(getTask, { task_gid: 5 }));
    expect(invalid.code).toBe('invalid_param');
    expect(invalid.details).toHaveLength(1);
    expect(invalid.details[0]).toMatchObject({ field: 'params.task_gid', error_code: 'invalid_param' });
    expect(invalid.details[0]!.message).toMatch(/^task_gid: /);

    const mixed = failure(() => validateActionParams(listTasks, { limit: 'ten' }));
    expect(mixed.code).toBe('invalid_param');
  });

  it('names nested faults by their JSON path', () => {
    const error = failure(() => validateActionParams(getTask, { task_gid: '1', opt: { fields: ['a', 3] } }));
    expect(error.details[0]!.field).toBe('params.opt.fields[1]');
  });

  describe('one-of-groups', () => {
    it('accepts any one complete group', () => {
      expect(validateActionParams(listTasks, { section: 's' })).toMatchObject({ section: 's' });
      expect(validateActionParams(listTasks, { workspace: 'w', assignee: 'me' })).toMatchObject({
        workspace: 'w',
      });
    });

    it('names what is missing from the group the caller came closest to', () => {
      const error = failure(() => validateActionParams(listTasks, { workspace: 'w' }));
      expect(error.code).toBe('missing_param');
      expect(error.details).toEqual([
        {
          field: 'params.assignee',
          message: 'give project, or section, or workspace and assignee (missing: assignee)',
          error_code: 'missing_param',
        },
      ]);
    });

    it('names the first group when nothing is given', () => {
      const error = failure(() => validateActionParams(listTasks, {}));
      expect(error.details.map((detail) => detail.field)).toEqual(['params.project']);
      expect(error.message).toContain('give project, or section, or workspace and assignee');
    });

    it('with exclusive, refuses a second group alongside the first', () => {
      const error = failure(() => validateActionParams(listTasks, { project: 'p', section: 's' }));
      expect(error.code).toBe('invalid_param');
      expect(error.details).toEqual([
        {
          field: 'params.section',
          message: 'give project, or section, or workspace and assignee (given together: project, section)',
          error_code: 'invalid_param',
        },
      ]);
    });

    it('with exclusive, refuses part of another group alongside a complete one', () => {
      const error = failure(() => validateActionParams(listTasks, { project: 'p', workspace: 'w' }));
      expect(error.details[0]).toMatchObject({ field: 'params.workspace', error_code: 'invalid_param' });
    });

    it('is checked together with schema faults, reporting both', () => {
      const error = failure(() => validateActionParams(listTasks, { limit: 1000 }));
      expect(error.details.map((detail) => detail.field)).toEqual(['params.limit', 'params.project']);
      expect(error.code).toBe('invalid_param');
    });
  });

  describe('at-least-one', () => {
    it('accepts any one of the params, false included', () => {
      expect(validateActionParams(searchByText, { workspace_gid: 'w', completed: false })).toEqual({
        workspace_gid: 'w',
        completed: false,
      });
      expect(validateActionParams(searchByText, { workspace_gid: 'w', 'assignee.any': 'me' })).toMatchObject({
        'assignee.any': 'me',
      });
    });

    it('refuses none of them, naming the first, and counts empty text as not given', () => {
      const error = failure(() => validateActionParams(searchByText, { workspace_gid: 'w', text: '' }));
      expect(error.code).toBe('missing_param');
      expect(error.details).toEqual([
        { field: 'params.text', message: 'give at least one search parameter', error_code: 'missing_param' },
      ]);
    });
  });
});

describe('resolveExecuteRequest', () => {
  it('returns the action and its validated params', () => {
    const { action, params } = resolveExecuteRequest(definition, 'tasks', 'list', { project: '1' });
    expect(action).toBe(listTasks);
    expect(params).toEqual({ project: '1', limit: 20 });
  });

  it('refuses an unknown entity, listing the entities', () => {
    try {
      resolveExecuteRequest(definition, 'stories', 'list', {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedOperationError);
      const unsupported = error as UnsupportedOperationError;
      expect(unsupported.code).toBe('unknown_entity');
      expect(unsupported.status).toBe(400);
      expect(unsupported.message).toContain('tasks, workspace_task_search');
      expect(unsupported.details).toEqual([
        { field: 'entity', message: 'unknown entity "stories"', error_code: 'unknown_entity' },
      ]);
    }
  });

  it('does not mistake inherited properties for entities or actions', () => {
    expect(() => resolveExecuteRequest(definition, 'constructor', 'list', {})).toThrow(
      /no entity "constructor"/,
    );
    expect(() => resolveExecuteRequest(definition, 'tasks', 'toString', {})).toThrow(/no action "toString"/);
  });

  it('refuses an action the entity lacks, listing its actions', () => {
    try {
      resolveExecuteRequest(definition, 'tasks', 'download', {});
      expect.unreachable();
    } catch (error) {
      const unsupported = error as UnsupportedOperationError;
      expect(unsupported.code).toBe('unsupported_action');
      expect(unsupported.status).toBe(400);
      expect(unsupported.message).toContain('actions: list, get');
      expect(unsupported.details[0]).toEqual({
        field: 'action',
        message: 'unsupported action "download"',
        error_code: 'unsupported_action',
      });
    }
  });

  it('validates the params of the action it found', () => {
    const error = failure(() => resolveExecuteRequest(definition, 'tasks', 'get', {}));
    expect(error.code).toBe('missing_param');
  });
});

const aliased = defineAction({
  kind: 'list',
  description: 'List items',
  params: z.strictObject({ limit: z.int().min(1).max(100).optional(), status: z.string().optional() }),
  paramAliases: { per_page: 'limit' },
  record: z.looseObject({ id: z.string() }),
});

describe('param aliases', () => {
  it('renames an alias to the param it stands for before validation', () => {
    expect(validateActionParams(aliased, { per_page: 10, status: 'open' })).toEqual({
      limit: 10,
      status: 'open',
    });
    expect(resolveParamAliases(aliased, { per_page: 3 }).renamed.get('limit')).toBe('per_page');
  });

  it('reports a wrong value under the name the caller used', () => {
    const fault = failure(() => validateActionParams(aliased, { per_page: 500 }));
    expect(fault.details?.map((detail) => detail.field)).toEqual(['params.per_page']);
    expect(fault.code).toBe('invalid_param');
  });

  it('refuses a param and its alias together, naming the alias', () => {
    const fault = failure(() => validateActionParams(aliased, { per_page: 5, limit: 5 }));
    expect(fault.details).toEqual([
      {
        field: 'params.per_page',
        message: 'give limit or its alias per_page, not both',
        error_code: 'invalid_param',
      },
    ]);
  });

  it('publishes aliases in the schema surfaces check arguments against', () => {
    const schema = paramsWithAliases(aliased);
    expect(Object.keys(schema.shape)).toEqual(['limit', 'status', 'per_page']);
    expect(schema.shape.per_page?.description).toBe('alias of limit');
    expect(schema.safeParse({ per_page: 101 }).success).toBe(false);
    expect(schema.safeParse({ nope: 1 }).success).toBe(false);
  });
});
