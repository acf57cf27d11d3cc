import type { ApiContext } from './api-context';
import { AsanaHttpError } from './asana-http-error';
import { getEvents, getWorkspaceEvents } from './events-endpoint';
import { arraySource } from './list-source';
import { unpaginated } from './paginate';
import type { JsonRecord } from './record-context';
import {
  getAttachment,
  getAttachments,
  getProject,
  getProjectSections,
  getProjects,
  getSection,
  getTag,
  getTeam,
  getTeamProjects,
  getTeamUsers,
  getUser,
  getUsers,
  getUserTeams,
  getWorkspace,
  getWorkspaceProjects,
  getWorkspaces,
  getWorkspaceTags,
  getWorkspaceTeams,
  getWorkspaceUsers,
} from './resource-endpoints';
import {
  getDependencies,
  getDependents,
  getProjectTasks,
  getSectionTasks,
  getSubtasks,
  getTagTasks,
  getTask,
  getTaskProjects,
  getTasks,
} from './task-endpoints';
import { searchTasks } from './task-search-endpoint';

/**
 * One served endpoint.
 *
 * @example
 * ```ts
 * const search: AsanaApiRoute = ASANA_ROUTES.find((route) => route.search === true)!;
 * ```
 */
export interface ApiRoute {
  method: 'GET';
  /** The spec's path template, e.g. `/tasks/{task_gid}`. */
  template: string;
  handler: (ctx: ApiContext) => JsonRecord;
  /** Counts against the search rate limit. */
  search?: boolean;
}

/** `GET /tags?workspace=`: the spec's alternative to the workspace tags endpoint. */
function getTags(ctx: ApiContext): JsonRecord {
  const workspace = ctx.query.get('workspace');
  if (workspace === null || workspace === '') {
    // Observed: paginating tags needs a workspace; without `limit` every visible tag comes back.
    if (ctx.query.has('limit')) throw new AsanaHttpError(400, 'Need to specify a workspace to paginate!');
    const visible = new Set(ctx.data.me.workspaceGids);
    return unpaginated(
      arraySource(ctx.data.tags, (tag) => (visible.has(tag.workspaceGid) ? tag : undefined)),
      ctx.settings.maxUnpaginated,
      (tag) => ({ gid: tag.gid, resource_type: 'tag', name: tag.name }),
    );
  }
  return getWorkspaceTags({ ...ctx, params: { ...ctx.params, workspace_gid: workspace } });
}

/**
 * Every endpoint the simulator serves (all GET, under `/api/1.0`), named by the spec's templates.
 *
 * @example
 * ```ts
 * ASANA_ROUTES.map((route) => route.template); // ['/tasks', '/tasks/{task_gid}', …]
 * ```
 */
export const ASANA_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', template: '/tasks', handler: getTasks },
  { method: 'GET', template: '/tasks/{task_gid}', handler: getTask },
  { method: 'GET', template: '/tasks/{task_gid}/subtasks', handler: getSubtasks },
  { method: 'GET', template: '/tasks/{task_gid}/dependencies', handler: getDependencies },
  { method: 'GET', template: '/tasks/{task_gid}/dependents', handler: getDependents },
  { method: 'GET', template: '/tasks/{task_gid}/projects', handler: getTaskProjects },
  { method: 'GET', template: '/projects', handler: getProjects },
  { method: 'GET', template: '/projects/{project_gid}', handler: getProject },
  { method: 'GET', template: '/projects/{project_gid}/tasks', handler: getProjectTasks },
  { method: 'GET', template: '/projects/{project_gid}/sections', handler: getProjectSections },
  { method: 'GET', template: '/sections/{section_gid}', handler: getSection },
  { method: 'GET', template: '/sections/{section_gid}/tasks', handler: getSectionTasks },
  { method: 'GET', template: '/teams/{team_gid}', handler: getTeam },
  { method: 'GET', template: '/teams/{team_gid}/projects', handler: getTeamProjects },
  { method: 'GET', template: '/teams/{team_gid}/users', handler: getTeamUsers },
  { method: 'GET', template: '/workspaces', handler: getWorkspaces },
  { method: 'GET', template: '/workspaces/{workspace_gid}', handler: getWorkspace },
  { method: 'GET', template: '/workspaces/{workspace_gid}/projects', handler: getWorkspaceProjects },
  { method: 'GET', template: '/workspaces/{workspace_gid}/users', handler: getWorkspaceUsers },
  { method: 'GET', template: '/workspaces/{workspace_gid}/teams', handler: getWorkspaceTeams },
  { method: 'GET', template: '/workspaces/{workspace_gid}/tags', handler: getWorkspaceTags },
  { method: 'GET', template: '/workspaces/{workspace_gid}/tasks/search', handler: searchTasks, search: true },
  { method: 'GET', template: '/users', handler: getUsers },
  { method: 'GET', template: '/users/{user_gid}', handler: getUser },
  { method: 'GET', template: '/users/{user_gid}/teams', handler: getUserTeams },
  { method: 'GET', template: '/tags', handler: getTags },
  { method: 'GET', template: '/tags/{tag_gid}', handler: getTag },
  { method: 'GET', template: '/tags/{tag_gid}/tasks', handler: getTagTasks },
  { method: 'GET', template: '/attachments', handler: getAttachments },
  { method: 'GET', template: '/attachments/{attachment_gid}', handler: getAttachment },
  { method: 'GET', template: '/events', handler: getEvents },
  { method: 'GET', template: '/workspaces/{workspace_gid}/events', handler: getWorkspaceEvents },
];

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A matched route and its path parameters. */
export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

/**
 * Finds the route for a method and API-relative path (a trailing slash is ignored).
 *
 * @example
 * ```ts
 * matchAsanaRoute('GET', '/tasks/123')?.params; // { task_gid: '123' }
 * ```
 */
export function matchAsanaRoute(method: string, path: string): RouteMatch | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  for (const route of ASANA_ROUTES) {
    if (route.method !== method) continue;
    const template = route.template.split('/');
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < template.length && ok; i += 1) {
      const expected = template[i] ?? '';
      const actual = segments[i] ?? '';
      const parameter = /^\{(.+)\}$/.exec(expected)?.[1];
      if (parameter !== undefined) {
        const decoded = safeDecode(actual);
        if (decoded === undefined || decoded === '') ok = false;
        else params[parameter] = decoded;
      } else if (expected !== actual) {
        ok = false;
      }
    }
    if (ok) return { route, params };
  }
  return undefined;
}
