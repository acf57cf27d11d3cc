import type { SalesforceRecord } from './salesforce-dataset';
import type { SoqlCondition } from './soql-parser';

// How the SOQL engine keeps a query's first rows without sorting its table: a keyset page's
// `Id >` bound found by binary search in a table kept in Id order, and the first k of an
// `ORDER BY … LIMIT k` by a bounded heap. Both give exactly what a whole sort and slice give.

/**
 * The id a row must be at or above to match a WHERE that requires `Id > x` or `Id >= x` (alone or
 * in an AND): a keyset page's condition. Rows below it cannot match, so a scan in `Id` order may
 * start there; the condition itself is still applied to every row scanned.
 */
export function idLowerBound(condition: SoqlCondition): string | undefined {
  if (condition.kind === 'compare') {
    const isId = condition.field.parts.length === 1 && condition.field.parts[0]?.toLowerCase() === 'id';
    return isId && (condition.op === '>' || condition.op === '>=') && condition.value.kind === 'string'
      ? // The 15-character case-sensitive part: an 18-character literal's suffix only encodes its case.
        condition.value.value.slice(0, 15)
      : undefined;
  }
  if (condition.kind !== 'and') return undefined;
  const bounds = condition.items.map(idLowerBound).filter((bound) => bound !== undefined);
  return bounds.sort().at(-1);
}

/** The index of the first row of an `Id`-ordered table whose id is not below `floor` (binary search). */
export function firstAtOrAbove(table: readonly SalesforceRecord[], floor: string): number {
  let low = 0;
  let high = table.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((table[middle] as SalesforceRecord).Id < floor) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first `count` rows of a table (in its order) that are live (or any, with `includeDeleted`) and match. */
export function firstMatching(
  table: readonly SalesforceRecord[],
  from: number,
  includeDeleted: boolean,
  predicate: ((record: SalesforceRecord) => boolean) | undefined,
  count: number,
): SalesforceRecord[] {
  const found: SalesforceRecord[] = [];
  for (let i = from; i < table.length && found.length < count; i += 1) {
    const record = table[i] as SalesforceRecord;
    if (!includeDeleted && record.IsDeleted === true) continue;
    if (predicate === undefined || predicate(record)) found.push(record);
  }
  return found;
}

/**
 * The first `count` items of `items` in `compare`'s order, with a bounded max-heap: O(n log count)
 * instead of a whole sort's O(n log n). `compare` must be a total order (ties broken by index).
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  const heap: T[] = [];
  const above = (i: number, j: number) => compare(heap[i] as T, heap[j] as T) > 0;
  const swap = (i: number, j: number) => {
    const kept = heap[i] as T;
    heap[i] = heap[j] as T;
    heap[j] = kept;
  };
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && above(left, largest)) largest = left;
      if (right < heap.length && above(right, largest)) largest = right;
      if (largest === i) return;
      swap(i, largest);
      i = largest;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(item, heap[0] as T) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
