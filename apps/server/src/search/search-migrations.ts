import { migration0002SearchIndex } from '../store/migrations/0002-search-index';
import { migration0005ChangeFeed } from '../store/migrations/0005-change-feed';
import type { Migration } from '../store/migrations/migration';

/**
 * The tables of the search feature: the synced copy and its change feed, which the index writer
 * keeps together in one transaction.
 *
 * @example
 * ```ts
 * await store.migrate(SEARCH_MIGRATIONS);
 * ```
 */
export const SEARCH_MIGRATIONS: readonly Migration[] = [migration0002SearchIndex, migration0005ChangeFeed];
