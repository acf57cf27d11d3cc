/**
 * A workspace (or organization) of the simulated Asana account.
 *
 * @example
 * ```ts
 * const workspace: AsanaWorkspaceRow = sim.data.workspaces[0]!;
 * await fetch(`${sim.baseUrl}/workspaces/${workspace.gid}`, { headers });
 * ```
 */
export interface AsanaWorkspaceRow {
  readonly gid: string;
  readonly name: string;
  readonly isOrganization: boolean;
  readonly emailDomains: readonly string[];
  /** Premium workspaces may use task search and dependencies; others answer 402. */
  premium: boolean;
}

/**
 * A person. `photo` false means the user record's `photo` is null.
 *
 * @example
 * ```ts
 * const me: AsanaUserRow = sim.data.me;
 * ```
 */
export interface AsanaUserRow {
  readonly gid: string;
  readonly name: string;
  readonly email: string;
  readonly photo: boolean;
  readonly workspaceGids: string[];
  readonly teamGids: string[];
}

/**
 * A team inside an organization.
 *
 * @example
 * ```ts
 * const team: AsanaTeamRow = sim.data.teams[0]!;
 * ```
 */
export interface AsanaTeamRow {
  readonly gid: string;
  readonly workspaceGid: string;
  readonly name: string;
  readonly description: string;
  readonly visibility: 'secret' | 'request_to_join' | 'public';
  readonly endorsed: boolean;
  readonly memberGids: string[];
}

/**
 * A project. Times are epoch milliseconds; dates are `YYYY-MM-DD` or null.
 *
 * @example
 * ```ts
 * const project: AsanaProjectRow = sim.data.projects.find((p) => !p.archived)!;
 * ```
 */
export interface AsanaProjectRow {
  readonly gid: string;
  readonly workspaceGid: string;
  readonly teamGid: string;
  readonly name: string;
  readonly notes: string;
  readonly archived: boolean;
  readonly color: string | null;
  readonly icon: string | null;
  readonly createdAt: number;
  readonly modifiedAt: number;
  readonly completed: boolean;
  readonly completedAt: number | null;
  readonly completedByGid: string | null;
  readonly ownerGid: string | null;
  readonly memberGids: readonly string[];
  readonly followerGids: readonly string[];
  readonly defaultView: 'list' | 'board' | 'calendar' | 'timeline';
  readonly privacySetting: 'public_to_workspace' | 'private_to_team' | 'private';
  readonly startOn: string | null;
  readonly dueOn: string | null;
  readonly sectionGids: string[];
}

/**
 * A section of a project.
 *
 * @example
 * ```ts
 * const section: AsanaSectionRow = sim.data.sections[0]!;
 * ```
 */
export interface AsanaSectionRow {
  readonly gid: string;
  readonly projectGid: string;
  readonly name: string;
  readonly createdAt: number;
}

/**
 * A tag of a workspace.
 *
 * @example
 * ```ts
 * const tag: AsanaTagRow = sim.data.tags[0]!;
 * ```
 */
export interface AsanaTagRow {
  readonly gid: string;
  readonly workspaceGid: string;
  readonly name: string;
  readonly color: string | null;
  readonly notes: string;
  readonly createdAt: number;
  readonly followerGids: readonly string[];
}

/**
 * Where an attachment is hosted; also its `resource_subtype`.
 *
 * @example
 * ```ts
 * const host: AsanaAttachmentHost = 'asana';
 * ```
 */
export type AsanaAttachmentHost = 'asana' | 'dropbox' | 'gdrive' | 'onedrive' | 'box' | 'vimeo' | 'external';

/**
 * A file attached to a task or project. `size` is the byte length the download host serves; the
 * API reports it only for `asana`-hosted files, as the real one does.
 *
 * @example
 * ```ts
 * const big = sim.addAttachment({ parentGid: taskGid, name: 'dump.bin', size: 200 * 1024 * 1024 });
 * ```
 */
export interface AsanaAttachmentRow {
  readonly gid: string;
  readonly parentGid: string;
  readonly parentType: 'task' | 'project';
  readonly workspaceGid: string;
  readonly name: string;
  readonly host: AsanaAttachmentHost;
  readonly createdAt: number;
  readonly size: number;
}

/**
 * A read-only view of one task, for assertions. Built on demand from the columnar store.
 *
 * @example
 * ```ts
 * const task = sim.data.task(gid)!;
 * expect(task.projectGids).toContain(projectGid);
 * ```
 */
export interface AsanaTaskSnapshot {
  gid: string;
  name: string;
  notes: string;
  resourceSubtype: 'default_task' | 'milestone' | 'approval';
  completed: boolean;
  completedAt: number | null;
  createdAt: number;
  modifiedAt: number;
  dueOn: string | null;
  dueAt: number | null;
  startOn: string | null;
  assigneeGid: string | null;
  createdByGid: string;
  parentGid: string | null;
  workspaceGid: string;
  projectGids: string[];
  sectionGids: string[];
  tagGids: string[];
  numSubtasks: number;
  deleted: boolean;
}
