import { asanaDefinition } from '@conduit/asana';
import type { ActionDefinition } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { describeAction } from './describe-action';
import { describeConnector, summarizeEntities } from './describe-connector';

// The type every param of the Asana definition must be described with, by name. A param added to
// the definition without an entry here fails the test, so its description gets looked at.
const EXPECTED_TYPES: Record<string, { type: string; nullable?: boolean }> = {
  limit: { type: 'integer' },
  offset: { type: 'string' },
  project: { type: 'string' },
  section: { type: 'string' },
  workspace: { type: 'string' },
  assignee: { type: 'string' },
  team: { type: 'string' },
  parent: { type: 'string' },
  organization: { type: 'string' },
  completed_since: { type: 'string' },
  modified_since: { type: 'string' },
  archived: { type: 'boolean' },
  text: { type: 'string' },
  completed: { type: 'boolean' },
  'assignee.any': { type: 'string' },
  'projects.any': { type: 'string' },
  'sections.any': { type: 'string' },
  'teams.any': { type: 'string' },
  'followers.any': { type: 'string' },
  'created_at.after': { type: 'string' },
  'created_at.before': { type: 'string' },
  'modified_at.after': { type: 'string' },
  'modified_at.before': { type: 'string' },
  'due_on.after': { type: 'string' },
  'due_on.before': { type: 'string' },
  resource_subtype: { type: 'string' },
  sort_by: { type: 'enum' },
  sort_ascending: { type: 'boolean' },
  user_gid: { type: 'string' },
  range_header: { type: 'string' },
  query: { type: 'object' },
  cursor: { type: 'string', nullable: true },
  fields: { type: 'array<string | array<string>>', nullable: true },
};

function expectedType(entity: string, action: string, param: string): { type: string; nullable?: boolean } {
  if (action === 'search' && param === 'limit') return { type: 'integer', nullable: true };
  if (param.endsWith('_gid') && param !== 'user_gid') return { type: 'string' };
  const expected = EXPECTED_TYPES[param];
  if (!expected) throw new Error(`no expected type for ${entity} ${action} ${param}`);
  return expected;
}

// Independent of the JSON Schema path: what the zod schema itself accepts and refuses.
function checkAgainstZod(schema: z.ZodType, type: string): void {
  if (type === 'string' || type === 'enum') {
    expect(schema.safeParse(12345).success).toBe(false);
  } else if (type === 'integer') {
    expect(schema.safeParse('1').success).toBe(false);
    expect(schema.safeParse(1.5).success).toBe(false);
    expect(schema.safeParse(1).success).toBe(true);
  } else if (type === 'boolean') {
    expect(schema.safeParse(true).success).toBe(true);
    expect(schema.safeParse('true').success).toBe(false);
  } else if (type === 'object') {
    expect(schema.safeParse('text').success).toBe(false);
  } else if (type.startsWith('array')) {
    expect(schema.safeParse('text').success).toBe(false);
  }
}

const actions = Object.entries(asanaDefinition.entities).flatMap(([entity, definition]) =>
  Object.entries(definition.actions).map(
    ([name, action]) => [entity, name, action as ActionDefinition] as const,
  ),
);

describe('introspection of every action of asanaDefinition', () => {
  it('covers 22 entities and 36 actions', () => {
    expect(Object.keys(asanaDefinition.entities)).toHaveLength(22);
    expect(actions).toHaveLength(36);
    const summary = summarizeEntities(asanaDefinition);
    expect(summary.reduce((sum, entity) => sum + entity.actions.length, 0)).toBe(36);
    expect(summary[0]).toEqual({ name: 'tasks', description: 'Tasks', actions: ['list', 'get', 'search'] });
  });

  it.each(actions)('%s %s: every param with its type and required flag', (entity, name, action) => {
    const description = describeAction(name, action);
    const shape = action.params.shape as Record<string, z.ZodType>;
    expect(description.params.map((param) => param.name)).toEqual(Object.keys(shape));
    expect(description.accepts_unknown_params).toBe(false);
    for (const param of description.params) {
      const schema = shape[param.name]!;
      // Required exactly when the schema refuses a missing value.
      expect(param.required, `${entity} ${name} ${param.name} required`).toBe(
        !schema.safeParse(undefined).success,
      );
      const expected = expectedType(entity, name, param.name);
      expect(param.type, `${entity} ${name} ${param.name} type`).toBe(expected.type);
      expect(param.nullable, `${entity} ${name} ${param.name} nullable`).toBe(expected.nullable ?? false);
      checkAgainstZod(schema, expected.type);
    }
  });

  it.each(actions)('%s %s: record fields as the definition declares them', (_entity, name, action) => {
    const description = describeAction(name, action);
    if (action.kind === 'download') {
      expect(description.record).toBeNull();
      expect(description.record_schema).toBeNull();
      return;
    }
    const recordShape = (action.record as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    expect(description.record!.map((field) => field.name)).toEqual(Object.keys(recordShape));
    for (const field of description.record!) {
      // Output view: a field is "always there" unless its schema accepts it missing.
      expect(field.required).toBe(!recordShape[field.name]!.safeParse(undefined).success);
    }
    expect(description.record_keeps_unknown_fields).toBe(true);
  });

  it('gives gid params their pattern and page sizes their bounds', () => {
    const tasksGet = describeAction('get', asanaDefinition.entities.tasks.actions.get);
    expect(tasksGet.params).toEqual([
      expect.objectContaining({
        name: 'task_gid',
        required: true,
        description: 'gid of the task',
        constraints: ['pattern ^\\d{1,32}$'],
      }),
    ]);
    const projectTasks = describeAction('list', asanaDefinition.entities.project_tasks.actions.list);
    expect(projectTasks.params.find((param) => param.name === 'limit')).toMatchObject({
      minimum: 1,
      maximum: 100,
      required: false,
    });
  });

  it('renders rule A (tasks list) and rule B (workspace task search) readably', () => {
    const tasksList = describeAction('list', asanaDefinition.entities.tasks.actions.list);
    expect(tasksList.rules).toEqual([
      expect.objectContaining({
        kind: 'one-of-groups',
        text: 'exactly one of: project | section | workspace + assignee',
        params: ['project', 'section', 'workspace', 'assignee'],
        exclusive: true,
      }),
    ]);
    const search = describeAction('list', asanaDefinition.entities.workspace_task_search.actions.list);
    expect(search.rules[0]).toMatchObject({ kind: 'at-least-one' });
    expect(search.rules[0]!.text).toMatch(/^at least one of: text, completed, assignee\.any, /);
  });

  it('lists the searchable fields of search actions and the record of common lists', () => {
    const search = describeAction('search', asanaDefinition.entities.tasks.actions.search);
    expect(search.searchable_fields).toContainEqual({ name: 'completed', type: 'boolean' });
    expect(search.params.find((param) => param.name === 'query')).toMatchObject({
      required: true,
      type: 'object',
    });
    const workspaces = describeAction('list', asanaDefinition.entities.workspaces.actions.list);
    expect(workspaces.record).toEqual([
      expect.objectContaining({ name: 'gid', type: 'string', nullable: false }),
      expect.objectContaining({ name: 'resource_type', type: 'string' }),
      expect.objectContaining({ name: 'name', type: 'string', nullable: true }),
    ]);
  });

  it('describes the whole connector with its aliases and JSON Schemas', () => {
    const description = describeConnector(asanaDefinition, ['task-management']);
    expect(description).toMatchObject({
      name: 'asana',
      display_name: 'Asana',
      connector_type: 'task-management',
      aliases: ['task-management'],
    });
    expect(description.entities).toHaveLength(22);
    const get = description.entities[0]!.actions.find((action) => action.name === 'get')!;
    expect(get.params_schema).toMatchObject({
      type: 'object',
      required: ['task_gid'],
      additionalProperties: false,
    });
    expect(JSON.parse(JSON.stringify(description))).toEqual(description);
  });
});
