import {
  ApplicationListSchema,
  ApplicationSchema,
  ApplicationTokenRequestSchema,
  ApplicationTokenResponseSchema,
  ApplicationWithSecretSchema,
  ChangeFeedQuerySchema,
  ChangePageSchema,
  ConnectorListQuerySchema,
  ConnectorListSchema,
  ConnectorSchema,
  ConnectSessionSchema,
  CreateApplicationRequestSchema,
  CreateConnectorRequestSchema,
  CreateConnectSessionRequestSchema,
  CreatedConnectorSchema,
  CreatedConnectSessionSchema,
  ErrorBodySchema,
  ExecuteRequestSchema,
  listEnvelopeSchema,
  ScopedTokenRequestSchema,
  ScopedTokenResponseSchema,
  SyncRequestSchema,
  SyncStartedSchema,
  SyncSummarySchema,
  searchEnvelopeSchema,
  UpdateConnectorRequestSchema,
} from '@conduit/protocol';
import * as z from 'zod';
import {
  AgentConnectorDetailSchema,
  AgentConnectorListQuerySchema,
  AgentConnectorListSchema,
  AgentCreateConnectorSchema,
  AgentDeletedSchema,
  AgentExecuteEnvelopeSchema,
  AgentExecuteRequestSchema,
} from '../agent-api/agent-api-schemas';
import { ConnectFormSchema } from '../connect/connect-form-schema';
import { ReturnUrlOriginsAnswerSchema, ReturnUrlOriginsSchema } from '../services/return-url-origins';

/** How an operation is authorized. */
export type OperationSecurity = 'none' | 'bearer' | 'application' | 'admin' | 'metrics';

/** One response of an operation: a JSON body from a zod schema, another media type, or none. */
export interface OperationResponse {
  readonly description: string;
  /** The JSON body, described by the schema the server's answers are built to. */
  readonly schema?: z.ZodType;
  /** Its name under `components.schemas` (shared by every operation that answers it). */
  readonly name?: string;
  /** Other media types, by type, with an OpenAPI schema (e.g. bytes of a download). */
  readonly media?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * One operation of the service, described with the zod schemas its route validates requests with
 * and builds answers from, so the OpenAPI document cannot drift from the code.
 */
export interface ServiceOperation {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The route as registered, with `:param` segments. */
  readonly route: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly security: OperationSecurity;
  readonly query?: z.ZodObject;
  readonly body?: {
    readonly schema: z.ZodType;
    readonly name: string;
    readonly required: boolean;
    /** Default `application/json`; the connect page takes `application/x-www-form-urlencoded`. */
    readonly mediaType?: string;
  };
  /** Success responses by status; the error statuses are listed in `errors`. */
  readonly responses: Readonly<Record<string, OperationResponse>>;
  /** Error statuses this operation answers with the error body (contract §5). */
  readonly errors: readonly number[];
}

// A download answers with the upstream's bytes; the other execute answers are JSON of the action.
const bytes = { type: 'string', format: 'binary' } as const;
const executeAnswer = z.union([
  listEnvelopeSchema(z.record(z.string(), z.unknown())),
  searchEnvelopeSchema(z.record(z.string(), z.unknown())),
  z.record(z.string(), z.unknown()),
]);

const connectorId = '/:id';
const htmlPage = { 'text/html': { schema: { type: 'string' } } } as const;

// What the connect page's form posts share: the body, and the answers of a session that cannot
// take it (none, or spent) or of a form too large to read.
const connectFormBody = {
  schema: ConnectFormSchema,
  name: 'ConnectForm',
  required: true,
  mediaType: 'application/x-www-form-urlencoded',
} as const;
const noSuchSession = { description: 'No such session', media: htmlPage } as const;
const sessionGone = {
  description: 'The session was used, has expired, or its application was revoked',
  media: htmlPage,
} as const;
const formTooLarge = {
  description: 'The form is too large',
  schema: ErrorBodySchema,
  name: 'ErrorBody',
} as const;

/**
 * Every operation the service can serve. The document at `/openapi.json` lists those whose route
 * the running server registered (the admin API only with `CONDUIT_ADMIN_TOKEN`, execute and sync
 * with their features).
 *
 * @example
 * ```ts
 * SERVICE_OPERATIONS.find((operation) => operation.operationId === 'createConnector');
 * ```
 */
export const SERVICE_OPERATIONS: readonly ServiceOperation[] = [
  {
    method: 'post',
    route: '/api/v1/account/applications/token',
    operationId: 'createApplicationToken',
    summary: "An application token (900 s) for an application's client credentials",
    tag: 'tokens',
    security: 'none',
    body: { schema: ApplicationTokenRequestSchema, name: 'ApplicationTokenRequest', required: true },
    responses: {
      200: {
        description: 'The token',
        schema: ApplicationTokenResponseSchema,
        name: 'ApplicationTokenResponse',
      },
    },
    errors: [400, 401, 413, 429, 503],
  },
  {
    method: 'post',
    route: '/api/v1/account/applications/scoped-token',
    operationId: 'createScopedToken',
    summary: 'A scoped token (1200 s) acting for one external user, with an application token',
    tag: 'tokens',
    security: 'application',
    body: { schema: ScopedTokenRequestSchema, name: 'ScopedTokenRequest', required: true },
    responses: {
      200: { description: 'The token', schema: ScopedTokenResponseSchema, name: 'ScopedTokenResponse' },
    },
    errors: [400, 401, 413, 429, 503],
  },
  {
    method: 'post',
    route: '/v1/integrations/connectors',
    operationId: 'createConnector',
    summary: 'Store upstream credentials of an external user as a connector',
    tag: 'connectors',
    security: 'bearer',
    body: { schema: CreateConnectorRequestSchema, name: 'CreateConnectorRequest', required: true },
    responses: {
      201: {
        description: 'The connector (credentials are never returned)',
        schema: CreatedConnectorSchema,
        name: 'CreatedConnector',
        headers: { location: 'The connector’s address' },
      },
    },
    errors: [400, 401, 403, 413, 422, 429, 503],
  },
  {
    method: 'get',
    route: '/v1/integrations/connectors',
    operationId: 'listConnectors',
    summary: 'The caller’s connectors, oldest first (a scoped token sees only its user’s)',
    tag: 'connectors',
    security: 'bearer',
    query: ConnectorListQuerySchema,
    responses: { 200: { description: 'The connectors', schema: ConnectorListSchema, name: 'ConnectorList' } },
    errors: [400, 401, 403, 429, 503],
  },
  {
    method: 'get',
    route: `/v1/integrations/connectors${connectorId}`,
    operationId: 'getConnector',
    summary: 'One connector with its sync summary',
    tag: 'connectors',
    security: 'bearer',
    responses: { 200: { description: 'The connector', schema: ConnectorSchema, name: 'Connector' } },
    errors: [401, 404, 429, 503],
  },
  {
    method: 'patch',
    route: `/v1/integrations/connectors${connectorId}`,
    operationId: 'updateConnector',
    summary: 'Replace a connector’s credentials (re-authorization), config or name, keeping its data',
    tag: 'connectors',
    security: 'bearer',
    body: { schema: UpdateConnectorRequestSchema, name: 'UpdateConnectorRequest', required: true },
    responses: {
      200: {
        description: 'The connector, active again after new credentials',
        schema: ConnectorSchema,
        name: 'Connector',
      },
    },
    errors: [400, 401, 404, 413, 422, 429, 503],
  },
  {
    method: 'delete',
    route: `/v1/integrations/connectors${connectorId}`,
    operationId: 'deleteConnector',
    summary: 'Delete a connector, its credentials and its synced data',
    tag: 'connectors',
    security: 'bearer',
    responses: { 204: { description: 'Deleted' } },
    errors: [401, 404, 429, 503],
  },
  {
    method: 'post',
    route: '/v1/integrations/connect-sessions',
    operationId: 'createConnectSession',
    summary: 'Invite an external user to connect an account (or re-authorize one) on the connect page',
    tag: 'connect',
    security: 'bearer',
    body: { schema: CreateConnectSessionRequestSchema, name: 'CreateConnectSessionRequest', required: true },
    responses: {
      201: {
        description: 'The pending session; send the end user to its url',
        schema: CreatedConnectSessionSchema,
        name: 'CreatedConnectSession',
        headers: { location: 'The session’s address' },
      },
    },
    errors: [400, 401, 403, 413, 422, 429, 503],
  },
  {
    method: 'get',
    route: '/v1/integrations/connect-sessions/:id',
    operationId: 'getConnectSession',
    summary: 'A connect session’s status, with its connector once completed',
    tag: 'connect',
    security: 'bearer',
    responses: { 200: { description: 'The session', schema: ConnectSessionSchema, name: 'ConnectSession' } },
    errors: [401, 404, 429, 503],
  },
  {
    method: 'get',
    route: '/connect/:session',
    operationId: 'connectPage',
    summary: 'The connect page of a session, for the end user’s browser (HTML)',
    tag: 'connect',
    security: 'none',
    responses: {
      200: { description: 'The kinds offered, a form per way to connect', media: htmlPage },
      404: noSuchSession,
      410: sessionGone,
    },
    errors: [],
  },
  {
    method: 'post',
    route: '/connect/:session',
    operationId: 'submitConnectPage',
    summary: 'Connect (or re-authorize) an account with pasted credentials from the connect page',
    tag: 'connect',
    security: 'none',
    body: connectFormBody,
    responses: {
      200: { description: 'Connected', media: htmlPage },
      303: {
        description: 'Connected; back to the application',
        headers: { location: 'The session’s return_url with connect_session_id and connector_id' },
      },
      400: { description: 'A kind or method the session does not offer', media: htmlPage },
      404: noSuchSession,
      410: sessionGone,
      413: formTooLarge,
      422: { description: 'The form again, with each fault next to its field', media: htmlPage },
    },
    errors: [],
  },
  {
    method: 'post',
    route: '/connect/:session/oauth',
    operationId: 'startConnectOAuth',
    summary: 'Start the upstream’s OAuth consent (state + PKCE) for a kind of the session',
    tag: 'connect',
    security: 'none',
    body: connectFormBody,
    responses: {
      303: { description: 'To the upstream’s consent page', headers: { location: 'The authorize URL' } },
      400: { description: 'Signing in is not offered for this kind', media: htmlPage },
      404: noSuchSession,
      410: sessionGone,
      413: formTooLarge,
      422: { description: 'The page again, with each config fault next to its field', media: htmlPage },
    },
    errors: [],
  },
  {
    method: 'get',
    route: '/connect/oauth/callback',
    operationId: 'connectOAuthCallback',
    summary: 'The upstream’s redirect after consent: checks the state, exchanges the code, connects',
    tag: 'connect',
    security: 'none',
    query: z.object({
      state: z.string().optional(),
      code: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
    responses: {
      200: { description: 'Connected', media: htmlPage },
      303: { description: 'Connected; back to the application', headers: { location: 'The return_url' } },
      400: { description: 'A state never issued (tampered) or already used (replayed)', media: htmlPage },
      403: { description: 'The user declined access; the session stays open', media: htmlPage },
      410: { description: 'The session was used or has expired', media: htmlPage },
      502: { description: 'The upstream refused the code exchange', media: htmlPage },
    },
    errors: [],
  },
  {
    method: 'post',
    route: `/api/v1/connectors/sources${connectorId}/execute`,
    operationId: 'execute',
    summary: 'Run one action (list, get, search, download) of an entity on a connector',
    tag: 'execute',
    security: 'bearer',
    body: { schema: ExecuteRequestSchema, name: 'ExecuteRequest', required: true },
    responses: {
      200: {
        description:
          'list: {records, meta}; get: the record; search: {hits, next_cursor, took_ms}; download: the bytes',
        schema: executeAnswer,
        media: { 'application/octet-stream': { schema: bytes } },
      },
      206: { description: 'A range of a download', media: { 'application/octet-stream': { schema: bytes } } },
    },
    errors: [400, 401, 404, 413, 422, 429, 502, 503, 504],
  },
  {
    method: 'post',
    route: `/api/v1/connectors/sources${connectorId}/sync`,
    operationId: 'triggerSync',
    summary: 'Queue a sync of the connector’s searchable entities (or return the one queued)',
    tag: 'sync',
    security: 'bearer',
    body: { schema: SyncRequestSchema, name: 'SyncRequest', required: false },
    responses: { 202: { description: 'The run', schema: SyncStartedSchema, name: 'SyncStarted' } },
    errors: [400, 401, 404, 413, 429, 503],
  },
  {
    method: 'get',
    route: `/api/v1/connectors/sources${connectorId}/sync`,
    operationId: 'getSyncStatus',
    summary: 'The connector’s sync state per entity',
    tag: 'sync',
    security: 'bearer',
    responses: { 200: { description: 'The sync summary', schema: SyncSummarySchema, name: 'SyncSummary' } },
    errors: [400, 401, 404, 429, 503],
  },
  {
    method: 'get',
    route: `/api/v1/connectors/sources${connectorId}/changes`,
    operationId: 'getChanges',
    summary: 'The upserts and deletes of the connector’s synced records after a cursor (long-poll with wait)',
    tag: 'sync',
    security: 'bearer',
    query: ChangeFeedQuerySchema,
    responses: {
      200: { description: 'A page of the change feed', schema: ChangePageSchema, name: 'ChangePage' },
    },
    errors: [400, 401, 404, 429, 503],
  },
  {
    method: 'post',
    route: '/admin/v1/applications',
    operationId: 'createApplication',
    summary: 'Register an application; its client secret is answered this once',
    tag: 'admin',
    security: 'admin',
    body: { schema: CreateApplicationRequestSchema, name: 'CreateApplicationRequest', required: true },
    responses: {
      201: {
        description: 'The application with its secret',
        schema: ApplicationWithSecretSchema,
        name: 'ApplicationWithSecret',
      },
    },
    errors: [400, 401, 404, 409, 413, 503],
  },
  {
    method: 'get',
    route: '/admin/v1/applications',
    operationId: 'listApplications',
    summary: 'Every application, oldest first',
    tag: 'admin',
    security: 'admin',
    responses: {
      200: { description: 'The applications', schema: ApplicationListSchema, name: 'ApplicationList' },
    },
    errors: [401, 404, 503],
  },
  {
    method: 'post',
    route: '/admin/v1/applications/:client_id/revoke',
    operationId: 'revokeApplication',
    summary: 'Revoke an application: its tokens stop working at once',
    tag: 'admin',
    security: 'admin',
    responses: {
      200: { description: 'The revoked application', schema: ApplicationSchema, name: 'Application' },
    },
    errors: [401, 404, 503],
  },
  {
    method: 'post',
    route: '/admin/v1/applications/:client_id/rotate-secret',
    operationId: 'rotateApplicationSecret',
    summary: 'Give an application a new secret, answered this once',
    tag: 'admin',
    security: 'admin',
    responses: {
      200: {
        description: 'The application with its new secret',
        schema: ApplicationWithSecretSchema,
        name: 'ApplicationWithSecret',
      },
    },
    errors: [401, 404, 409, 503],
  },
  {
    method: 'get',
    route: '/admin/v1/applications/:client_id/return-url-origins',
    operationId: 'getApplicationReturnUrlOrigins',
    summary: 'The origins its connect sessions may return users to (null: none set)',
    tag: 'admin',
    security: 'admin',
    responses: {
      200: {
        description: 'The allowed origins',
        schema: ReturnUrlOriginsAnswerSchema,
        name: 'ReturnUrlOrigins',
      },
    },
    errors: [401, 404, 503],
  },
  {
    method: 'put',
    route: '/admin/v1/applications/:client_id/return-url-origins',
    operationId: 'setApplicationReturnUrlOrigins',
    summary: 'Set the origins its connect sessions may return users to',
    tag: 'admin',
    security: 'admin',
    body: { schema: ReturnUrlOriginsSchema, name: 'SetReturnUrlOriginsRequest', required: true },
    responses: {
      200: {
        description: 'The allowed origins',
        schema: ReturnUrlOriginsAnswerSchema,
        name: 'ReturnUrlOrigins',
      },
    },
    errors: [400, 401, 404, 413, 503],
  },
  {
    method: 'get',
    route: '/healthz',
    operationId: 'health',
    summary: 'The process answers',
    tag: 'operations',
    security: 'none',
    responses: { 200: { description: 'Up', schema: z.object({ status: z.literal('ok') }) } },
    errors: [],
  },
  {
    method: 'get',
    route: '/readyz',
    operationId: 'ready',
    summary: 'The store answers and shutdown has not begun',
    tag: 'operations',
    security: 'none',
    responses: { 200: { description: 'Ready', schema: z.object({ status: z.literal('ready') }) } },
    errors: [503],
  },
  {
    method: 'get',
    route: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics in the text exposition format',
    tag: 'operations',
    security: 'metrics',
    responses: {
      200: { description: 'The metrics', media: { 'text/plain': { schema: { type: 'string' } } } },
    },
    errors: [401],
  },
  {
    method: 'get',
    route: '/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This document',
    tag: 'operations',
    security: 'none',
    responses: {
      200: {
        description: 'The OpenAPI document',
        media: { 'application/json': { schema: { type: 'object' } } },
      },
    },
    errors: [],
  },
  // The agent API face (docs/airbyte-python-sdk.md): the reference service's connector calls, as
  // Airbyte's Python SDK sends them, over the same connectors.
  {
    method: 'get',
    route: '/api/v1/integrations/connectors',
    operationId: 'agentListConnectors',
    summary: 'Agent API: the connectors of a workspace (an external user), optionally of one definition id',
    tag: 'agent-api',
    security: 'bearer',
    query: AgentConnectorListQuerySchema,
    responses: {
      200: { description: 'The connectors', schema: AgentConnectorListSchema, name: 'AgentConnectorList' },
    },
    errors: [400, 401, 403, 429, 503],
  },
  {
    method: 'post',
    route: '/api/v1/integrations/connectors',
    operationId: 'agentCreateConnector',
    summary: 'Agent API: store credentials of a workspace as a connector, by definition_id or connector_type',
    tag: 'agent-api',
    security: 'bearer',
    body: { schema: AgentCreateConnectorSchema, name: 'AgentCreateConnector', required: true },
    responses: {
      200: { description: 'The connector', schema: AgentConnectorDetailSchema, name: 'AgentConnectorDetail' },
    },
    errors: [400, 401, 403, 413, 422, 429, 503],
  },
  {
    method: 'get',
    route: `/api/v1/integrations/connectors${connectorId}`,
    operationId: 'agentGetConnector',
    summary: 'Agent API: one connector',
    tag: 'agent-api',
    security: 'bearer',
    responses: {
      200: { description: 'The connector', schema: AgentConnectorDetailSchema, name: 'AgentConnectorDetail' },
    },
    errors: [401, 404, 429, 503],
  },
  {
    method: 'delete',
    route: `/api/v1/integrations/connectors${connectorId}`,
    operationId: 'agentDeleteConnector',
    summary: 'Agent API: delete a connector (done at once; answered as the platform’s deletion job)',
    tag: 'agent-api',
    security: 'bearer',
    responses: { 202: { description: 'Deleted', schema: AgentDeletedSchema, name: 'AgentDeleted' } },
    errors: [401, 404, 429, 503],
  },
  {
    method: 'post',
    route: `/api/v1/integrations/connectors${connectorId}/execute`,
    operationId: 'agentExecute',
    summary: 'Agent API: run one action in the platform’s envelope (context_store_search for search)',
    tag: 'agent-api',
    security: 'bearer',
    body: { schema: AgentExecuteRequestSchema, name: 'AgentExecuteRequest', required: true },
    responses: {
      200: {
        description:
          'list: result = records, connector_metadata = paging; an action alias with a records key (api_search): result = {[key]: records}; get: result = the record; context_store_search: result = {data, meta: {has_more, cursor, took_ms}}; download: the bytes',
        schema: AgentExecuteEnvelopeSchema,
        name: 'AgentExecuteEnvelope',
        media: { 'application/octet-stream': { schema: bytes } },
      },
      206: { description: 'A range of a download', media: { 'application/octet-stream': { schema: bytes } } },
    },
    errors: [400, 401, 404, 413, 422, 429, 502, 503, 504],
  },
];
