import type { ListEnvelope } from '@conduit/protocol';
import type { Transport } from '@conduit/transport';
import type { PageContext } from './pager';

/**
 * What a custom pager gets: the page context, the connector's transport, and the parse of a
 * page's records with the action's record schema (record checks and all).
 *
 * @example
 * ```ts
 * const records = context.parseRecords(await context.transport.json({ path: context.path, query }));
 * ```
 */
export interface CustomPageContext extends PageContext {
  readonly transport: Transport;
  readonly signal: AbortSignal | undefined;
  /** The records of an upstream body, validated as the action's `record` (at its `recordsAt`). */
  parseRecords(body: unknown): unknown[];
}

/**
 * Paging no declared strategy covers (Asana's workspace task search has no offset: it is paged by
 * creation time). Prefer a declared strategy: this one's code is the connector's to test. The
 * page limit is the connector's to keep as well.
 *
 * @example
 * ```ts
 * const paging: CustomPaging = { type: 'custom', readPage: async (context) => ({ records: [], meta: { next_page: null } }) };
 * ```
 */
export interface CustomPaging {
  readonly type: 'custom';
  readPage(context: CustomPageContext): Promise<ListEnvelope>;
}
