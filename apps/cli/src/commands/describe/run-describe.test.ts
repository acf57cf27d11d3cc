import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/test-runtime';

describe('conduit describe', () => {
  it('lists the entities and actions of a connector', async () => {
    const { code, stdout, stderr } = await runInProcess(['describe', 'asana']);
    expect(code).toBe(0);
    expect(stdout).toContain('Asana (asana, alias task-management): 22 entities, 36 actions');
    expect(stdout).toMatch(/ENTITY +ACTIONS +DESCRIPTION/);
    expect(stdout).toMatch(/attachments +list, get, download, search +Attachments/);
    expect(stderr).toContain('run conduit describe asana <entity>');
  });

  it('accepts the connector type as an alias', async () => {
    expect((await runInProcess(['describe', 'task-management'])).stdout).toContain('22 entities');
  });

  it('shows every action of an entity with params, rules, record fields and an example', async () => {
    const { code, stdout } = await runInProcess(['describe', 'asana', 'tasks']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^tasks: Tasks\n/);
    // The range is printed once: the description already says it.
    expect(stdout).toMatch(/limit +integer +items per page \(1-100\)\n/);
    expect(stdout).not.toContain('(1..100)');
    expect(stdout).toMatch(/task_gid +string +yes +gid of the task/);
    expect(stdout).toContain('- exactly one of: project | section | workspace + assignee');
    expect(stdout).toMatch(/name +string \| null +yes/);
    expect(stdout).toContain('Example: conduit exec asana tasks list -p project=<gid>');
    expect(stdout).toContain('Searchable fields');
  });

  it('lists the full record fields of tasks get, not only gid', async () => {
    const { stdout } = await runInProcess(['describe', 'asana', 'tasks', 'get']);
    const fields = stdout.slice(stdout.indexOf('Record fields'));
    for (const field of ['gid', 'name', 'completed', 'assignee', 'due_on', 'notes', 'projects', 'workspace'])
      expect(fields).toMatch(new RegExp(`\\n +${field} +`));
    expect(fields).toMatch(/\n +assignee +object \| null +yes *\n/);
  });

  it('names the fields search refuses because the sync cannot store them, with why', async () => {
    const { stdout } = await runInProcess(['describe', 'asana', 'attachments', 'search']);
    expect(stdout).toContain('Not searchable (never stored by the sync)');
    expect(stdout).toMatch(/- download_url: a short-lived signed URL/);
    const action = JSON.parse(
      (await runInProcess(['describe', 'asana', 'projects', 'search', '--json'])).stdout,
    );
    expect(action.unsearchable_fields).toEqual([{ name: 'is_template', reason: expect.any(String) }]);
    expect(action.searchable_fields.map((field: { name: string }) => field.name)).not.toContain(
      'is_template',
    );
  });

  it('shows one action', async () => {
    const { stdout } = await runInProcess(['describe', 'asana', 'attachments', 'download']);
    expect(stdout).toContain('download  Download');
    expect(stdout).not.toContain('\nlist ');
    expect(stdout).toContain('Returns: the bytes of the file');
    expect(stdout).toContain('-o <file>');
  });

  it('prints the full description as JSON', async () => {
    const whole = JSON.parse((await runInProcess(['describe', 'asana', '--json'])).stdout);
    expect(whole.entities).toHaveLength(22);
    const entity = JSON.parse((await runInProcess(['describe', 'asana', 'tasks', '--json'])).stdout);
    expect(entity).toMatchObject({ connector: 'asana', name: 'tasks', description: 'Tasks' });
    expect(entity.actions.map((action: { name: string }) => action.name)).toEqual(['list', 'get', 'search']);
    const action = JSON.parse((await runInProcess(['describe', 'asana', 'tasks', 'get', '--json'])).stdout);
    expect(action).toMatchObject({
      connector: 'asana',
      entity: 'tasks',
      name: 'get',
      params: [expect.objectContaining({ name: 'task_gid', required: true })],
    });
  });

  it('suggests names for unknown connectors, entities and actions (exit 2)', async () => {
    const connector = await runInProcess(['describe', 'asan']);
    expect(connector.code).toBe(2);
    expect(connector.stderr).toBe('error: unknown connector "asan"\nhint: did you mean asana?\n');
    const entity = await runInProcess(['describe', 'asana', 'taks']);
    expect(entity.stderr).toBe('error: unknown entity "taks" of Asana\nhint: did you mean tasks?\n');
    const action = await runInProcess(['describe', 'asana', 'teams', 'list']);
    expect(action.code).toBe(2);
    expect(action.stderr).toContain('asana teams has no action "list" (actions: get, search)');
  });

  it('colours headings only on a terminal', async () => {
    expect((await runInProcess(['describe', 'asana', 'tags'], { stdoutIsTTY: true })).stdout).toContain(
      '\u001b[1m',
    );
    expect(
      (await runInProcess(['describe', 'asana', 'tags'], { stdoutIsTTY: true, env: { NO_COLOR: '1' } }))
        .stdout,
    ).not.toContain('\u001b[');
    expect((await runInProcess(['describe', 'asana', 'tags'])).stdout).not.toContain('\u001b[');
  });
});
