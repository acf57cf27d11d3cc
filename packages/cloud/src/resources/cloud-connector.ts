import type * as z from 'zod';
import { PlatformApi } from '../http/platform-api';
import type { CloudWorkspace } from './cloud-workspace';
import { workspaceContext } from './workspace-context';

/**
 * What the API says about a deployed source or destination. `configuration` is as the API shows
 * it: secrets masked.
 *
 * @example
 * ```ts
 * const info: CloudConnectorInfo = await source.getInfo();
 * info.connectorType; // 'faker'
 * ```
 */
export interface CloudConnectorInfo {
  id: string;
  name: string;
  definitionId: string | undefined;
  /** The connector's short name (`sourceType` / `destinationType`), `""` for custom definitions. */
  connectorType: string | undefined;
  workspaceId: string | undefined;
  configuration: Record<string, unknown>;
}

/** What differs between sources and destinations: names, and how a response is read. */
interface ConnectorKind {
  kind: 'source' | 'destination';
  collection: 'sources' | 'destinations';
  /** Reads a `SourceResponse` / `DestinationResponse` into the common details. */
  schema: z.ZodType<CloudConnectorInfo>;
}

/**
 * A deployed source or destination of a workspace. Lazy: constructing one (or getting it from
 * `workspace.getSource()`) makes no request; `getName()` and friends fetch its details once and
 * cache them. Subclassed by `CloudSource` and `CloudDestination`.
 *
 * @example
 * ```ts
 * const source = workspace.getSource(sourceId);
 * console.log(await source.getName(), source.connectorUrl);
 * ```
 */
export abstract class CloudConnector {
  readonly workspace: CloudWorkspace;
  readonly connectorId: string;
  #info: CloudConnectorInfo | undefined;
  readonly #kind: ConnectorKind;

  protected constructor(
    workspace: CloudWorkspace,
    connectorId: string,
    kind: ConnectorKind,
    info?: CloudConnectorInfo,
  ) {
    this.workspace = workspace;
    this.connectorId = connectorId;
    this.#kind = kind;
    this.#info = info;
  }

  /** `source` or `destination`. */
  get connectorType(): 'source' | 'destination' {
    return this.#kind.kind;
  }

  /** The connector's page in the web app. */
  get connectorUrl(): string {
    return `${this.workspace.workspaceUrl}/${this.#kind.kind}/${this.connectorId}`;
  }

  /** The details, fetched on first use (or again with `refresh: true`) and cached. */
  async getInfo(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<CloudConnectorInfo> {
    if (this.#info && !options.refresh) return this.#info;
    const { api } = workspaceContext(this.workspace);
    this.#info = await api.request({
      path: PlatformApi.path(this.#kind.collection, this.connectorId),
      schema: this.#kind.schema,
      signal: options.signal,
      resource: { type: this.#kind.kind, id: this.connectorId },
    });
    return this.#info;
  }

  /** The display name (lazy, cached). */
  async getName(): Promise<string> {
    return (await this.getInfo()).name;
  }

  /** The connector definition's id (lazy, cached). */
  async getDefinitionId(): Promise<string | undefined> {
    return (await this.getInfo()).definitionId;
  }

  /** Renames it; returns this object with the new details cached. */
  async rename(name: string): Promise<this> {
    return this.#patch({ name });
  }

  /**
   * Updates its configuration: the platform deep-merges `configuration` into the stored one, and a
   * masked value (`**********`) keeps the stored secret.
   */
  async updateConfig(configuration: Record<string, unknown>): Promise<this> {
    return this.#patch({ configuration });
  }

  /** Deletes it permanently, in safe mode (its name must contain `delete-me` or `deleteme`). */
  abstract permanentlyDelete(): Promise<void>;

  async #patch(body: Record<string, unknown>): Promise<this> {
    const { api } = workspaceContext(this.workspace);
    this.#info = await api.request({
      method: 'PATCH',
      path: PlatformApi.path(this.#kind.collection, this.connectorId),
      json: body,
      schema: this.#kind.schema,
      idempotent: true,
      resource: { type: this.#kind.kind, id: this.connectorId },
    });
    return this;
  }
}
