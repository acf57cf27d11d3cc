import {
  type Connector,
  ConnectorListSchema,
  ConnectorSchema,
  type CreatedConnector,
  CreatedConnectorSchema,
  type DownloadResult,
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
import { type HostedClientOptions, resolveHostedClientOptions } from './hosted-client-options';
import { hostedErrorFromBody } from './hosted-error';
import { scopedTokenAuth } from './scoped-token-auth';
import { VERSION } from './version';

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
      baseUrl: resolved.baseUrl,
      ...(resolved.fetch === undefined ? {} : { fetch: resolved.fetch }),
      ...(resolved.retry === undefined ? {} : { retry: resolved.retry }),
      ...(resolved.timeoutMs === undefined ? {} : { timeoutMs: resolved.timeoutMs }),
      ...(resolved.hooks === undefined ? {} : { hooks: resolved.hooks }),
      userAgent: [...(resolved.userAgent ? [resolved.userAgent] : []), `conduit-hosted/${VERSION}`],
      errorMapper: ({ status, body, headers, request }: ErrorMapperContext) =>
        hostedErrorFromBody(status, body, headers, request),
    };
    const tokenTransport = createTransport(common);
    this.#transport = createTransport({
      ...common,
      auth: resolved.scopedToken
        ? bearerAuth(resolved.scopedToken)
        : scopedTokenAuth({
            transport: tokenTransport,
            clientId: resolved.platformClientId,
            clientSecret: resolved.platformClientSecret,
            externalUserId: resolved.externalUserId,
            ...(resolved.now === undefined ? {} : { now: resolved.now }),
          }),
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
        ...(input.name === undefined ? {} : { name: input.name }),
        credentials: input.credentials,
        ...(input.config === undefined ? {} : { config: input.config }),
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

  /** Starts a sync of the connector's searchable entities now. */
  triggerSync(connectorId: string, options: ExecuteOptions = {}): Promise<SyncStarted> {
    return this.#transport.json({
      method: 'POST',
      path: `/api/v1/connectors/sources/${encode(connectorId)}/sync`,
      json: {},
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
