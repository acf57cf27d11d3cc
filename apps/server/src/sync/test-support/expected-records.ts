import type { AsanaDataset } from '@conduit/testkit';

/** Per searchable entity, the gids a complete sync of the dataset's account must hold. */
export type ExpectedRecords = Record<
  'workspaces' | 'teams' | 'users' | 'tags' | 'projects' | 'sections' | 'tasks' | 'attachments',
  string[]
>;

/**
 * What a full sync must copy from a simulated account, computed from the simulator's dataset (not
 * from the sync's own walk): the account owner's workspaces, their teams, users, tags and
 * projects, the projects' sections and tasks with every level of subtasks, the owner's tasks in
 * no project with theirs, and the tasks' attachments. Also the number of listings such a sync makes when every listing fits one page.
 *
 * @example
 * ```ts
 * const { records, listings } = expectedRecords(sim.data);
 * ```
 */
export function expectedRecords(data: AsanaDataset): { records: ExpectedRecords; listings: number } {
  const workspaces = new Set(data.me.workspaceGids);
  const projects = data.projects.filter((project) => workspaces.has(project.workspaceGid)).map((p) => p.gid);
  const tasks = new Set<string>();
  let withSubtasks = 0;
  const visit = (gid: string) => {
    if (tasks.has(gid)) return;
    tasks.add(gid);
    const subtasks = data.subtaskGids(gid);
    if (subtasks.length > 0) withSubtasks += 1;
    for (const subtask of subtasks) visit(subtask);
  };
  for (const project of projects) for (const gid of data.taskGids({ projectGid: project })) visit(gid);
  // The owner's tasks in no project ("My tasks" only): no project lists them.
  for (const workspaceGid of workspaces)
    for (const gid of data.taskGids({ workspaceGid, assigneeGid: data.me.gid })) {
      const task = data.task(gid)!;
      if (task.parentGid === null && task.projectGids.length === 0) visit(gid);
    }
  const records: ExpectedRecords = {
    workspaces: [...workspaces],
    teams: data.teams.filter((team) => workspaces.has(team.workspaceGid)).map((team) => team.gid),
    users: data.users
      .filter((user) => user.workspaceGids.some((gid) => workspaces.has(gid)))
      .map((user) => user.gid),
    tags: data.tags.filter((tag) => workspaces.has(tag.workspaceGid)).map((tag) => tag.gid),
    projects,
    sections: data.sections
      .filter((section) => projects.includes(section.projectGid))
      .map((section) => section.gid),
    tasks: [...tasks],
    attachments: [...tasks].flatMap((gid) => data.attachmentsOf(gid).map((attachment) => attachment.gid)),
  };
  for (const list of Object.values(records)) list.sort();
  const listings = 1 + 5 * workspaces.size + 2 * projects.length + tasks.size + withSubtasks;
  return { records, listings };
}
