import * as z from 'zod';
import { SyncSummarySchema } from './sync-schemas';

const timestamp = z.iso.datetime({ offset: true });

/**
 * Body of `POST /v1/integrations/connectors`. `connector_type` is any name or alias here;
 * credentials and config are checked per kind by `parseCreateConnectorRequest`.
 *
 * @example
 * ```ts
 * CreateConnectorRequestSchema.parse({ external_user_id: 'user-42', connector_type: 'task-management', credentials: { token: 'pat' } });
 * ```
 */
export const CreateConnectorRequestSchema = z.strictObject({
  external_user_id: z.string().min(1).max(255),
  connector_type: z.string().min(1).max(64),
  // null is read as absent: clients often serialise an unset option that way.
  name: z.string().trim().min(1).max(200).nullish(),
  credentials: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * Body of a create-connector request.
 *
 * @example
 * ```ts
 * const body: CreateConnectorRequest = { external_user_id: 'user-42', connector_type: 'task-management', credentials: { token: 'pat' } };
 * ```
 */
export type CreateConnectorRequest = z.input<typeof CreateConnectorRequestSchema>;

/**
 * Query of `GET /v1/integrations/connectors`: optional filters, an empty value meaning none.
 * `workspace_name` is the reference service's name for `external_user_id`.
 *
 * @example
 * ```ts
 * ConnectorListQuerySchema.parse({ external_user_id: 'user-42', connector_type: 'task-management' });
 * ```
 */
export const ConnectorListQuerySchema = z.strictObject({
  external_user_id: z.string().max(255).optional(),
  connector_type: z.string().max(64).optional(),
  workspace_name: z.string().max(255).optional(),
});

/**
 * Query of a connector listing.
 *
 * @example
 * ```ts
 * const query: ConnectorListQuery = { connector_type: 'crm' };
 * ```
 */
export type ConnectorListQuery = z.output<typeof ConnectorListQuerySchema>;

/**
 * Body of `PATCH /v1/integrations/connectors/{id}`: new upstream credentials (re-authorization),
 * and optionally a new config or name. At least one field; credentials and config are checked per
 * kind like at creation. New credentials return a `needs_reauth` connector to `active` and keep
 * its synced data.
 *
 * @example
 * ```ts
 * UpdateConnectorRequestSchema.parse({ credentials: { token: 'new-pat' } });
 * ```
 */
export const UpdateConnectorRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    credentials: z.record(z.string(), z.unknown()).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    error: 'give credentials, config or name',
    path: ['credentials'],
  });

/**
 * Body of a connector update.
 *
 * @example
 * ```ts
 * const body: UpdateConnectorRequest = { credentials: { email: 'a@b.test', api_token: 'new' } };
 * ```
 */
export type UpdateConnectorRequest = z.input<typeof UpdateConnectorRequestSchema>;

/**
 * `active`, `needs_reauth` (the upstream refused the credentials after a refresh attempt) or
 * `error`.
 *
 * @example
 * ```ts
 * CONNECTOR_STATUSES.includes('needs_reauth'); // true
 * ```
 */
export const CONNECTOR_STATUSES = ['active', 'needs_reauth', 'error'] as const;

/**
 * Status of a connector.
 *
 * @example
 * ```ts
 * const usable = (status: ConnectorStatus) => status === 'active';
 * ```
 */
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/**
 * The 201 body of connector creation. Credentials are never returned.
 *
 * @example
 * ```ts
 * const { id } = CreatedConnectorSchema.parse(await response.json());
 * ```
 */
export const CreatedConnectorSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  connector_type: z.string().min(1),
  external_user_id: z.string().min(1),
  status: z.enum(CONNECTOR_STATUSES),
  created_at: timestamp,
});

/**
 * The body of connector creation.
 *
 * @example
 * ```ts
 * const created: CreatedConnector = CreatedConnectorSchema.parse(await response.json());
 * ```
 */
export type CreatedConnector = z.output<typeof CreatedConnectorSchema>;

/**
 * A connector as `GET /v1/integrations/connectors/{id}` returns it, with its sync summary.
 *
 * @example
 * ```ts
 * const connector = ConnectorSchema.parse(await response.json());
 * if (connector.status === 'needs_reauth') askForNewCredentials();
 * ```
 */
export const ConnectorSchema = CreatedConnectorSchema.extend({
  updated_at: timestamp,
  sync: SyncSummarySchema,
});

/**
 * A connector.
 *
 * @example
 * ```ts
 * const connector: Connector = ConnectorSchema.parse(await response.json());
 * ```
 */
export type Connector = z.output<typeof ConnectorSchema>;

/**
 * `GET /v1/integrations/connectors`: `{data: Connector[]}`.
 *
 * @example
 * ```ts
 * const { data } = ConnectorListSchema.parse(await response.json());
 * ```
 */
export const ConnectorListSchema = z.object({ data: z.array(ConnectorSchema) });

/**
 * A list of connectors.
 *
 * @example
 * ```ts
 * const { data }: ConnectorList = ConnectorListSchema.parse(await response.json());
 * ```
 */
export type ConnectorList = z.output<typeof ConnectorListSchema>;
