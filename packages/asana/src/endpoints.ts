import type { ActionKind } from '@conduit/protocol';

/**
 * How a list pages upstream:
 * - `offset`: the upstream's own `limit`/`offset` and `next_page`;
 * - `local`: the upstream returns everything at once (at most 2,000 users) and we page it here;
 * - `search`: the upstream search has no offset; we page by `created_at` bounds.
 */
export type Paging = 'offset' | 'local' | 'search';

/** The upstream request behind one entity/action pair. */
export interface Endpoint {
  /** Path template under the API root; `{name}` is filled from the param of that name. */
  readonly path: string;
  readonly paging?: Paging;
  /** Fields to ask for, so records have the seed's shape whatever the upstream defaults are. */
  readonly optFields?: string;
}

const COMMON = 'name,resource_type';
const TASK_LIKE = 'name,resource_type,resource_subtype,created_by';
const ATTACHMENT = 'name,resource_type,resource_subtype';

const list = (path: string, optFields = COMMON, paging: Paging = 'offset'): Endpoint => ({
  path,
  optFields,
  paging,
});

/** Every entity/action pair of the connector, mapped to its upstream endpoint. */
export const ENDPOINTS: Readonly<Record<string, Partial<Record<ActionKind, Endpoint>>>> = {
  tasks: { list: list('/tasks', TASK_LIKE), get: { path: '/tasks/{task_gid}' } },
  project_tasks: { list: list('/projects/{project_gid}/tasks', TASK_LIKE) },
  workspace_task_search: {
    list: list('/workspaces/{workspace_gid}/tasks/search', `${TASK_LIKE},created_at`, 'search'),
  },
  projects: { list: list('/projects'), get: { path: '/projects/{project_gid}' } },
  task_projects: { list: list('/tasks/{task_gid}/projects') },
  team_projects: { list: list('/teams/{team_gid}/projects') },
  workspace_projects: { list: list('/workspaces/{workspace_gid}/projects') },
  workspaces: { list: list('/workspaces'), get: { path: '/workspaces/{workspace_gid}' } },
  users: { list: list('/users'), get: { path: '/users/{user_gid}' } },
  workspace_users: { list: list('/workspaces/{workspace_gid}/users', COMMON, 'local') },
  team_users: { list: list('/teams/{team_gid}/users', COMMON, 'local') },
  teams: { get: { path: '/teams/{team_gid}' } },
  workspace_teams: { list: list('/workspaces/{workspace_gid}/teams') },
  user_teams: { list: list('/users/{user_gid}/teams') },
  attachments: {
    list: list('/attachments', ATTACHMENT),
    get: { path: '/attachments/{attachment_gid}' },
    download: { path: '/attachments/{attachment_gid}' },
  },
  workspace_tags: { list: list('/workspaces/{workspace_gid}/tags') },
  tags: { get: { path: '/tags/{tag_gid}' } },
  project_sections: { list: list('/projects/{project_gid}/sections') },
  sections: { get: { path: '/sections/{section_gid}' } },
  task_subtasks: { list: list('/tasks/{task_gid}/subtasks', TASK_LIKE) },
  task_dependencies: { list: list('/tasks/{task_gid}/dependencies', TASK_LIKE) },
  task_dependents: { list: list('/tasks/{task_gid}/dependents', TASK_LIKE) },
};

/**
 * Fills a path template from params and returns the params left over for the query string.
 *
 * @example
 * ```ts
 * fillPath('/tasks/{task_gid}', { task_gid: '1', limit: 5 }); // { path: '/tasks/1', rest: { limit: 5 } }
 * ```
 */
export function fillPath(
  template: string,
  params: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const { parts, names } = compileTemplate(template);
  let path = parts[0] as string;
  for (let index = 0; index < names.length; index += 1) {
    path += encodeURIComponent(String(params[names[index] as string])) + (parts[index + 1] as string);
  }
  const rest: Record<string, unknown> = {};
  for (const key in params) if (!names.includes(key)) rest[key] = params[key];
  return { path, rest };
}

// Templates are a fixed set; splitting each once keeps the per-request work to string joins.
const compiledTemplates = new Map<string, { parts: string[]; names: string[] }>();

function compileTemplate(template: string): { parts: string[]; names: string[] } {
  let compiled = compiledTemplates.get(template);
  if (compiled === undefined) {
    const pieces = template.split(/\{(\w+)\}/);
    compiled = {
      parts: pieces.filter((_, index) => index % 2 === 0),
      names: pieces.filter((_, index) => index % 2 === 1),
    };
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}
