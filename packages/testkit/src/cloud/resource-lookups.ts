import type { CloudSimulatorState } from './cloud-simulator-state';
import { configNotFound } from './config-api-errors';
import type { CloudJobRecord } from './job-engine';
import { notFound } from './problem-responses';
import type { CloudActorRecord, CloudConnectionRecord, CloudWorkspaceRecord } from './simulator-records';

/** Which API is asking: it decides the shape of the 404 body. */
export type LookupSurface = 'public' | 'config';

function missing(surface: LookupSurface, resourceType: string, id: string): Error {
  return surface === 'public'
    ? notFound(resourceType, id)
    : configNotFound(id, `Could not find configuration for ${resourceType}: ${id}.`);
}

/**
 * A live workspace, or a 404.
 *
 * @example
 * ```ts
 * const workspace = requireWorkspace(state, id);
 * ```
 */
export function requireWorkspace(
  state: CloudSimulatorState,
  id: string,
  surface: LookupSurface = 'public',
): CloudWorkspaceRecord {
  const workspace = state.workspaces.get(id);
  if (!workspace || workspace.deleted) throw missing(surface, 'workspace', id);
  return workspace;
}

/**
 * A live source or destination in a live workspace, or a 404.
 *
 * @example
 * ```ts
 * const source = requireActor(state, 'source', id);
 * ```
 */
export function requireActor(
  state: CloudSimulatorState,
  kind: 'source' | 'destination',
  id: string,
  surface: LookupSurface = 'public',
): CloudActorRecord {
  const actor = (kind === 'source' ? state.sources : state.destinations).get(id);
  if (!actor || actor.deleted || state.workspaces.get(actor.workspaceId)?.deleted !== false) {
    throw missing(surface, kind, id);
  }
  return actor;
}

/**
 * A connection, or a 404. Soft-deleted (`deprecated`) connections are still found, as the
 * platform keeps returning them from `GET /connections/{id}`.
 *
 * @example
 * ```ts
 * const connection = requireConnection(state, id);
 * ```
 */
export function requireConnection(
  state: CloudSimulatorState,
  id: string,
  surface: LookupSurface = 'public',
): CloudConnectionRecord {
  const connection = state.connections.get(id);
  if (!connection || state.workspaces.get(connection.workspaceId)?.deleted !== false) {
    throw missing(surface, surface === 'public' ? 'connection' : 'STANDARD_SYNC', id);
  }
  return connection;
}

/**
 * A job by its numeric id (path text), or a 404.
 *
 * @example
 * ```ts
 * const job = requireJob(state, '12');
 * ```
 */
export function requireJob(
  state: CloudSimulatorState,
  id: string | number,
  surface: LookupSurface = 'public',
): CloudJobRecord {
  const numeric = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const job = state.jobs.get(numeric);
  if (!job) throw missing(surface, 'job', String(id));
  return job;
}
