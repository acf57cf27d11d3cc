import type { ConnectorDemo } from '@conduit/connector-kit';

// The `@conduit/asana/demo` entry: what `conduit demo` shows of the task-management connector, on its
// @conduit/testkit simulator (an optional peer, loaded only when the demo starts), with calls
// chosen from the simulator's dataset so the demo can check the answers.

/**
 * The Asana demo: its simulator, the connector made on it, a list, searches and, where it has files, a download.
 *
 * @example
 * ```ts
 * const upstream = await asanaDemo.start();
 * await upstream.close();
 * ```
 */
export const asanaDemo: ConnectorDemo = {
  simulator: 'the Asana simulator with the sandbox dataset',
  downloads: true,
  async start() {
    const { startAsanaSimulator } = await import('@conduit/testkit');
    const simulator = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
    const data = simulator.data;
    const project = data.projects
      .map((row) => ({ row, tasks: data.taskGids({ projectGid: row.gid }).length }))
      .reduce((best, candidate) => (candidate.tasks > best.tasks ? candidate : best));
    const largest = [...data.attachments]
      .filter((attachment) => attachment.host === 'asana')
      .sort((a, b) => b.size - a.size)[0];
    return {
      baseUrl: simulator.baseUrl,
      facts: {
        workspaces: data.workspaces.map((workspace) => workspace.name),
        projects: data.projects.length,
        tasks: data.taskCount,
        users: data.users.length,
        attachments: data.attachments.length,
      },
      lines: [
        `${data.workspaces.map((workspace) => workspace.name).join(' and ')}: ${data.projects.length} projects, ${data.taskCount} tasks, ${data.users.length} people, ${data.attachments.length} attachments`,
      ],
      connector: {
        name: 'Northwind Studio (demo)',
        credentials: { token: simulator.tokens.personalAccessToken },
        config: { base_url: simulator.baseUrl },
      },
      secrets: [simulator.tokens.personalAccessToken],
      list: {
        entity: 'project_tasks',
        params: { project_gid: project.row.gid },
        pageSize: 4,
        what: `the tasks of "${project.row.name}"`,
        expected: project.tasks,
        label: (task) => String(task.name ?? task.gid),
      },
      searches: [
        {
          title: 'Fuzzy search for "onbording", a misspelt word',
          entity: 'tasks',
          where: 'name~~onbording',
          fields: ['gid', 'name'],
          limit: 10,
          label: (task) => String(task.name),
        },
        {
          title: 'Filtered search: open tasks, soonest due first',
          entity: 'tasks',
          where: 'completed=false and due_on!=null',
          sort: ['due_on:asc'],
          fields: ['gid', 'name', 'due_on'],
          limit: 5,
          label: (task) => `${String(task.due_on)}  ${String(task.name)}`,
        },
      ],
      ...(largest === undefined
        ? {}
        : {
            download: {
              entity: 'attachments',
              params: { attachment_gid: largest.gid },
              name: largest.name,
              size: largest.size,
            },
          }),
      close: () => simulator.close(),
    };
  },
};
