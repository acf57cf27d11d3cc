import { type ConnectorClient, compileRecordCheck } from '@conduit/connector-kit';
import { startAsanaSimulator } from '@conduit/testkit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAsana } from '../asana';
import type { AsanaDefinition } from './definition';
import type { ResourceCompact, Task, TaskCompact } from './records';
import * as records from './records';

type Client = ConnectorClient<AsanaDefinition>;

describe('asana records', () => {
  it('types what the client returns with the exported record types, undeclared fields refused', () => {
    type Got = Awaited<ReturnType<Client['tasks']['get']>>;
    expectTypeOf<Got>().toEqualTypeOf<Task>();
    expectTypeOf<
      Awaited<ReturnType<Client['tasks']['list']>>['records'][number]
    >().toEqualTypeOf<TaskCompact>();
    expectTypeOf<
      Awaited<ReturnType<Client['projects']['list']>>['records'][number]
    >().toEqualTypeOf<ResourceCompact>();
    type Searched = Awaited<ReturnType<Client['workspace_task_search']['list']>>['records'][number];
    expectTypeOf<Searched['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<Omit<Searched, 'created_at'>>().toEqualTypeOf<TaskCompact>();
    expectTypeOf<Task['assignee_section']>().toEqualTypeOf<
      { gid: string; resource_type: string; name: string } | null | undefined
    >();
    type Hit = Awaited<ReturnType<Client['tasks']['search']>>['hits'][number]['data'];
    expectTypeOf<Hit['name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Hit>().not.toHaveProperty('nmae');
    const task = {} as Task;
    // @ts-expect-error `nmae` is no field of a task
    void task.nmae;
    expectTypeOf(task.assignee?.name).toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Task['assignee']>['name']>().toEqualTypeOf<string>();
    expectTypeOf(task.name).toEqualTypeOf<string>();
    expectTypeOf(task.due_on).toEqualTypeOf<string | null>();
    expectTypeOf(task.html_notes).toEqualTypeOf<string | undefined>();
    expectTypeOf<Task['memberships'][number]['section']['name']>().toEqualTypeOf<string>();
    // The escape hatch for fields the type does not declare: widen the record.
    const raw: Record<string, unknown> = task;
    expectTypeOf(raw.anything).toEqualTypeOf<unknown>();
  });

  it('keeps the old names one minor version as aliases of the new ones', () => {
    expect(records.TaskRecord).toBe(records.TaskSchema);
    expect(records.TaskListRecord).toBe(records.TaskCompactSchema);
    expect(records.CommonListRecord).toBe(records.ResourceCompactSchema);
    expectTypeOf<records.TaskRecord>().toEqualTypeOf<Task>();
  });

  it("every record schema compiles to the kit's record check, so pages are used as they came", () => {
    for (const [name, schema] of Object.entries(records)) {
      if (name.endsWith('Schema')) expect(compileRecordCheck(schema as never), name).toBeTypeOf('function');
    }
  });

  it("parses the simulator's records, keeping the fields the type does not declare", async () => {
    const sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 } });
    try {
      const asana = createAsana({ auth: { token: sim.tokens.personalAccessToken }, baseUrl: sim.baseUrl });
      const gids = sim.data.taskGids({});
      const assigned = gids.find((gid) => sim.data.task(gid)?.assigneeGid != null) ?? gids[0]!;
      const task = await asana.tasks.get({ task_gid: assigned });
      expect(task.gid).toBe(assigned);
      expect(typeof task.workspace.name).toBe('string');
      if (task.assignee !== null) expect(typeof task.assignee.name).toBe('string');
      // `custom_field_settings` is sent but not declared: it is kept, reachable through the escape hatch.
      const project: Record<string, unknown> = await asana.projects.get({
        project_gid: sim.data.projects[0]!.gid,
      });
      expect(project.custom_field_settings).toEqual([]);
      const page = await asana.tasks.list({ project: sim.data.projects[0]!.gid });
      for (const listed of page.records) expect(listed.resource_type).toBe('task');
    } finally {
      await sim.close();
    }
  });
});
