import type { LocalConnectorExecutor, SyncChange, SyncChangeStream } from '@conduit/connector-kit';
import { ApiError, NotFoundError } from '@conduit/protocol';
import type { SearchableEntity } from './definition/searchable-fields';

/** The synced entity of each event resource type, and where one record of it is read. */
const ENTITY_OF: Readonly<Record<string, { entity: SearchableEntity; path: string }>> = {
  task: { entity: 'tasks', path: '/tasks/' },
  attachment: { entity: 'attachments', path: '/attachments/' },
  project: { entity: 'projects', path: '/projects/' },
  section: { entity: 'sections', path: '/sections/' },
  tag: { entity: 'tags', path: '/tags/' },
  user: { entity: 'users', path: '/users/' },
  team: { entity: 'teams', path: '/teams/' },
};
const PATH_OF = Object.fromEntries(
  Object.values(ENTITY_OF).map(({ entity, path }) => [entity, path]),
) as Partial<Record<SearchableEntity, string>>;

interface AsanaEvent {
  action?: unknown;
  resource?: { gid?: unknown; resource_type?: unknown } | null;
}

function changesOf(events: readonly AsanaEvent[]): SyncChange<SearchableEntity>[] {
  const changes: SyncChange<SearchableEntity>[] = [];
  for (const event of events) {
    const type = event.resource?.resource_type;
    const gid = event.resource?.gid;
    if (typeof type !== 'string' || typeof gid !== 'string') continue;
    const target = ENTITY_OF[type];
    // Stories, portfolios, goals… are not in the copy.
    if (target === undefined) continue;
    const gone = event.action === 'deleted' || (event.action === 'removed' && type === 'attachment');
    changes.push({ entity: target.entity, id: gid, operation: gone ? 'delete' : 'upsert' });
  }
  return changes;
}

function freshToken(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const sync = (error.responseBody as { sync?: unknown } | undefined)?.sync;
  return typeof sync === 'string' && sync !== '' ? sync : undefined;
}

/**
 * Asana's Events API as the sync's change stream: one subscription per workspace (its events
 * include every task, subtask and attachment in it, which a project's subscription does not:
 * subtasks outside the project never show there), read with sync tokens. A 412 (the first read,
 * or a token too old) hands out a fresh token: the stream reports `expired` and the service runs a
 * full sync to cover the gap. A changed record is read again by gid with the copy's `opt_fields`.
 *
 * @example
 * ```ts
 * const page = await asanaChangeStream(optFields).read(executor, workspaceGid, token);
 * ```
 */
export function asanaChangeStream(
  optFields: (entity: SearchableEntity) => string,
): SyncChangeStream<SearchableEntity> {
  return {
    scopeEntity: 'workspaces',
    async read(executor: LocalConnectorExecutor, scope, cursor, signal) {
      try {
        const body = await executor.transport.json<{
          data?: AsanaEvent[];
          sync?: string;
          has_more?: boolean;
        }>({
          path: `/workspaces/${encodeURIComponent(scope)}/events`,
          ...(cursor === null ? {} : { query: { sync: cursor } }),
          ...(signal ? { signal } : {}),
        });
        return {
          changes: changesOf(body.data ?? []),
          cursor: body.sync ?? cursor ?? '',
          more: body.has_more === true,
          expired: false,
        };
      } catch (error) {
        const sync = freshToken(error);
        if (sync === undefined) throw error;
        return { changes: [], cursor: sync, more: false, expired: true };
      }
    },
    async fetch(executor: LocalConnectorExecutor, entity, id, signal) {
      const path = PATH_OF[entity];
      if (path === undefined) return null;
      try {
        const body = await executor.transport.json<{ data?: Record<string, unknown> }>({
          path: `${path}${encodeURIComponent(id)}`,
          query: { opt_fields: optFields(entity) },
          ...(signal ? { signal } : {}),
        });
        return body.data ?? null;
      } catch (error) {
        // Deleted again since the event: its own `deleted` event follows.
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
