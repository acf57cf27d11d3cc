import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiContext } from './api-context';
import { AsanaHttpError, missingInput, notRecognized } from './asana-http-error';
import type { AsanaEvent, AsanaEventLog } from './event-log';
import type { JsonRecord } from './record-context';
import { NO_ROW } from './task-table';

/** Events per response of a resource subscription, and of a workspace's (the spec's numbers). */
const RESOURCE_EVENT_LIMIT = 100;
const WORKSPACE_EVENT_LIMIT = 1000;

/**
 * How long a sync token stays good. The spec says only that a token may become "too old"; a day
 * on the simulator clock keeps tests able to reach it with `clock.advance`.
 */
export const SYNC_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The 412 message Asana sends with a fresh token. */
export const SYNC_TOKEN_EXPIRED_MESSAGE =
  'Sync token invalid or too old. If you are attempting to keep resources in sync, you must fetch the full dataset for this query now and use the new sync token for the next sync.';

// One key per process is enough: tokens only need to be unforgeable by the client under test.
const KEY = randomBytes(32);

function sign(body: string): string {
  return createHmac('sha256', KEY).update(body).digest('hex').slice(0, 24);
}

/** A token for reading `scope` from `position`, issued now in the log's current epoch. */
function issueToken(log: AsanaEventLog, scope: string, position: number, now: number): string {
  const body = `${position.toString(36)}.${log.epoch.toString(36)}.${now.toString(36)}`;
  return `${Buffer.from(body).toString('base64url')}.${sign(`${scope}|${body}`)}`;
}

/** The position a token resumes from, or undefined when it is not one of `scope`'s or too old. */
function readToken(log: AsanaEventLog, scope: string, token: string, now: number): number | undefined {
  const [encoded, signature] = token.split('.');
  if (encoded === undefined || signature === undefined) return undefined;
  const body = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(`${scope}|${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [position, epoch, issued] = body.split('.').map((part) => Number.parseInt(part, 36));
  if (position === undefined || epoch !== log.epoch || issued === undefined) return undefined;
  if (now - issued > SYNC_TOKEN_TTL_MS) return undefined;
  return position;
}

function renderEvent(ctx: ApiContext, event: AsanaEvent): JsonRecord {
  const user = event.userGid === null ? undefined : ctx.data.user(event.userGid);
  return {
    user: user === undefined ? null : { gid: user.gid, resource_type: 'user', name: user.name },
    resource: event.resource,
    type: event.resource.resource_type,
    action: event.action,
    parent: event.parent,
    created_at: new Date(event.createdAt).toISOString(),
    ...(event.change === undefined ? {} : { change: event.change }),
  };
}

function eventsOf(ctx: ApiContext, scope: string, limit: number): JsonRecord {
  const log = ctx.data.events;
  const now = ctx.list.now;
  const token = ctx.query.get('sync');
  const position = token === null || token === '' ? undefined : readToken(log, scope, token, now);
  if (position === undefined) {
    // The first call and an expired token answer alike: 412 with a token from now on.
    throw new AsanaHttpError(
      412,
      SYNC_TOKEN_EXPIRED_MESSAGE,
      {},
      { sync: issueToken(log, scope, log.head, now) },
    );
  }
  const { events, position: next, hasMore } = log.since(scope, position, limit);
  return {
    data: events.map((event) => renderEvent(ctx, event)),
    sync: issueToken(log, scope, next, now),
    has_more: hasMore,
  };
}

/**
 * `GET /events?resource=&sync=`: the events of a task or project (a project's include those of
 * the tasks in it; a task's those of its subtasks, attachments and itself) since the sync token,
 * 100 at a time with `has_more`. Without a token, or with one that is too old, 412 with a fresh
 * `sync` in the error body.
 *
 * @example
 * ```ts
 * matchAsanaRoute('GET', '/events')?.route.handler === getEvents; // true
 * ```
 */
export function getEvents(ctx: ApiContext): JsonRecord {
  const resource = ctx.query.get('resource');
  if (resource === null || resource === '') throw missingInput('resource');
  const known = ctx.data.project(resource) !== undefined || ctx.data.taskRow(resource) !== NO_ROW;
  if (!known) throw notRecognized('resource', resource);
  return eventsOf(ctx, resource, RESOURCE_EVENT_LIMIT);
}

/**
 * What the workspace stream answers a token that may not read it (402): Asana's DOCS give the
 * rule, not the wording.
 */
export const WORKSPACE_EVENTS_REFUSED_MESSAGE =
  'Workspace events are only available to service accounts in Enterprise+ domains.';

/**
 * `GET /workspaces/{workspace_gid}/events?sync=`: every event in the workspace since the token,
 * 1000 at a time, with the same 412 rules as `/events`. Only a service account in an Enterprise+
 * domain may read it (the simulator's `workspaceEvents` option); any other token gets 402.
 *
 * @example
 * ```ts
 * matchAsanaRoute('GET', '/workspaces/1/events')?.route.handler === getWorkspaceEvents; // true
 * ```
 */
export function getWorkspaceEvents(ctx: ApiContext): JsonRecord {
  const gid = ctx.params.workspace_gid ?? '';
  if (ctx.data.workspace(gid) === undefined) throw notRecognized('workspace', gid);
  if (!ctx.settings.workspaceEvents) throw new AsanaHttpError(402, WORKSPACE_EVENTS_REFUSED_MESSAGE);
  return eventsOf(ctx, gid, WORKSPACE_EVENT_LIMIT);
}
