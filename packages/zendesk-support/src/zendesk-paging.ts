import { type CustomPaging, cursorPaging, PageLimitExceededError } from '@conduit/connector-kit';
import { type ListEnvelope, ResponseValidationError } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';

/** Largest page of the incremental exports (reference §4.4); the list endpoints stop at 100. */
export const EXPORT_PAGE_SIZE = 1000;

function invalidPage(field: string, message: string): ResponseValidationError {
  return new ResponseValidationError(
    `The upstream's page does not have the expected shape: ${field} ${message}`,
    {
      details: [{ field, message, error_code: 'invalid_response' }],
    },
  );
}

function cursorQuery(query: QueryParams, limit: number, offset: string | undefined): QueryParams {
  return { ...query, 'page[size]': limit, ...(offset === undefined ? {} : { 'page[after]': offset }) };
}

function nextOfCursorPage(body: unknown): string | null {
  const meta = (body as { meta?: { has_more?: unknown; after_cursor?: unknown } }).meta;
  if (typeof meta?.has_more !== 'boolean') throw invalidPage('meta.has_more', 'must be a boolean');
  if (!meta.has_more) return null;
  if (typeof meta.after_cursor !== 'string' || meta.after_cursor === '') {
    throw invalidPage('meta.after_cursor', 'must be a cursor when meta.has_more is true');
  }
  return meta.after_cursor;
}

/**
 * Tickets: the cursor-paginated `GET /tickets`, or, when `start_time` is given, the incremental
 * cursor export (`GET /incremental/tickets/cursor`: every ticket changed since then, oldest change
 * first, deleted ones with `status: "deleted"`, pages of `per_page` up to 1,000), which is what a
 * sync reads so that deletions are seen (reference §4.4). Pages hold the caller's `limit` either
 * way; the offset is the upstream's cursor.
 *
 * @example
 * ```ts
 * upstream: { path: '/tickets', recordsAt: 'tickets', paging: ticketPaging }
 * ```
 */
export const ticketPaging: CustomPaging = {
  type: 'custom',
  async readPage(context): Promise<ListEnvelope> {
    const { start_time: startTime, exclude_deleted: excludeDeleted, ...query } = context.query;
    const signal = context.signal === undefined ? {} : { signal: context.signal };
    if (startTime === undefined) {
      const body = await context.transport.json({
        path: context.path,
        query: cursorQuery(query, context.limit, context.offset),
        ...signal,
      });
      const records = context.parseRecords(body);
      if (records.length > context.limit)
        throw new PageLimitExceededError(context.limit, records.length, { what: context.path });
      const next = nextOfCursorPage(body);
      return { records, meta: { next_page: next === null ? null : { offset: next } } };
    }
    const exportQuery: QueryParams =
      context.offset === undefined
        ? {
            start_time: startTime,
            per_page: context.limit,
            ...(excludeDeleted === undefined ? {} : { exclude_deleted: excludeDeleted }),
          }
        : {
            cursor: context.offset,
            per_page: context.limit,
            ...(excludeDeleted === undefined ? {} : { exclude_deleted: excludeDeleted }),
          };
    const body = await context.transport.json({
      path: '/incremental/tickets/cursor',
      query: exportQuery,
      ...signal,
    });
    const records = context.parseRecords(body);
    if (records.length > context.limit)
      throw new PageLimitExceededError(context.limit, records.length, { what: 'incremental export' });
    const { end_of_stream: end, after_cursor: after } = body as {
      end_of_stream?: unknown;
      after_cursor?: unknown;
    };
    if (typeof end !== 'boolean') throw invalidPage('end_of_stream', 'must be a boolean');
    if (!end && (typeof after !== 'string' || after === ''))
      throw invalidPage('after_cursor', 'must be a cursor when end_of_stream is false');
    return { records, meta: { next_page: end ? null : { offset: after as string } } };
  },
};

/**
 * Ticket audits: every audit of the account (`GET /ticket_audits`, whose page keys are top-level
 * `after_cursor`/`after_url`, reference §4.3), or one ticket's (`GET /tickets/{ticket_id}/audits`,
 * standard cursor pagination) when `ticket_id` is given.
 *
 * @example
 * ```ts
 * upstream: { path: '/ticket_audits', recordsAt: 'audits', paging: auditPaging }
 * ```
 */
export const auditPaging: CustomPaging = {
  type: 'custom',
  async readPage(context): Promise<ListEnvelope> {
    const { ticket_id: ticketId, ...query } = context.query;
    const path =
      ticketId === undefined ? context.path : `/tickets/${encodeURIComponent(String(ticketId))}/audits`;
    const body = await context.transport.json({
      path,
      query: cursorQuery(query, context.limit, context.offset),
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
    const records = context.parseRecords(body);
    if (records.length > context.limit)
      throw new PageLimitExceededError(context.limit, records.length, { what: path });
    let next: string | null;
    if (ticketId !== undefined) next = nextOfCursorPage(body);
    else {
      const after = (body as { after_cursor?: unknown }).after_cursor;
      next = typeof after === 'string' && after !== '' && records.length > 0 ? after : null;
    }
    return { records, meta: { next_page: next === null ? null : { offset: next } } };
  },
};

/**
 * The cursor paging of Zendesk's list endpoints (`page[size]`, `page[after]`, `meta.has_more`,
 * `meta.after_cursor`, `links.next`).
 *
 * @example
 * ```ts
 * upstream: { path: '/users', recordsAt: 'users', paging: zendeskCursor }
 * ```
 */
export const zendeskCursor = cursorPaging();
