import { describe, expect, it, vi } from 'vitest';
import { referenceResolver } from './api-context';
import type { AsanaDataset } from './asana-dataset';
import { generateAsanaDataset } from './generate-dataset';
import { parseOptFields, projectRecord } from './opt-fields';
import type { RecordContext } from './record-context';
import { TASK_FIELDS, taskRecord } from './task-records';
import { TaskView } from './task-view';

function contextOf(data: AsanaDataset): RecordContext {
  return {
    data,
    appOrigin: 'http://app.test',
    downloadOrigin: 'http://files.test',
    now: 0,
    signDownloadUrl: (attachment) => `http://files.test/${attachment.gid}`,
  };
}

/** A small dataset with every optional part of a task record present somewhere. */
function mutatedDataset(): AsanaDataset {
  const data = generateAsanaDataset({ preset: 'tiny', seed: 11, tasksPerProject: 40, subtaskRatio: 0.5 });
  data.setPremium(data.workspaces[0]!.gid, true);
  const tops = data.taskGids().filter((gid) => data.task(gid)!.parentGid === null);
  data.updateTask(tops[0]!, { name: 'Fix <b> & "quotes"', notes: 'a < b & c > d' });
  data.updateTask(tops[1]!, { resourceSubtype: 'approval', completed: true });
  data.taskExternal.set(data.taskRow(tops[1]!), { gid: 'ext-2', data: 'approval' });
  data.updateTask(tops[2]!, { assigneeGid: null, dueOn: '2025-07-01', startOn: '2025-06-20' });
  data.taskExternal.set(data.taskRow(tops[3]!), { gid: 'ext-1', data: '{"a":1}' });
  data.addDependency(data.taskRow(tops[4]!), data.taskRow(tops[5]!));
  data.addDependency(data.taskRow(tops[4]!), data.taskRow(tops[6]!));
  data.deleteTask(tops[6]!);
  const added = data.addTask({ projectGid: data.projects[0]!.gid, name: 'Added', notes: '' });
  data.addTask({ parentGid: added.gid, name: 'Child' });
  return data;
}

/** Every task field, in the order the API prints them. */
const API_ORDER = [
  'gid',
  'resource_type',
  'name',
  'resource_subtype',
  'created_by',
  'approval_status',
  'assignee_status',
  'assigned_by',
  'completed',
  'completed_at',
  'completed_by',
  'created_at',
  'dependencies',
  'dependents',
  'due_at',
  'due_on',
  'external',
  'html_notes',
  'hearted',
  'hearts',
  'is_rendered_as_separator',
  'liked',
  'likes',
  'memberships',
  'modified_at',
  'notes',
  'num_hearts',
  'num_likes',
  'num_subtasks',
  'start_at',
  'start_on',
  'actual_time_minutes',
  'assignee',
  'assignee_section',
  'custom_fields',
  'custom_type',
  'custom_type_status_option',
  'followers',
  'parent',
  'projects',
  'tags',
  'workspace',
  'permalink_url',
];

const OPT_FIELDS = [
  'name,resource_type,resource_subtype,created_by',
  'name',
  'gid',
  '',
  API_ORDER.join(','),
  [...API_ORDER].reverse().join(','),
  ...API_ORDER,
  'created_by.(name|email),is_rendered_as_separator,approval_status,external.data',
  'this.(assignee|followers|completed_by|assigned_by).(email|name|workspaces.name)',
  'memberships.section.(name|created_at),memberships.project,projects.team.name,tags.color',
  'parent,parent.(created_by|notes|parent.name),dependencies.(name|dependents),dependents',
  'likes.user.email,hearts,num_likes,html_notes,notes,permalink_url,workspace.is_organization',
  'no_such_field,name',
  'name,constructor,toString.x',
  '__proto__,name',
];

describe('task records', () => {
  it('prints the full record in the API order, opt-in fields only when asked', () => {
    const data = mutatedDataset();
    const ctx = contextOf(data);
    const approval = data
      .taskGids()
      .map((gid) => data.taskRow(gid))
      .find((row) => data.taskTable.subtype[row] === 2 && data.taskExternal.has(row))!;
    const optIn = new Set(['created_by', 'is_rendered_as_separator']);
    expect(Object.keys(taskRecord(ctx, approval, false))).toEqual(
      API_ORDER.filter((name) => !optIn.has(name)),
    );
    expect(Object.keys(taskRecord(ctx, approval, true))).toEqual(API_ORDER);
    const plain = data.taskRow(
      data.taskGids().find((gid) => data.task(gid)!.resourceSubtype === 'default_task')!,
    );
    expect(Object.keys(taskRecord(ctx, plain, true))).not.toContain('approval_status');
  });

  it.each(OPT_FIELDS)(
    'projects %j from the requested fields exactly as from the full record',
    (optFields) => {
      const data = mutatedDataset();
      const ctx = contextOf(data);
      const fields = parseOptFields(new URLSearchParams({ opt_fields: optFields }))!;
      const resolve = referenceResolver(ctx);
      const project = TASK_FIELDS.projection(fields);
      let rows = 0;
      for (let row = 0; row < data.taskCount; row += 1) {
        if (data.taskTable.isDeleted(row)) continue;
        const expected = projectRecord(taskRecord(ctx, row, true), fields, resolve);
        // Compared as text: field order is part of the contract.
        expect(JSON.stringify(project(new TaskView(ctx, row), resolve))).toBe(JSON.stringify(expected));
        rows += 1;
      }
      expect(rows).toBeGreaterThan(40);
    },
  );

  it('builds only what a list page asks for', () => {
    const data = mutatedDataset();
    const ctx = contextOf(data);
    const notes = vi.spyOn(data, 'taskNotesOf');
    const fields = parseOptFields(
      new URLSearchParams('opt_fields=name,resource_type,resource_subtype,created_by'),
    )!;
    const view = new TaskView(ctx, 0);
    TASK_FIELDS.projection(fields)(view, referenceResolver(ctx));
    expect(notes).not.toHaveBeenCalled();
    TASK_FIELDS.full(view, true);
    // html_notes and notes share one derivation per record.
    expect(notes).toHaveBeenCalledTimes(1);
  });
});
