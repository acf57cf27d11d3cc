import * as z from 'zod';

// The agent API's request shapes (reference §1.2, §1.3, §2.1), strict like the seed's: a field the
// face cannot honour is refused by name rather than silently dropped.

const name = z.string().min(1).max(255);
const uuid = z.uuid();

/**
 * Query of `GET /api/v1/integrations/connectors`: the workspace (Conduit's external user id), by
 * its name or one of its deprecated aliases, and an optional definition id.
 *
 * @example
 * ```ts
 * AgentConnectorListQuerySchema.parse({ workspace_name: 'user-1', definition_id: 'd0243522-dccf-4978-8ba0-37ed47a0bdbf' });
 * ```
 */
export const AgentConnectorListQuerySchema = z.strictObject({
  workspace_name: name.optional(),
  customer_name: name.optional(),
  external_user_id: name.optional(),
  definition_id: uuid.optional(),
});

/**
 * Body of `POST /api/v1/integrations/connectors` (`ConnectorSourceCreateRequest`): the connector's
 * type by `definition_id` or `connector_type` (a connector's name or display name, any case), its credentials in the
 * connector's own field names, and its configuration variables in `environment` (or, for the
 * variables Conduit has, in `replication_config`).
 *
 * @example
 * ```ts
 * AgentCreateConnectorSchema.parse({ workspace_name: 'user-1', connector_type: 'Notes', credentials: { token: 'pat' } });
 * ```
 */
export const AgentCreateConnectorSchema = z.strictObject({
  workspace_name: name,
  name: z.string().trim().min(1).max(200).nullish(),
  connector_type: z.string().min(1).max(64).nullish(),
  definition_id: uuid.nullish(),
  source_template_id: uuid.nullish(),
  credentials: z.record(z.string(), z.unknown()).nullish(),
  replication_config: z.record(z.string(), z.unknown()).nullish(),
  environment: z.record(z.string(), z.unknown()).nullish(),
  entities: z.null().optional(),
  server_side_oauth_secret_id: z.null().optional(),
  selected_connection_template_tags: z.array(z.string()).max(0).optional(),
  selected_connection_template_tags_mode: z.enum(['all', 'any']).optional(),
});

/** A create body of the agent API, parsed. */
export type AgentCreateConnector = z.output<typeof AgentCreateConnectorSchema>;

/**
 * Body of `POST /api/v1/integrations/connectors/{id}/execute` (`ConnectorExecuteRequest`). `params`
 * may be null (the Python client sends `null` for none); `select_fields` wins over
 * `exclude_fields`; `skip_truncation` and `intent` are accepted (Conduit never truncates, and keeps
 * no audit text).
 *
 * @example
 * ```ts
 * AgentExecuteRequestSchema.parse({ entity: 'tasks', action: 'list', params: null });
 * ```
 */
export const AgentExecuteRequestSchema = z.strictObject({
  entity: z.string().max(128),
  action: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).nullish(),
  select_fields: z.array(z.string().min(1).max(512)).max(200).nullish(),
  exclude_fields: z.array(z.string().min(1).max(512)).max(200).nullish(),
  skip_truncation: z.boolean().nullish(),
  intent: z.string().max(512).nullish(),
});

/** An execute body of the agent API, parsed. */
export type AgentExecuteRequest = z.output<typeof AgentExecuteRequestSchema>;

const template = {
  id: uuid,
  name: z.string(),
  icon: z.string().nullable(),
  customization: z.record(z.string(), z.unknown()).nullable(),
  tags: z.array(z.string()),
  mode: z.enum(['DIRECT', 'REPLICATION', 'MULTI']),
  runtime_mode: z.enum(['direct_only', 'context_store_only', 'direct_and_context_store']).nullable(),
  supports_context_store: z.boolean(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
};

/**
 * One connector of the agent API's listing (`ConnectorSourceListItem`, reference §1.2).
 *
 * @example
 * ```ts
 * AgentConnectorListItemSchema.parse(item).summarized_source_template.connector_name; // the module's name
 * ```
 */
export const AgentConnectorListItemSchema = z.object({
  id: uuid,
  name: z.string(),
  summarized_source_template: z.object({
    ...template,
    actor_definition_id: uuid,
    connector_name: z.string().nullable(),
    organization_id: uuid.nullable(),
  }),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** One connector of the agent API's listing. */
export type AgentConnectorListItem = z.output<typeof AgentConnectorListItemSchema>;

/**
 * The agent API's listing: `{data}`.
 *
 * @example
 * ```ts
 * AgentConnectorListSchema.parse(await response.json()).data[0]?.id;
 * ```
 */
export const AgentConnectorListSchema = z.object({ data: z.array(AgentConnectorListItemSchema) });

/**
 * A connector as the agent API's create and get answer it (`ConnectorSourceCreateResponse`,
 * reference §1.3); `replication_config` holds its config, never its credentials.
 *
 * @example
 * ```ts
 * const { id } = AgentConnectorDetailSchema.parse(await response.json());
 * ```
 */
export const AgentConnectorDetailSchema = z.object({
  id: uuid,
  name: z.string(),
  source_template: z.object({
    ...template,
    source_definition_id: uuid,
    user_config_spec: z.object({ connectionSpecification: z.record(z.string(), z.unknown()) }),
    partial_default_config: z.record(z.string(), z.unknown()),
    is_experimental: z.boolean(),
  }),
  replication_config: z.record(z.string(), z.unknown()),
  entities: z.null(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** A connector as the agent API's create and get answer it. */
export type AgentConnectorDetail = z.output<typeof AgentConnectorDetailSchema>;

/**
 * The 202 of a deletion: `{job_id}` (Conduit deletes at once; the platform's deletion is a job).
 *
 * @example
 * ```ts
 * AgentDeletedSchema.parse(await response.json()).job_id;
 * ```
 */
export const AgentDeletedSchema = z.object({ job_id: uuid });

/**
 * The envelope of the agent API's execute (`ConnectorExecuteResponse`, reference §2.2): a list's
 * `result` is its records and `connector_metadata` its paging object; a search's `result` is
 * `{data, meta: {has_more, cursor, took_ms}}`.
 *
 * @example
 * ```ts
 * const { result, connector_metadata } = AgentExecuteEnvelopeSchema.parse(await response.json());
 * ```
 */
export const AgentExecuteEnvelopeSchema = z.object({
  status: z.literal('success'),
  result: z.unknown(),
  connector_metadata: z.record(z.string(), z.unknown()).nullable(),
  execution_metadata: z.object({
    connector_instance_id: z.string(),
    execution_time_ms: z.int().nonnegative(),
  }),
});
