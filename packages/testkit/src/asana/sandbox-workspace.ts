import { ONE_DAY_MS } from './calendar';
import {
  addAttachmentTo,
  addProject,
  addTags,
  addTask,
  addTeam,
  addUser,
  addWorkspace,
  type Build,
  joinTeam,
  type TaskPlan,
} from './dataset-builders';
import type { AsanaAttachmentHost } from './dataset-rows';
import type { SandboxWorkspace } from './sandbox-content';
import { NO_ROW } from './task-table';

// The sandbox preset's workspaces: hand-written content (sandbox-content.ts) laid out as the
// generator lays out its own.

function sandboxHost(name: string): AsanaAttachmentHost {
  if (name.endsWith('.mp4')) return 'vimeo';
  if (name.endsWith('.pptx')) return 'gdrive';
  if (name.endsWith('.docx')) return 'onedrive';
  if (name.endsWith('.zip')) return 'dropbox';
  if (name.includes('storyboard')) return 'box';
  return 'asana';
}

export function buildSandboxWorkspace(
  build: Build,
  content: SandboxWorkspace,
  peopleByName: Map<string, number>,
): void {
  const { data, rng } = build;
  const workspace = addWorkspace(build, content.name, content.domain, content.isOrganization);
  const workspaceGid = data.workspaces[workspace]?.gid ?? '';
  const teamByName = new Map<string, number>();
  for (const team of content.teams)
    teamByName.set(team.name, addTeam(build, workspace, team.name, team.description));
  for (const person of content.people) {
    let user = peopleByName.get(person.name);
    if (user === undefined) {
      user = addUser(build, person.name, content.domain, peopleByName.size === 0);
      peopleByName.set(person.name, user);
    }
    data.users[user]?.workspaceGids.push(workspaceGid);
    for (const teamName of person.teams) joinTeam(build, user, teamByName.get(teamName) ?? NO_ROW);
  }
  const tagRows = addTags(build, workspace, content.tags);
  const tagByName = new Map(content.tags.map((name, i) => [name, tagRows[i] ?? NO_ROW]));
  for (const projectContent of content.projects) {
    const team = teamByName.get(projectContent.team) ?? 0;
    const project = addProject(build, {
      workspace,
      team,
      name: projectContent.name,
      notes: projectContent.notes,
      archived: projectContent.archived === true,
      color: projectContent.color,
      icon: projectContent.icon,
      sectionNames: projectContent.sections,
    });
    const projectRow = data.projects[project];
    if (projectRow === undefined) continue;
    const people = (data.teams[team]?.memberGids ?? []).map((gid) => data.userRow(gid));
    const sections = projectRow.sectionGids.map((gid) => data.sectionRow(gid));
    const span = Math.max(ONE_DAY_MS, build.end - ONE_DAY_MS - projectRow.createdAt);
    const rows: number[] = [];
    projectContent.tasks.forEach((task, k) => {
      const created = Math.round(
        projectRow.createdAt + ((k + rng.next()) / projectContent.tasks.length) * span,
      );
      const plan: TaskPlan = {
        workspace,
        project,
        section: sections[task.section] ?? sections[0] ?? NO_ROW,
        parent: NO_ROW,
        people,
        tags: [],
        completed: task.completed === true || projectContent.archived === true,
        subtype: task.subtype === 'milestone' ? 1 : task.subtype === 'approval' ? 2 : 0,
      };
      const row = addTask(build, plan, created);
      data.taskNames.set(row, task.name);
      data.taskNotes.set(row, task.notes);
      const tags = (task.tags ?? [])
        .map((name) => tagByName.get(name) ?? NO_ROW)
        .filter((tag) => tag !== NO_ROW);
      if (tags.length > 0) {
        data.taskTags.set(row, tags);
        for (const tag of tags) data.tagTasks[tag]?.push(row);
      }
      for (const subtaskName of task.subtasks ?? []) {
        const subtaskCreated = Math.min(build.end - 60_000, created + rng.int(60_000, 2 * ONE_DAY_MS));
        const subtask = addTask(
          build,
          { ...plan, project: NO_ROW, section: NO_ROW, parent: row, subtype: 0 },
          subtaskCreated,
        );
        data.taskNames.set(subtask, subtaskName);
        data.taskNotes.set(subtask, '');
      }
      for (const fileName of task.attachments ?? []) {
        addAttachmentTo(build, data.taskTable.gidOf(row), created, fileName, sandboxHost(fileName));
      }
      rows.push(row);
    });
    projectContent.tasks.forEach((task, k) => {
      const blocker = task.dependsOn === undefined ? undefined : rows[task.dependsOn];
      const row = rows[k];
      if (blocker !== undefined && row !== undefined) data.addDependency(row, blocker);
    });
  }
}
