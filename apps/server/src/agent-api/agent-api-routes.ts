import { randomUUID } from 'node:crypto';
import type { ConnectorModule, ConnectorRegistry } from '@conduit/connector-kit';
import { NotFoundError, ValidationError } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { jsonResponse } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { ConnectorRecord } from '../store/store';
import { parseBody } from '../validation/parse-body';
import { AGENT_API_PATHS } from './agent-api-paths';
import {
  AgentConnectorListQuerySchema,
  type AgentCreateConnector,
  AgentCreateConnectorSchema,
} from './agent-api-schemas';
import { connectorSourceDetail, connectorSourceListItem, definitionIdOf } from './connector-source-json';

function invalid(field: string, message: string, code = 'invalid_param'): ValidationError {
  return new ValidationError(message, { status: 400, code, details: [{ field, message, error_code: code }] });
}

/** The query string as one value per name, a repeated name refused (as the seed's listing does). */
function queryValues(url: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URL(url).searchParams) {
    if (Object.hasOwn(values, name)) throw invalid(name, `query parameter "${name}" is given more than once`);
    values[name] = value;
  }
  return values;
}

/** The one workspace name a request gives under any of its names, or undefined. */
function workspaceOf(
  names: Partial<Record<'workspace_name' | 'customer_name' | 'external_user_id', string>>,
) {
  const given = Object.entries(names).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const distinct = new Set(given.map(([, value]) => value));
  if (distinct.size > 1) {
    throw invalid(
      given[1]![0],
      'workspace_name, customer_name and external_user_id name the same thing; give one',
    );
  }
  return given[0]?.[1];
}

/** Module lookups by the agent API's names: its definition id, or a connector name, alias or display name. */
function modulesOf(registry: ConnectorRegistry) {
  const byDefinitionId = new Map<string, ConnectorModule>();
  for (const module of registry.modules) {
    for (const id of [definitionIdOf(module), ...(module.definitionIds ?? [])])
      byDefinitionId.set(id, module);
  }
  return {
    byDefinitionId: (id: string) => byDefinitionId.get(id.toLowerCase()),
    byName(name: string): ConnectorModule | undefined {
      const wanted = name.trim().toLowerCase();
      return (
        registry.find(wanted) ??
        registry.modules.find((module) => module.displayName.toLowerCase() === wanted) ??
        registry.modules.find((module) => module.displayName.toLowerCase().replaceAll(' ', '-') === wanted)
      );
    },
    forRecord(record: ConnectorRecord): ConnectorModule | undefined {
      return registry.forKind(record.connectorType);
    },
    names: () => registry.modules.map((module) => module.name).join(', '),
  };
}

type Modules = ReturnType<typeof modulesOf>;

/** The module a create body names, by `definition_id` or `connector_type` (they must agree when both are given). */
function moduleOfCreate(body: AgentCreateConnector, modules: Modules): ConnectorModule {
  const byId = body.definition_id == null ? undefined : modules.byDefinitionId(body.definition_id);
  if (body.definition_id != null && !byId) {
    throw invalid('definition_id', `no connector of this server has definition id ${body.definition_id}`);
  }
  const byName = body.connector_type == null ? undefined : modules.byName(body.connector_type);
  if (body.connector_type != null && !byName) {
    throw invalid(
      'connector_type',
      `unknown connector_type "${body.connector_type}"; this server has ${modules.names()}`,
    );
  }
  if (byId && byName && byId !== byName) {
    throw invalid('connector_type', 'connector_type and definition_id name different connectors');
  }
  const module = byId ?? byName;
  if (!module) throw invalid('definition_id', 'give definition_id or connector_type', 'missing_param');
  if (body.source_template_id != null && body.source_template_id.toLowerCase() !== definitionIdOf(module)) {
    throw invalid(
      'source_template_id',
      `the only source template of ${module.displayName} is ${definitionIdOf(module)}`,
    );
  }
  return module;
}

/**
 * The connector's config from a create body: `environment` holds its configuration variables; the
 * variables also found at the top of `replication_config` (where the platform keeps `subdomain`,
 * `instance_url`) are taken from there when `environment` lacks them. Anything else of the
 * platform's source configuration has no meaning here and is left out.
 */
function configOfCreate(body: AgentCreateConnector): Record<string, unknown> {
  const config: Record<string, unknown> = { ...body.environment };
  for (const key of ['subdomain', 'instance_url'] as const) {
    const value = body.replication_config?.[key];
    if (value !== undefined && config[key] === undefined) config[key] = value;
  }
  return config;
}

function moduleOrGone(modules: Modules, record: ConnectorRecord): ConnectorModule {
  const module = modules.forRecord(record);
  if (module) return module;
  const message = `connector ${record.id} is of a kind this server no longer runs (${record.connectorType})`;
  throw new NotFoundError(message, {
    status: 404,
    code: 'not_found',
    details: [{ message, error_code: 'not_found' }],
  });
}

/**
 * Registers the agent API's connector calls (reference §1.2–§1.4, §2.7): lookup by workspace and
 * definition id, create by `definition_id` or `connector_type` (200 with the connector's id),
 * get, and delete (202 `{job_id}`). They run on the seed's connector service, so tenancy, limits
 * and errors are the same: a scoped token sees its own user's connectors, an application token its
 * application's.
 *
 * @example
 * ```ts
 * registerAgentApiRoutes(app, services, connectorRegistry);
 * ```
 */
export function registerAgentApiRoutes(
  app: Hono<AppEnv>,
  services: ServerServices,
  registry: ConnectorRegistry,
): void {
  const modules = modulesOf(registry);

  app.get(AGENT_API_PATHS.connectors, async (c) => {
    const query = parseBody(AgentConnectorListQuerySchema, queryValues(c.req.url));
    const externalUserId = workspaceOf({
      workspace_name: query.workspace_name,
      customer_name: query.customer_name,
      external_user_id: query.external_user_id,
    });
    const wanted =
      query.definition_id === undefined ? undefined : modules.byDefinitionId(query.definition_id);
    // A definition id no connector here has matches nothing, as a filter does.
    if (query.definition_id !== undefined && !wanted) return c.json({ data: [] });
    const records = await services.connectors.list(requireCaller(c), {
      externalUserId,
      connectorType: wanted?.kind,
    });
    const data = records.flatMap((record) => {
      const module = modules.forRecord(record);
      return module ? [connectorSourceListItem(record, module)] : [];
    });
    return c.json({ data });
  });

  app.post(AGENT_API_PATHS.connectors, async (c) => {
    const body = parseBody(AgentCreateConnectorSchema, await readJsonBody(c, services.config.bodyLimitBytes));
    const module = moduleOfCreate(body, modules);
    if (body.credentials == null) {
      throw invalid(
        'credentials',
        `credentials are required: the ${module.displayName} connector's own fields`,
        'missing_param',
      );
    }
    const record = await services.connectors.create(requireCaller(c), {
      external_user_id: body.workspace_name,
      connector_type: module.kind,
      name: body.name ?? `${module.name} - ${body.workspace_name}`,
      credentials: body.credentials,
      config: configOfCreate(body),
    });
    return c.json(connectorSourceDetail(record, module));
  });

  app.get(AGENT_API_PATHS.connector, async (c) => {
    const record = await services.connectors.get(requireCaller(c), c.req.param('id'));
    return c.json(connectorSourceDetail(record, moduleOrGone(modules, record)));
  });

  app.delete(AGENT_API_PATHS.connector, async (c) => {
    await services.connectors.delete(requireCaller(c), c.req.param('id'));
    // Conduit deletes at once; the platform's deletion is a job, and clients accept any 2xx.
    return jsonResponse({ job_id: randomUUID() }, 202);
  });
}
