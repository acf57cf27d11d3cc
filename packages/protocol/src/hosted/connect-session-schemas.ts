import * as z from 'zod';

const timestamp = z.iso.datetime({ offset: true });

// Only http(s) addresses: a return or webhook URL is followed by a browser or called by the service.
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

/**
 * Body of `POST /v1/integrations/connect-sessions`: the external user who will connect an account,
 * the kinds (names or aliases) the page may offer (default every kind the service runs), where the
 * browser goes once connected, the connector to re-authorize (its kind is then the only one
 * offered), and the address the service notifies when the session completes.
 *
 * @example
 * ```ts
 * CreateConnectSessionRequestSchema.parse({ external_user_id: 'user-42', connector_types: ['task-management'] });
 * ```
 */
export const CreateConnectSessionRequestSchema = z.strictObject({
  external_user_id: z.string().min(1).max(255),
  connector_types: z.array(z.string().min(1).max(64)).min(1).max(16).optional(),
  return_url: httpUrl.optional(),
  connector_id: z.string().min(1).max(64).optional(),
  webhook_url: httpUrl.optional(),
});

/**
 * Body of a connect-session creation.
 *
 * @example
 * ```ts
 * const body: CreateConnectSessionRequest = { external_user_id: 'user-42', return_url: 'https://app.example/done' };
 * ```
 */
export type CreateConnectSessionRequest = z.input<typeof CreateConnectSessionRequestSchema>;

/**
 * `pending` (the page is open for the end user), `completed` (a connector was created or
 * re-authorized) or `expired` (not completed in time).
 *
 * @example
 * ```ts
 * CONNECT_SESSION_STATUSES.includes('completed'); // true
 * ```
 */
export const CONNECT_SESSION_STATUSES = ['pending', 'completed', 'expired'] as const;

/**
 * A connect session as the application sees it: the page's address (relative to the service) to
 * send the end user to, when it expires, its status and, once completed, the connector.
 *
 * @example
 * ```ts
 * const session = ConnectSessionSchema.parse(await response.json());
 * if (session.status === 'completed') use(session.connector_id);
 * ```
 */
export const ConnectSessionSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
  external_user_id: z.string().min(1),
  connector_types: z.array(z.string().min(1)),
  status: z.enum(CONNECT_SESSION_STATUSES),
  connector_id: z.string().nullable(),
  return_url: z.string().nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  completed_at: timestamp.nullable(),
});

/**
 * A connect session.
 *
 * @example
 * ```ts
 * const done = (session: ConnectSession) => session.status !== 'pending';
 * ```
 */
export type ConnectSession = z.output<typeof ConnectSessionSchema>;

/**
 * The answer of a connect-session creation: the session, and when a `webhook_url` was given the
 * secret its completion notice is signed with (HMAC-SHA256 over `timestamp.body`, header
 * `conduit-signature: t=<unix seconds>,v1=<hex>`), shown this once.
 *
 * @example
 * ```ts
 * const { url, webhook_secret } = CreatedConnectSessionSchema.parse(await response.json());
 * ```
 */
export const CreatedConnectSessionSchema = ConnectSessionSchema.extend({
  webhook_secret: z.string().nullable(),
});

/**
 * A created connect session, with its webhook secret.
 *
 * @example
 * ```ts
 * const keep = (created: CreatedConnectSession) => created.webhook_secret;
 * ```
 */
export type CreatedConnectSession = z.output<typeof CreatedConnectSessionSchema>;

/**
 * The body of the webhook a completed session sends to its `webhook_url`.
 *
 * @example
 * ```ts
 * const event = ConnectSessionEventSchema.parse(JSON.parse(body));
 * if (event.type === 'connect_session.completed') link(event.data.connector_id);
 * ```
 */
export const ConnectSessionEventSchema = z.object({
  id: z.string().min(1),
  type: z.literal('connect_session.completed'),
  created_at: timestamp,
  data: ConnectSessionSchema,
});

/**
 * A connect-session webhook event.
 *
 * @example
 * ```ts
 * const handle = (event: ConnectSessionEvent) => event.data.connector_id;
 * ```
 */
export type ConnectSessionEvent = z.output<typeof ConnectSessionEventSchema>;
