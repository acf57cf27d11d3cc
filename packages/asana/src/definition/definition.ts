import {
  byteRangeParam,
  defineConnectorAction,
  localPaging,
  offsetTokenPaging,
  type PagingStrategy,
  type UpstreamSpec,
} from '@conduit/connector-kit';
import { defineConnector, SearchParamsSchema } from '@conduit/protocol';
import * as z from 'zod';
import { locateAttachmentDownload } from './attachment-download';
import { gid, limit, offset, pageParams, since } from './params';
import {
  AttachmentCompactSchema,
  AttachmentSchema,
  ProjectSchema,
  ResourceCompactSchema,
  SectionSchema,
  TagSchema,
  TaskCompactSchema,
  TaskSchema,
  TeamSchema,
  UserSchema,
  WorkspaceSchema,
} from './records';
import { asanaSearchPaging } from './search-paging';
import {
  SEARCHABLE_FIELDS,
  type SearchableEntity,
  searchRecord,
  UNSEARCHABLE_FIELDS,
} from './searchable-fields';

// Fields to ask for, so records have the seed's shape whatever the upstream's defaults are. Asana
// answers `opt_fields` with those fields and `gid` only, and its spec does not let a client ask for
// `resource_type`: each list fills it in from what it lists (`recordDefaults`).
const COMMON = 'name';
const TASK_LIKE = 'name,resource_subtype,created_by';
const ATTACHMENT = 'name,resource_subtype';

/** Where a list of `resourceType` records is upstream: its path, the fields it asks for, and how it pages. */
const at = (
  path: string,
  resourceType: string,
  optFields = COMMON,
  paging: PagingStrategy = offsetTokenPaging(),
): UpstreamSpec => ({
  path,
  query: { opt_fields: optFields },
  recordDefaults: { resource_type: resourceType },
  paging,
});

const list = <Params extends z.core.$ZodLooseShape, Record extends z.ZodType>(
  description: string,
  params: Params,
  record: Record,
  upstream: UpstreamSpec,
) => defineConnectorAction({ kind: 'list', description, params: z.strictObject(params), record, upstream });

const get = <Key extends string, Record extends z.ZodType>(
  description: string,
  key: Key,
  what: string,
  record: Record,
  path: string,
) =>
  defineConnectorAction({
    kind: 'get',
    description,
    params: z.strictObject({ [key]: gid(what) } as { [K in Key]: ReturnType<typeof gid> }),
    record,
    upstream: { path },
  });

const search = <Entity extends SearchableEntity>(entity: Entity) =>
  defineConnectorAction({
    kind: 'search',
    description: `Search synced ${entity} (hosted mode only)`,
    params: SearchParamsSchema,
    record: searchRecord(entity),
    searchableFields: SEARCHABLE_FIELDS[entity],
    ...(entity in UNSEARCHABLE_FIELDS
      ? { unsearchableFields: UNSEARCHABLE_FIELDS[entity as keyof typeof UNSEARCHABLE_FIELDS] }
      : {}),
  });

const anyList = (what: string) => z.string().min(1).describe(`comma-separated ${what} gids`);
const isoDate = (what: string) =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date or date-time')
    .describe(what);

/** The search parameters of `workspace_task_search`; rule B needs at least one of them. */
const WORKSPACE_SEARCH_FILTERS = [
  'text',
  'completed',
  'assignee.any',
  'projects.any',
  'sections.any',
  'teams.any',
  'followers.any',
  'created_at.after',
  'created_at.before',
  'modified_at.after',
  'modified_at.before',
  'due_on.after',
  'due_on.before',
  'resource_subtype',
] as const;

/**
 * The task-management connector (Asana), declared once: seed 001's 22 entities and 36
 * entity/action pairs, their params, rules A and B, and their records. Typed methods, validation
 * in local and hosted mode, and `conduit describe` all derive from it.
 *
 * @example
 * ```ts
 * import { asanaDefinition } from '@conduit/asana';
 * Object.keys(asanaDefinition.entities); // ['tasks', 'project_tasks', …]
 * ```
 */
export const asanaDefinition = defineConnector({
  name: 'asana',
  connectorType: 'task-management',
  displayName: 'Asana',
  entities: {
    tasks: {
      description: 'Tasks',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List tasks of a project, a section, or an assignee in a workspace',
          params: z.strictObject({
            ...pageParams,
            project: gid('project').optional(),
            section: gid('section').optional(),
            workspace: gid('workspace').optional(),
            assignee: z.string().min(1).describe('gid of the assignee, or "me"').optional(),
            completed_since: since('only tasks incomplete or completed since this time').optional(),
            modified_since: since('only tasks modified since this time').optional(),
          }),
          rules: [
            {
              kind: 'one-of-groups',
              groups: [['project'], ['section'], ['workspace', 'assignee']],
              exclusive: true,
              message:
                'tasks list needs exactly one of: project, section, or workspace together with assignee',
            },
          ],
          record: TaskCompactSchema,
          upstream: at('/tasks', 'task', TASK_LIKE),
        }),
        get: get('Get a task', 'task_gid', 'task', TaskSchema, '/tasks/{task_gid}'),
        search: search('tasks'),
      },
    },
    project_tasks: {
      description: 'Tasks of a project, in the project’s order',
      actions: {
        list: list(
          'List the tasks of a project',
          {
            project_gid: gid('project'),
            ...pageParams,
            completed_since: since('only tasks incomplete or completed since this time').optional(),
          },
          TaskCompactSchema,
          at('/projects/{project_gid}/tasks', 'task', TASK_LIKE),
        ),
      },
    },
    workspace_task_search: {
      description: 'Advanced task search of a workspace (premium accounts)',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'Search the tasks of a workspace with the upstream’s own search (premium only)',
          params: z.strictObject({
            workspace_gid: gid('workspace'),
            limit: limit.optional(),
            offset: offset.optional(),
            text: z.string().min(1).describe('search text').optional(),
            completed: z.boolean().describe('completion status').optional(),
            'assignee.any': anyList('assignee').optional(),
            'projects.any': anyList('project').optional(),
            'sections.any': anyList('section').optional(),
            'teams.any': anyList('team').optional(),
            'followers.any': anyList('follower').optional(),
            'created_at.after': isoDate('created after').optional(),
            'created_at.before': isoDate('created before').optional(),
            'modified_at.after': isoDate('modified after').optional(),
            'modified_at.before': isoDate('modified before').optional(),
            'due_on.after': isoDate('due after').optional(),
            'due_on.before': isoDate('due before').optional(),
            resource_subtype: z
              .string()
              .min(1)
              .describe('task subtype, e.g. default_task, milestone')
              .optional(),
            sort_by: z
              .enum(['due_date', 'created_at', 'completed_at', 'likes', 'modified_at'])
              .describe('field to sort by')
              .optional(),
            sort_ascending: z.boolean().describe('true for ascending order').optional(),
          }),
          rules: [
            {
              kind: 'at-least-one',
              params: WORKSPACE_SEARCH_FILTERS,
              message: `workspace_task_search needs at least one search parameter (${WORKSPACE_SEARCH_FILTERS.join(', ')})`,
            },
          ],
          // `created_at` is asked for too: the search pages by it (`asanaSearchPaging`).
          record: TaskCompactSchema.extend({ created_at: z.string() }),
          upstream: at(
            '/workspaces/{workspace_gid}/tasks/search',
            'task',
            `${TASK_LIKE},created_at`,
            asanaSearchPaging,
          ),
        }),
      },
    },
    projects: {
      description: 'Projects',
      actions: {
        list: list(
          'List projects, optionally of a workspace or team',
          {
            ...pageParams,
            workspace: gid('workspace').optional(),
            team: gid('team').optional(),
            archived: z.boolean().describe('only archived (true) or unarchived (false) projects').optional(),
          },
          ResourceCompactSchema,
          at('/projects', 'project'),
        ),
        get: get('Get a project', 'project_gid', 'project', ProjectSchema, '/projects/{project_gid}'),
        search: search('projects'),
      },
    },
    task_projects: {
      description: 'Projects a task belongs to',
      actions: {
        list: list(
          'List the projects of a task',
          { task_gid: gid('task'), ...pageParams },
          ResourceCompactSchema,
          at('/tasks/{task_gid}/projects', 'project'),
        ),
      },
    },
    team_projects: {
      description: 'Projects of a team',
      actions: {
        list: list(
          'List the projects of a team',
          { team_gid: gid('team'), ...pageParams, archived: z.boolean().optional() },
          ResourceCompactSchema,
          at('/teams/{team_gid}/projects', 'project'),
        ),
      },
    },
    workspace_projects: {
      description: 'Projects of a workspace',
      actions: {
        list: list(
          'List the projects of a workspace',
          { workspace_gid: gid('workspace'), ...pageParams, archived: z.boolean().optional() },
          ResourceCompactSchema,
          at('/workspaces/{workspace_gid}/projects', 'project'),
        ),
      },
    },
    workspaces: {
      description: 'Workspaces and organizations',
      actions: {
        list: list(
          'List the workspaces visible to the user',
          { ...pageParams },
          ResourceCompactSchema,
          at('/workspaces', 'workspace'),
        ),
        get: get(
          'Get a workspace',
          'workspace_gid',
          'workspace',
          WorkspaceSchema,
          '/workspaces/{workspace_gid}',
        ),
        search: search('workspaces'),
      },
    },
    users: {
      description: 'Users',
      actions: {
        list: list(
          'List users, optionally of a workspace or team',
          { ...pageParams, workspace: gid('workspace').optional(), team: gid('team').optional() },
          ResourceCompactSchema,
          at('/users', 'user'),
        ),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Get a user (by gid, email, or "me")',
          params: z.strictObject({
            user_gid: z.string().min(1).max(320).describe('gid of the user, an email, or "me"'),
          }),
          record: UserSchema,
          upstream: { path: '/users/{user_gid}' },
        }),
        search: search('users'),
      },
    },
    workspace_users: {
      description: 'Users of a workspace',
      actions: {
        list: list(
          'List the users of a workspace',
          { workspace_gid: gid('workspace'), ...pageParams },
          ResourceCompactSchema,
          at('/workspaces/{workspace_gid}/users', 'user', COMMON, localPaging()),
        ),
      },
    },
    team_users: {
      description: 'Users of a team',
      actions: {
        list: list(
          'List the users of a team',
          { team_gid: gid('team'), ...pageParams },
          ResourceCompactSchema,
          at('/teams/{team_gid}/users', 'user', COMMON, localPaging()),
        ),
      },
    },
    teams: {
      description: 'Teams',
      actions: {
        get: get('Get a team', 'team_gid', 'team', TeamSchema, '/teams/{team_gid}'),
        search: search('teams'),
      },
    },
    workspace_teams: {
      description: 'Teams of a workspace',
      actions: {
        list: list(
          'List the teams of a workspace',
          { workspace_gid: gid('workspace'), ...pageParams },
          ResourceCompactSchema,
          at('/workspaces/{workspace_gid}/teams', 'team'),
        ),
      },
    },
    user_teams: {
      description: 'Teams of a user in an organization',
      actions: {
        list: list(
          'List the teams of a user in an organization',
          {
            user_gid: z.string().min(1).max(320).describe('gid of the user, an email, or "me"'),
            organization: gid('workspace or organization'),
            ...pageParams,
          },
          ResourceCompactSchema,
          at('/users/{user_gid}/teams', 'team'),
        ),
      },
    },
    attachments: {
      description: 'Attachments (files) of tasks and projects',
      actions: {
        list: list(
          'List the attachments of an object (e.g. a task)',
          { parent: gid('parent object'), ...pageParams },
          AttachmentCompactSchema,
          at('/attachments', 'attachment', ATTACHMENT),
        ),
        get: get(
          'Get an attachment',
          'attachment_gid',
          'attachment',
          AttachmentSchema,
          '/attachments/{attachment_gid}',
        ),
        download: defineConnectorAction({
          kind: 'download',
          description: 'Download an attachment’s bytes (a byte range with range_header)',
          params: z.strictObject({
            attachment_gid: gid('attachment'),
            range_header: byteRangeParam(),
          }),
          record: z.never(),
          upstream: {
            path: '/attachments/{attachment_gid}',
            download: { rangeParam: 'range_header', locate: locateAttachmentDownload },
          },
        }),
        search: search('attachments'),
      },
    },
    workspace_tags: {
      description: 'Tags of a workspace',
      actions: {
        list: list(
          'List the tags of a workspace',
          { workspace_gid: gid('workspace'), ...pageParams },
          ResourceCompactSchema,
          at('/workspaces/{workspace_gid}/tags', 'tag'),
        ),
      },
    },
    tags: {
      description: 'Tags',
      actions: {
        get: get('Get a tag', 'tag_gid', 'tag', TagSchema, '/tags/{tag_gid}'),
        search: search('tags'),
      },
    },
    project_sections: {
      description: 'Sections of a project',
      actions: {
        list: list(
          'List the sections of a project',
          { project_gid: gid('project'), ...pageParams },
          ResourceCompactSchema,
          at('/projects/{project_gid}/sections', 'section'),
        ),
      },
    },
    sections: {
      description: 'Sections',
      actions: {
        get: get('Get a section', 'section_gid', 'section', SectionSchema, '/sections/{section_gid}'),
        search: search('sections'),
      },
    },
    task_subtasks: {
      description: 'Subtasks of a task',
      actions: {
        list: list(
          'List the subtasks of a task',
          { task_gid: gid('task'), ...pageParams },
          TaskCompactSchema,
          at('/tasks/{task_gid}/subtasks', 'task', TASK_LIKE),
        ),
      },
    },
    task_dependencies: {
      description: 'Tasks a task depends on',
      actions: {
        list: list(
          'List the dependencies of a task',
          { task_gid: gid('task'), ...pageParams },
          TaskCompactSchema,
          at('/tasks/{task_gid}/dependencies', 'task', TASK_LIKE),
        ),
      },
    },
    task_dependents: {
      description: 'Tasks that depend on a task',
      actions: {
        list: list(
          'List the dependents of a task',
          { task_gid: gid('task'), ...pageParams },
          TaskCompactSchema,
          at('/tasks/{task_gid}/dependents', 'task', TASK_LIKE),
        ),
      },
    },
  },
});

/** The type of the Asana connector definition. */
export type AsanaDefinition = typeof asanaDefinition;
