import {
  CHANGE_FEED_LIMITS,
  type Change,
  type ChangePage,
  ChangePageSchema,
  type Connector,
  ConnectorListSchema,
  ConnectorSchema,
  type ConnectSession,
  ConnectSessionSchema,
  type CreatedConnector,
  CreatedConnectorSchema,
  type CreatedConnectSession,
  CreatedConnectSessionSchema,
  type DownloadResult,
  definedOptions,
  type ExecuteOptions,
  type SearchEnvelope,
  type SearchHit,
  type SyncStarted,
  SyncStartedSchema,
  type SyncSummary,
  SyncSummarySchema,
} from '@conduit/protocol';
import {
  bearerAuth,
  createTransport,
  type ErrorMapperContext,
  type ListResult,
  paginate,
  type Transport,
} from '@conduit/transport';
import { filenameFromContentDisposition } from './content-disposition';
import { namingCredentialSettings } from './credential-settings-error';
import { type HostedClientOptions, resolveHostedClientOptions } from './hosted-client-options';
import { hostedErrorFromBody } from './hosted-error';
import { scopedTokenAuth } from './scoped-token-auth';
import { VERSION } from './version';

/** What `changes` takes. */
export interface ChangesOptions extends ExecuteOptions {
  /** A `next_cursor` of an earlier change to resume after; none starts at the feed's beginning. */
  cursor?: string;
  /** Keep waiting for new changes once caught up (until `signal` aborts); otherwise stop there. */
  follow?: boolean;
  /** Changes per request (default 100, at most 1000). */
  limit?: number;
  /** How long one request waits for a change while following, in seconds (default and most: 60). */
  waitSeconds?: number;
}

/** What `triggerSync` takes. */
export interface TriggerSyncOptions extends ExecuteOptions {
  /**
   * A full run: every record listed again, and whatever the upstream no longer has removed from the
   * copy (an incremental run reads only what changed since the last one). Default: the service's
   * choice, incremental unless the last full run is older than its full interval.
   */
  full?: boolean;
}

/** What `createConnector` takes. */
export interface CreateConnectorInput {
  /** `task-management` (alias `asana`), `support-desk` (alias `zendesk-support`) or `crm` (alias `salesforce`). */
  connectorType: string;
  /** Display name; the service defaults it to `"<connector_type> - <external_user_id>"`. */
  name?: string;
  /** The upstream credentials of the kind, e.g. `{ token }` for a task-management personal access token. */
  credentials: Record<string, unknown>;
  /** The kind's configuration variables (`subdomain`, `instance_url`, `base_url`). */
  config?: Record<string, unknown>;
}

/**
 * What `updateConnector` takes: new upstream credentials (re-authorization), and optionally a new
 * config or name. At least one of them.
 */
export interface UpdateConnectorInput {
  /** The kind's upstream credentials, replacing the stored ones (encrypted by the service). */
  credentials?: Record<string, unknown>;
  /** The kind's configuration variables, replacing the stored ones. */
  config?: Record<string, unknown>;
  name?: string;
}

/**
 * What `createConnectSession` takes: which kinds the connect page offers (names or aliases; default
 * every kind the service runs), where the browser goes afterwards, the connector to re-authorize,
 * and the address the service notifies when the session completes.
 */
export interface CreateConnectSessionInput {
  connectorTypes?: string[];
  returnUrl?: string;
  /** Re-authorize this connector (its kind is then the only one offered); its data is kept. */
  connectorId?: string;
  webhookUrl?: string;
}

const encode = encodeURIComponent;

/**
 * Client of the hosted connector service: connectors of one external user, executed through the
 * service. Tokens are fetched lazily and renewed before they expire.
 *
 * @example
 * ```ts
 * const hosted = new HostedClient({ externalUserId: 'user-1', platformClientId: id, platformClientSecret: secret });
 * const connector = await hosted.createConnector({ connectorType: 'asana', credentials: { token } });
 * const page = await hosted.execute(connector.id, 'tasks', 'list', { project: '1204306707626567' });
 * ```
 */
export class HostedClient {
  /** The end user this client acts for; unknown to a client built from a bare `scopedToken`. */
  readonly externalUserId: string | undefined;
  /** The service's address. */
  readonly baseUrl: string;
  readonly #transport: Transport;

  constructor(options: Partial<HostedClientOptions> = {}) {
    const resolved = resolveHostedClientOptions(options);
    this.externalUserId = resolved.externalUserId || undefined;
    this.baseUrl = resolved.baseUrl;
    const common = {
      ...definedOptions({
        fetch: resolved.fetch,
        retry: resolved.retry,
        timeoutMs: resolved.timeoutMs,
        hooks: resolved.hooks,
      }),
      baseUrl: resolved.baseUrl,
      userAgent: [...(resolved.userAgent ? [resolved.userAgent] : []), `conduit-hosted/${VERSION}`],
      // The service is the caller's own: its spans join the caller's trace (`traceparent`).
      tracing: { propagate: true },
      errorMapper: ({ status, body, headers, request }: ErrorMapperContext) =>
        hostedErrorFromBody(status, body, headers, request),
    };
    const tokenTransport = createTransport({
      ...common,
      // Only the token call sends the client id and secret, so only its refusal names them.
      errorMapper: (context: ErrorMapperContext) => namingCredentialSettings(common.errorMapper(context)),
    });
    this.#transport = createTransport({
      ...common,
      auth: resolved.scopedToken
        ? bearerAuth(resolved.scopedToken)
        : scopedTokenAuth(
            definedOptions({
              transport: tokenTransport,
              clientId: resolved.platformClientId,
              clientSecret: resolved.platformClientSecret,
              externalUserId: resolved.externalUserId,
              now: resolved.now,
            }),
          ),
    });
  }

  /**
   * Stores upstream credentials for this client's user as a new connector.
   *
   * @example
   * ```ts
   * const { id } = await hosted.createConnector({ connectorType: 'task-management', credentials: { token } });
   * ```
   */
  createConnector(input: CreateConnectorInput, options: ExecuteOptions = {}): Promise<CreatedConnector> {
    return this.#transport.json({
      method: 'POST',
      path: '/v1/integrations/connectors',
      json: {
        external_user_id: this.externalUserId,
        connector_type: input.connectorType,
        name: input.name,
        credentials: input.credentials,
        config: input.config,
      },
      schema: CreatedConnectorSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** One connector of this user, with its status and sync summary. */
  getConnector(connectorId: string, options: ExecuteOptions = {}): Promise<Connector> {
    return this.#transport.json({
      path: `/v1/integrations/connectors/${encode(connectorId)}`,
      schema: ConnectorSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * This user's connectors, optionally of one kind.
   *
   * @example
   * ```ts
   * const asanaConnectors = await hosted.listConnectors({ connectorType: 'task-management' });
   * ```
   */
  async listConnectors(
    filter: { connectorType?: string } = {},
    options: ExecuteOptions = {},
  ): Promise<Connector[]> {
    const body = await this.#transport.json({
      path: '/v1/integrations/connectors',
      query: { external_user_id: this.externalUserId, connector_type: filter.connectorType },
      schema: ConnectorListSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return body.data;
  }

  /**
   * Replaces a connector's credentials (and optionally its config or name), keeping its synced
   * data: how a `needs_reauth` connector is repaired, since the service returns it to `active`.
   *
   * @example
   * ```ts
   * const repaired = await hosted.updateConnector(connectorId, { credentials: { token: newToken } });
   * repaired.status; // 'active'
   * ```
   */
  updateConnector(
    connectorId: string,
    input: UpdateConnectorInput,
    options: ExecuteOptions = {},
  ): Promise<Connector> {
    return this.#transport.json({
      method: 'PATCH',
      path: `/v1/integrations/connectors/${encode(connectorId)}`,
      // Sent as JSON, which leaves out the fields that are undefined.
      json: { name: input.name, credentials: input.credentials, config: input.config },
      schema: ConnectorSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Opens a connect session for this client's user: send the user's browser to the answer's `url`
   * (relative to the service), then poll `getConnectSession` (or wait for the webhook, signed with
   * the answer's `webhook_secret`).
   *
   * @example
   * ```ts
   * const session = await hosted.createConnectSession({ connectorTypes: ['asana'], returnUrl: 'https://app.example/done' });
   * redirect(new URL(session.url, hosted.baseUrl).href);
   * ```
   */
  createConnectSession(
    input: CreateConnectSessionInput = {},
    options: ExecuteOptions = {},
  ): Promise<CreatedConnectSession> {
    return this.#transport.json({
      method: 'POST',
      path: '/v1/integrations/connect-sessions',
      json: {
        external_user_id: this.externalUserId,
        connector_types: input.connectorTypes,
        return_url: input.returnUrl,
        connector_id: input.connectorId,
        webhook_url: input.webhookUrl,
      },
      schema: CreatedConnectSessionSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * A connect session's status (`pending`, `completed` with its `connector_id`, or `expired`).
   *
   * @example
   * ```ts
   * const { status, connector_id } = await hosted.getConnectSession(session.id);
   * ```
   */
  getConnectSession(sessionId: string, options: ExecuteOptions = {}): Promise<ConnectSession> {
    return this.#transport.json({
      path: `/v1/integrations/connect-sessions/${encode(sessionId)}`,
      schema: ConnectSessionSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Deletes a connector; the service erases its credentials and synced data. */
  async deleteConnector(connectorId: string, options: ExecuteOptions = {}): Promise<void> {
    await this.#transport.request({
      method: 'DELETE',
      path: `/v1/integrations/connectors/${encode(connectorId)}`,
      responseType: 'text',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Runs one entity/action on a connector through the service. `list` resolves to
   * `{records, meta}`, `get` to the record, `search` to `{hits, next_cursor, took_ms}` and
   * `download` to a byte stream.
   *
   * @example
   * ```ts
   * const task = await hosted.execute(connectorId, 'tasks', 'get', { task_gid: '42' });
   * ```
   */
  execute(
    connectorId: string,
    entity: string,
    action: string,
    params: Record<string, unknown> = {},
    options: ExecuteOptions = {},
  ): Promise<unknown> {
    if (action === 'download') return this.download(connectorId, entity, params, options);
    return this.#transport.json({
      method: 'POST',
      path: `/api/v1/connectors/sources/${encode(connectorId)}/execute`,
      json: { entity, action, params },
      // Every action reads; repeating one is harmless.
      idempotent: true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Streams a `download` action's bytes straight from the service, in constant memory.
   *
   * @example
   * ```ts
   * const file = await hosted.download(connectorId, 'attachments', { attachment_gid: '7', range_header: 'bytes=0-99' });
   * for await (const chunk of file) process.stdout.write(chunk);
   * ```
   */
  async download(
    connectorId: string,
    entity: string,
    params: Record<string, unknown>,
    options: ExecuteOptions = {},
  ): Promise<DownloadResult> {
    const response = await this.#transport.stream({
      method: 'POST',
      path: `/api/v1/connectors/sources/${encode(connectorId)}/execute`,
      json: { entity, action: 'download', params },
      idempotent: true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const filename = filenameFromContentDisposition(response.headers.get('content-disposition'));
    return {
      status: response.status === 206 ? 206 : 200,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      contentLength: response.contentLength,
      contentRange: response.headers.get('content-range') ?? undefined,
      filename,
      [Symbol.asyncIterator]: () => response.body[Symbol.asyncIterator](),
      stream: () => response.toReadableStream(),
    };
  }

  /**
   * Searches a connector's synced data. Awaiting gives the first page; `for await` walks every hit
   * of every page, following `next_cursor`.
   *
   * @example
   * ```ts
   * for await (const hit of hosted.search(connectorId, 'tasks', { query: { filter: { eq: { completed: false } } } })) {
   *   console.log(hit.score, hit.data.name);
   * }
   * ```
   */
  search(
    connectorId: string,
    entity: string,
    params: Record<string, unknown>,
    options: ExecuteOptions = {},
  ): ListResult<SearchHit, SearchEnvelope> {
    return paginate<SearchHit, SearchEnvelope>({
      fetchPage: (cursor, signal) => {
        const combined =
          signal && options.signal ? AbortSignal.any([signal, options.signal]) : (signal ?? options.signal);
        return this.execute(
          connectorId,
          entity,
          'search',
          cursor === undefined ? params : { ...params, cursor },
          combined ? { signal: combined } : {},
        ) as Promise<SearchEnvelope>;
      },
      items: (page) => page.hits,
      nextCursor: (page) => page.next_cursor,
    });
  }

  /**
   * One page of the connector's change feed: the upserts and deletes of its synced records after
   * `cursor`, oldest first, waiting up to `waitSeconds` for one when there is none yet.
   *
   * @example
   * ```ts
   * const { changes, next_cursor } = await hosted.changesPage(connectorId, { cursor });
   * ```
   */
  changesPage(connectorId: string, options: Omit<ChangesOptions, 'follow'> = {}): Promise<ChangePage> {
    const waitSeconds = options.waitSeconds ?? 0;
    return this.#transport.json({
      path: `/api/v1/connectors/sources/${encode(connectorId)}/changes`,
      query: {
        cursor: options.cursor,
        limit: options.limit,
        ...(waitSeconds > 0 ? { wait: waitSeconds } : {}),
      },
      schema: ChangePageSchema,
      // A long-poll is held open by design: give it its wait on top of the usual deadline.
      ...(waitSeconds > 0 ? { timeoutMs: (waitSeconds + 30) * 1000 } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * The connector's change feed as an async iterable: every upsert (with the record) and delete
   * (a tombstone) of its synced records after `cursor`, oldest first. Each change carries the
   * `next_cursor` to resume after it, so a consumer that stores the last one it handled never
   * misses or repeats a change. With `follow`, it waits for new changes (long-polling) until
   * `signal` aborts; without, it ends once caught up.
   *
   * @example
   * ```ts
   * for await (const change of hosted.changes(connectorId, { follow: true, signal })) {
   *   if (change.operation === 'delete') index.remove(change.id);
   *   else index.put(change.id, change.record);
   *   saveCursor(change.next_cursor);
   * }
   * ```
   */
  async *changes(connectorId: string, options: ChangesOptions = {}): AsyncGenerator<Change, void, undefined> {
    let cursor = options.cursor;
    const waitSeconds = options.follow ? (options.waitSeconds ?? CHANGE_FEED_LIMITS.maxWaitSeconds) : 0;
    for (;;) {
      const page = await this.changesPage(connectorId, {
        ...options,
        cursor,
        waitSeconds,
      });
      yield* page.changes;
      cursor = page.next_cursor;
      if (page.changes.length === 0 && !options.follow) return;
      if (options.signal?.aborted) return;
    }
  }

  /**
   * Starts a sync of the connector's searchable entities now (or returns the run already queued or
   * running); `full: true` asks for a full run, which removes what was deleted upstream.
   *
   * @example
   * ```ts
   * const { sync_id } = await hosted.triggerSync(connectorId, { full: true });
   * ```
   */
  triggerSync(connectorId: string, options: TriggerSyncOptions = {}): Promise<SyncStarted> {
    return this.#transport.json({
      method: 'POST',
      path: `/api/v1/connectors/sources/${encode(connectorId)}/sync`,
      json: options.full === true ? { full: true } : {},
      schema: SyncStartedSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** The connector's sync state, per entity. */
  getSyncStatus(connectorId: string, options: ExecuteOptions = {}): Promise<SyncSummary> {
    return this.#transport.json({
      path: `/api/v1/connectors/sources/${encode(connectorId)}/sync`,
      schema: SyncSummarySchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}
