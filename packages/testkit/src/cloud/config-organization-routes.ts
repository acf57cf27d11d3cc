import * as z from 'zod';
import { configError, configNotFound } from './config-api-errors';
import { presentOrganizationInfo, presentWorkspaceRead } from './config-presenters';
import { parseConfigBody } from './request-validation';
import { requireWorkspace } from './resource-lookups';
import { ok, type PlatformServices, type SimulatorRoute } from './route-context';
import type { CloudOrganizationRecord } from './simulator-records';

function requireOrganizationReader(services: PlatformServices, organizationId: string): void {
  if (!services.state.permissions.organizationReader) {
    throw configError(
      403,
      `Caller does not have the required ORGANIZATION_READER permission on organization ${organizationId}.`,
      'io.airbyte.commons.server.errors.problems.ForbiddenProblem',
    );
  }
}

function requireOrganization(services: PlatformServices, id: string): CloudOrganizationRecord {
  const organization = services.state.organizations.get(id);
  if (!organization) throw configNotFound(id, `Could not find configuration for ORGANIZATION: ${id}.`);
  return organization;
}

/**
 * Config API organization routes: the organization of a workspace, an organization's info, and
 * the workspaces of an organization (paged by `pageSize`/`rowOffset`, filtered by
 * `nameContains`). All need `ORGANIZATION_READER`, and answer 403 without it.
 *
 * @example
 * ```ts
 * new RouteTable(configOrganizationRoutes());
 * ```
 */
export function configOrganizationRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'config',
      method: 'POST',
      path: '/workspaces/get_organization_info',
      operationId: 'getOrganizationInfo',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(
          z.object({ workspaceId: z.uuid(), includeTombstone: z.boolean().optional() }),
          body,
        );
        const workspace = requireWorkspace(services.state, input.workspaceId, 'config');
        requireOrganizationReader(services, workspace.organizationId);
        return ok(presentOrganizationInfo(requireOrganization(services, workspace.organizationId)));
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/organizations/get_organization_info',
      operationId: 'getOrgInfo',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(z.object({ organizationId: z.uuid() }), body);
        const organization = requireOrganization(services, input.organizationId);
        requireOrganizationReader(services, organization.organizationId);
        return ok(presentOrganizationInfo(organization));
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/workspaces/list_by_organization_id',
      operationId: 'listWorkspacesInOrganization',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(
          z.object({
            organizationId: z.uuid(),
            pagination: z
              .object({
                pageSize: z.number().int().positive().optional(),
                rowOffset: z.number().int().nonnegative().optional(),
              })
              .optional(),
            nameContains: z.string().optional(),
          }),
          body,
        );
        const organization = requireOrganization(services, input.organizationId);
        requireOrganizationReader(services, organization.organizationId);
        const needle = input.nameContains?.toLowerCase();
        const matching = [...services.state.workspaces.values()]
          .filter(
            (workspace) => !workspace.deleted && workspace.organizationId === organization.organizationId,
          )
          .filter((workspace) => needle === undefined || workspace.name.toLowerCase().includes(needle));
        const offset = input.pagination?.rowOffset ?? 0;
        const size = input.pagination?.pageSize ?? matching.length;
        return ok({ workspaces: matching.slice(offset, offset + size).map(presentWorkspaceRead) });
      },
    },
  ];
}
