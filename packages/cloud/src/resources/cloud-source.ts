import { type SourceResponse, SourceResponseSchema } from '../http/wire-schemas';
import { CloudConnector, type CloudConnectorInfo } from './cloud-connector';
import type { CloudWorkspace } from './cloud-workspace';

/**
 * The {@link CloudConnectorInfo} of a `SourceResponse`.
 *
 * @example
 * ```ts
 * sourceInfo(await api.request({ path: `/sources/${id}`, schema: SourceResponseSchema }));
 * ```
 */
export function sourceInfo(wire: SourceResponse): CloudConnectorInfo {
  return {
    id: wire.sourceId,
    name: wire.name,
    definitionId: wire.definitionId,
    connectorType: wire.sourceType,
    workspaceId: wire.workspaceId,
    configuration: wire.configuration ?? {},
  };
}

/**
 * A deployed source. Get one with `workspace.getSource(id)` (lazy), `workspace.deploySource()` or
 * `workspace.listSources()`.
 *
 * @example
 * ```ts
 * const source = workspace.getSource(sourceId);
 * await source.rename('faker (delete-me)');
 * await source.permanentlyDelete();
 * ```
 */
export class CloudSource extends CloudConnector {
  constructor(workspace: CloudWorkspace, sourceId: string, info?: CloudConnectorInfo) {
    super(
      workspace,
      sourceId,
      { kind: 'source', collection: 'sources', schema: SourceResponseSchema.transform(sourceInfo) },
      info,
    );
  }

  /** Alias of `connectorId`. */
  get sourceId(): string {
    return this.connectorId;
  }

  /** Deletes the source permanently, in safe mode (always on from here). */
  async permanentlyDelete(): Promise<void> {
    await this.workspace.permanentlyDeleteSource(this, { safeMode: true });
  }
}
