import { ValidationError } from '../errors/client-errors';
import { decodeBase64Url, encodeBase64Url } from '../search/base64url';
import { fnv1a64 } from '../search/fnv1a64';

const CURSOR_VERSION = 1;

function scopeHash(connectorId: string): string {
  return fnv1a64(`conduit.changes.v${CURSOR_VERSION}:${connectorId}`);
}

function invalidCursor(message: string): ValidationError {
  return new ValidationError(message, {
    code: 'invalid_cursor',
    status: 400,
    details: [{ field: 'cursor', message, error_code: 'invalid_cursor' }],
  });
}

/**
 * Encodes a position in a connector's change feed as the opaque `next_cursor`, bound to the
 * connector so that a cursor sent to another connector's feed is refused rather than skipping
 * that feed's changes. The position is a sequence number of the service's store: it survives
 * restarts and means the same on every process sharing the store.
 *
 * @example
 * ```ts
 * const next_cursor = encodeChangeCursor(connectorId, 42);
 * ```
 */
export function encodeChangeCursor(connectorId: string, position: number): string {
  return encodeBase64Url(JSON.stringify({ v: CURSOR_VERSION, c: scopeHash(connectorId), p: position }));
}

/**
 * Reads a cursor made by {@link encodeChangeCursor} for `connectorId`: its position, or 0 (the
 * feed's start) when there is no cursor.
 *
 * @throws ValidationError 400 `invalid_cursor` (field `cursor`) for garbage or another connector's cursor
 * @example
 * ```ts
 * const after = decodeChangeCursor(connectorId, c.req.query('cursor'));
 * ```
 */
export function decodeChangeCursor(connectorId: string, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const garbage = 'cursor is not a next_cursor of this change feed; start again without a cursor';
  const json = cursor.length > 200 ? undefined : decodeBase64Url(cursor);
  if (json === undefined) throw invalidCursor(garbage);
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    throw invalidCursor(garbage);
  }
  if (typeof payload !== 'object' || payload === null) throw invalidCursor(garbage);
  const { v, c, p } = payload as Record<string, unknown>;
  if (v !== CURSOR_VERSION || typeof c !== 'string' || !Number.isSafeInteger(p) || (p as number) < 0) {
    throw invalidCursor(garbage);
  }
  if (c !== scopeHash(connectorId)) {
    throw invalidCursor('cursor belongs to another connector’s change feed; start again without a cursor');
  }
  return p as number;
}
