import type { PlatformApi } from '../http/platform-api';
import type { JobWatcher } from '../jobs/job-watcher';
import type { PollingClock } from '../jobs/polling-clock';
import type { WarehouseSecretResolver } from '../warehouse/warehouse-reader';
import type { WarehouseReaderRegistry } from '../warehouse/warehouse-reader-registry';

/** What every resource of a workspace shares: HTTP, clock, job poller and read-back settings. */
export interface WorkspaceContext {
  api: PlatformApi;
  workspaceId: string;
  workspaceUrl: string;
  clock: PollingClock;
  watcher: JobWatcher;
  warehouseReaders: WarehouseReaderRegistry;
  warehouseSecrets: WarehouseSecretResolver | undefined;
  duckdbLocalRoot: string;
}

// Kept off the public objects, so the HTTP layer is not part of the API; keyed weakly, so a
// workspace that is dropped takes its context with it.
const contexts = new WeakMap<object, WorkspaceContext>();

/**
 * Binds a workspace object to its context. Internal.
 *
 * @example
 * ```ts
 * bindWorkspaceContext(this, { api, workspaceId, … });
 * ```
 */
export function bindWorkspaceContext(workspace: object, context: WorkspaceContext): void {
  contexts.set(workspace, context);
}

/**
 * The context of a workspace object. Internal.
 *
 * @example
 * ```ts
 * const { api } = workspaceContext(connection.workspace);
 * ```
 */
export function workspaceContext(workspace: object): WorkspaceContext {
  const context = contexts.get(workspace);
  if (!context) throw new TypeError('Not a CloudWorkspace created by this copy of @conduit/cloud');
  return context;
}
