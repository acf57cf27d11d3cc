import * as z from 'zod';
import { defaultNotifications } from './cloud-simulator-state';
import { type PageEnvelope, pageEnvelope, readPaging } from './page-envelope';
import { notFound } from './problem-responses';
import { presentOrganization, presentWorkspace } from './public-presenters';
import { queryBoolean, queryUuidList } from './query-params';
import { parsePublicBody } from './request-validation';
import { requireWorkspace } from './resource-lookups';
import { ok, type SimulatorRoute } from './route-context';

const notificationsSchema = z.record(z.string(), z.unknown());

const createSchema = z.object({
  name: z.string().min(1),
  organizationId: z.uuid().optional(),
  notifications: notificationsSchema.optional(),
  regionId: z.uuid().optional(),
});

const updateSchema = z.object({
  name: z.string().min(1).optional(),
  notifications: notificationsSchema.optional(),
  regionId: z.uuid().optional(),
});

/**
 * Public API routes for workspaces (`/workspaces`, `/workspaces/{workspaceId}`) and the
 * organization list (`/organizations`).
 *
 * @example
 * ```ts
 * new RouteTable(workspaceRoutes());
 * ```
 */
export function workspaceRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'public',
      method: 'GET',
      path: '/workspaces',
      operationId: 'listWorkspaces',
      authenticated: true,
      handler: ({ services, query, linkBase }) => {
        const ids = queryUuidList(query, 'workspaceIds');
        const includeDeleted = queryBoolean(query, 'includeDeleted', false);
        const items = [...services.state.workspaces.values()]
          .filter((workspace) => includeDeleted || !workspace.deleted)
          .filter((workspace) => ids.length === 0 || ids.includes(workspace.workspaceId));
        const page: PageEnvelope<unknown> = pageEnvelope(
          items.map(presentWorkspace),
          readPaging(query),
          `${linkBase}/workspaces`,
          query,
        );
        return ok(page);
      },
    },
    {
      api: 'public',
      method: 'POST',
      path: '/workspaces',
      operationId: 'createWorkspace',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parsePublicBody(createSchema, body);
        if (input.organizationId !== undefined && !services.state.organizations.has(input.organizationId)) {
          throw notFound('organization', input.organizationId);
        }
        const workspace = services.state.addWorkspace({
          name: input.name,
          ...(input.organizationId === undefined ? {} : { organizationId: input.organizationId }),
        });
        if (input.notifications)
          workspace.notifications = { ...defaultNotifications(), ...input.notifications };
        if (input.regionId) workspace.regionId = input.regionId;
        return ok(presentWorkspace(workspace));
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: '/workspaces/{workspaceId}',
      operationId: 'getWorkspace',
      authenticated: true,
      handler: ({ services, params }) =>
        ok(presentWorkspace(requireWorkspace(services.state, params.workspaceId ?? ''))),
    },
    {
      api: 'public',
      method: 'PATCH',
      path: '/workspaces/{workspaceId}',
      operationId: 'updateWorkspace',
      authenticated: true,
      handler: ({ services, params, body }) => {
        const workspace = requireWorkspace(services.state, params.workspaceId ?? '');
        const input = parsePublicBody(updateSchema, body);
        if (input.name !== undefined) workspace.name = input.name;
        if (input.notifications !== undefined)
          workspace.notifications = { ...workspace.notifications, ...input.notifications };
        if (input.regionId !== undefined) workspace.regionId = input.regionId;
        return ok(presentWorkspace(workspace));
      },
    },
    {
      api: 'public',
      method: 'DELETE',
      path: '/workspaces/{workspaceId}',
      operationId: 'deleteWorkspace',
      authenticated: true,
      handler: ({ services, params }) => {
        requireWorkspace(services.state, params.workspaceId ?? '').deleted = true;
        return { status: 204 };
      },
    },
    {
      api: 'public',
      method: 'GET',
      path: '/organizations',
      operationId: 'listOrganizationsForUser',
      authenticated: true,
      handler: ({ services }) => {
        // Without ORGANIZATION_READER the caller belongs to no organization it may read.
        const visible = services.state.permissions.organizationReader
          ? [...services.state.organizations.values()]
          : [];
        return ok({ data: visible.map(presentOrganization) });
      },
    },
  ];
}
