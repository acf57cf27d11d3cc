import { type DestinationResponse, DestinationResponseSchema } from '../http/wire-schemas';
import { CloudConnector, type CloudConnectorInfo } from './cloud-connector';
import type { CloudWorkspace } from './cloud-workspace';

/**
 * The {@link CloudConnectorInfo} of a `DestinationResponse`.
 *
 * @example
 * ```ts
 * destinationInfo(await api.request({ path: `/destinations/${id}`, schema: DestinationResponseSchema }));
 * ```
 */
export function destinationInfo(wire: DestinationResponse): CloudConnectorInfo {
  return {
    id: wire.destinationId,
    name: wire.name,
    definitionId: wire.definitionId,
    connectorType: wire.destinationType,
    workspaceId: wire.workspaceId,
    configuration: wire.configuration ?? {},
  };
}

/**
 * A deployed destination. Get one with `workspace.getDestination(id)` (lazy),
 * `workspace.deployDestination()` or `workspace.listDestinations()`.
 *
 * @example
 * ```ts
 * const destination = workspace.getDestination(destinationId);
 * console.log(await destination.getName());
 * ```
 */
export class CloudDestination extends CloudConnector {
  constructor(workspace: CloudWorkspace, destinationId: string, info?: CloudConnectorInfo) {
    super(
      workspace,
      destinationId,
      {
        kind: 'destination',
        collection: 'destinations',
        schema: DestinationResponseSchema.transform(destinationInfo),
      },
      info,
    );
  }

  /** Alias of `connectorId`. */
  get destinationId(): string {
    return this.connectorId;
  }

  /** Deletes the destination permanently, in safe mode (always on from here). */
  async permanentlyDelete(): Promise<void> {
    await this.workspace.permanentlyDeleteDestination(this, { safeMode: true });
  }
}
