import { cursorPager } from './cursor-paging';
import { localPager } from './local-paging';
import { nextUrlPager } from './next-url-paging';
import { offsetPager } from './offset-paging';
import { offsetTokenPager } from './offset-token-paging';
import { pageNumberPager } from './page-number-paging';
import type { Pager } from './pager';
import type { PagingStrategy } from './paging-strategy';

const pagers = new WeakMap<PagingStrategy, Pager>();

/**
 * The pager that runs a declared strategy (made once per strategy object); `undefined` for a
 * custom one, which runs itself.
 *
 * @example
 * ```ts
 * const pager = pagerOf(cursorPaging());
 * ```
 */
export function pagerOf(strategy: PagingStrategy): Pager | undefined {
  if (strategy.type === 'custom') return undefined;
  let pager = pagers.get(strategy);
  if (pager === undefined) {
    switch (strategy.type) {
      case 'offset-token':
        pager = offsetTokenPager(strategy);
        break;
      case 'cursor':
        pager = cursorPager(strategy);
        break;
      case 'next-url':
        pager = nextUrlPager(strategy);
        break;
      case 'offset':
        pager = offsetPager(strategy);
        break;
      case 'page-number':
        pager = pageNumberPager(strategy);
        break;
      case 'local':
        pager = localPager;
        break;
    }
    pagers.set(strategy, pager);
  }
  return pager;
}
