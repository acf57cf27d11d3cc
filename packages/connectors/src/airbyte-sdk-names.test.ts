import { asanaModule } from '@conduit/asana';
import { type ConnectorDefinition, findAction, paramsWithAliases } from '@conduit/protocol';
import { salesforceModule } from '@conduit/salesforce';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { describe, expect, it } from 'vitest';

// The entity, action and param names the typed methods of Airbyte's Python SDK (airbyte_agent_sdk
// 0.1.180, each connector's parameter map) send, for the three connectors Conduit ships: every one
// must be a name the connector's definition takes, directly or as an alias, so the unmodified client
// works in every mode (docs/airbyte-python-sdk.md). Downloads' `range_header` is sent as a Range
// header, not a param, and is left out.

const paging = ['limit', 'offset'];
const zendeskPaging = ['page', 'per_page'];

const SDK_NAMES: Record<string, Record<string, readonly string[]>> = {
  asana: {
    'tasks.list': [
      ...paging,
      'project',
      'workspace',
      'section',
      'assignee',
      'completed_since',
      'modified_since',
    ],
    'project_tasks.list': ['project_gid', ...paging, 'completed_since'],
    'tasks.get': ['task_gid'],
    'workspace_task_search.list': [
      'workspace_gid',
      ...paging,
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
      'sort_by',
      'sort_ascending',
    ],
    'projects.list': [...paging, 'workspace', 'team', 'archived'],
    'projects.get': ['project_gid'],
    'task_projects.list': ['task_gid', ...paging],
    'team_projects.list': ['team_gid', ...paging, 'archived'],
    'workspace_projects.list': ['workspace_gid', ...paging, 'archived'],
    'workspaces.list': paging,
    'workspaces.get': ['workspace_gid'],
    'users.list': [...paging, 'workspace', 'team'],
    'users.get': ['user_gid'],
    'workspace_users.list': ['workspace_gid', ...paging],
    'team_users.list': ['team_gid', ...paging],
    'teams.get': ['team_gid'],
    'workspace_teams.list': ['workspace_gid', ...paging],
    'user_teams.list': ['user_gid', 'organization', ...paging],
    'attachments.list': ['parent', ...paging],
    'attachments.get': ['attachment_gid'],
    'attachments.download': ['attachment_gid'],
    'workspace_tags.list': ['workspace_gid', ...paging],
    'tags.get': ['tag_gid'],
    'project_sections.list': ['project_gid', ...paging],
    'sections.get': ['section_gid'],
    'task_subtasks.list': ['task_gid', ...paging],
    'task_dependencies.list': ['task_gid', ...paging],
    'task_dependents.list': ['task_gid', ...paging],
  },
  'zendesk-support': {
    'tickets.list': [...zendeskPaging, 'external_id', 'sort_by', 'sort_order'],
    'tickets.get': ['ticket_id'],
    'users.list': [...zendeskPaging, 'role', 'external_id'],
    'users.get': ['user_id'],
    'organizations.list': zendeskPaging,
    'organizations.get': ['organization_id'],
    'groups.list': [...zendeskPaging, 'exclude_deleted'],
    'groups.get': ['group_id'],
    'ticket_comments.list': ['ticket_id', ...zendeskPaging, 'include_inline_images', 'sort_order'],
    'attachments.get': ['attachment_id'],
    'attachments.download': ['attachment_id'],
    'ticket_audits.list': ['ticket_id', ...zendeskPaging],
    'ticket_metrics.list': zendeskPaging,
    'ticket_fields.list': [...zendeskPaging, 'locale'],
    'ticket_fields.get': ['ticket_field_id'],
    'brands.list': zendeskPaging,
    'brands.get': ['brand_id'],
    'views.list': [...zendeskPaging, 'access', 'active', 'group_id', 'sort_by', 'sort_order'],
    'views.get': ['view_id'],
    'macros.list': [
      ...zendeskPaging,
      'access',
      'active',
      'category',
      'group_id',
      'only_viewable',
      'sort_by',
      'sort_order',
    ],
    'macros.get': ['macro_id'],
    'tags.list': zendeskPaging,
    'satisfaction_ratings.list': [...zendeskPaging, 'score', 'start_time', 'end_time'],
    'satisfaction_ratings.get': ['satisfaction_rating_id'],
    'group_memberships.list': zendeskPaging,
    'organization_memberships.list': zendeskPaging,
    'sla_policies.list': zendeskPaging,
    'sla_policies.get': ['sla_policy_id'],
    'ticket_forms.list': [...zendeskPaging, 'active', 'end_user_visible'],
    'ticket_forms.get': ['ticket_form_id'],
  },
  salesforce: {
    'sobjects.list': ['limit'],
    ...Object.fromEntries(
      [
        'accounts',
        'contacts',
        'leads',
        'opportunities',
        'tasks',
        'events',
        'campaigns',
        'cases',
        'notes',
      ].flatMap((entity) => [
        [`${entity}.list`, ['q']],
        [`${entity}.get`, ['id', 'fields']],
        [`${entity}.api_search`, ['q']],
      ]),
    ),
    'content_versions.list': ['q'],
    'content_versions.get': ['id', 'fields'],
    'content_versions.download': ['id'],
    'attachments.list': ['q'],
    'attachments.get': ['id', 'fields'],
    'attachments.download': ['id'],
    'query.list': ['q'],
  },
};

const DEFINITIONS: Record<string, ConnectorDefinition> = {
  asana: asanaModule.definition,
  'zendesk-support': zendeskSupportModule.definition,
  salesforce: salesforceModule.definition,
};

describe("the names Airbyte's Python SDK sends", () => {
  for (const [connector, calls] of Object.entries(SDK_NAMES)) {
    it(`are all taken by the ${connector} definition`, () => {
      const refused: string[] = [];
      for (const [call, params] of Object.entries(calls)) {
        const [entity, action] = call.split('.') as [string, string];
        const found = findAction(DEFINITIONS[connector]!, entity, action);
        if ('error' in found) {
          refused.push(`${call}: ${found.error}`);
          continue;
        }
        const taken = new Set(Object.keys(paramsWithAliases(found).shape));
        for (const param of params) if (!taken.has(param)) refused.push(`${call}: ${param}`);
      }
      expect(refused).toEqual([]);
    });
  }
});
