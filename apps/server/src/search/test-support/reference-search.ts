import type { ParsedSearch, SearchFilter, SearchScalar, SearchSort } from '@conduit/protocol';

// An in-memory evaluator of search written from the contract's §4 text, independent of the SQL
// compilers: the conformance suite runs the same query here and on both stores and expects the
// same hits, in the same order, with the same scores. Where §4 leaves a choice open, the choice
// the service documents is taken (BM25 with k1 = 1.2 and b = 0.75 and the non-negative idf; the
// fuzzy score is the mean similarity of the query words' best matches; ties by id).

type Json = unknown;
type Doc = Record<string, Json>;

const K1 = 1.2;
const B = 0.75;

/** One reference hit. */
export interface ReferenceHit {
  readonly id: string;
  readonly score: number;
}

/** Values reached by a path: arrays stand for their elements, at any step; missing reaches nothing. */
function reach(value: Json, path: readonly string[]): Json[] {
  if (Array.isArray(value)) return value.flatMap((element) => reach(element, path));
  if (path.length === 0) return [value];
  if (value === null || typeof value !== 'object') return [];
  const record = value as Doc;
  return Object.hasOwn(record, path[0]!) ? reach(record[path[0]!], path.slice(1)) : [];
}

function codePointCompare(a: string, b: string): number {
  const left = Array.from(a, (char) => char.codePointAt(0)!);
  const right = Array.from(b, (char) => char.codePointAt(0)!);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return left.length - right.length;
}

/** Case- and accent-folded words: letters and digits, split on anything else. */
function words(text: string): string[] {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

function letters(word: string): number {
  return Array.from(word).length;
}

function levenshtein(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  let row = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= right.length; j += 1) {
      next[j] = Math.min(row[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1), row[j]! + 1, next[j - 1]! + 1);
    }
    row = next;
  }
  return row[right.length]!;
}

function likeMatches(text: string, pattern: string): boolean {
  const lowerText = Array.from(text.toLowerCase());
  const lowerPattern = Array.from((pattern.includes('%') ? pattern : `%${pattern}%`).toLowerCase());
  // Classic wildcard matching by dynamic programming over code points.
  let row = new Array<boolean>(lowerText.length + 1).fill(false);
  row[0] = true;
  for (const symbol of lowerPattern) {
    const next = new Array<boolean>(lowerText.length + 1).fill(false);
    if (symbol === '%') {
      let any = false;
      for (let j = 0; j <= lowerText.length; j += 1) {
        any = any || row[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 1; j <= lowerText.length; j += 1) {
        next[j] = row[j - 1]! && (symbol === '_' || lowerText[j - 1] === symbol);
      }
    }
    row = next;
  }
  return row[lowerText.length]!;
}

function sameValue(value: Json, expected: SearchScalar): boolean {
  return typeof value === typeof expected && value === expected;
}

function orderHolds(value: Json, expected: SearchScalar, op: 'gt' | 'gte' | 'lt' | 'lte'): boolean {
  let order: number;
  if (typeof value === 'number' && typeof expected === 'number') order = value - expected;
  else if (typeof value === 'string' && typeof expected === 'string')
    order = codePointCompare(value, expected);
  else return false;
  return op === 'gt' ? order > 0 : op === 'gte' ? order >= 0 : op === 'lt' ? order < 0 : order <= 0;
}

/** The reference's view of a collection: records and the corpus statistics BM25 needs. */
class Corpus {
  constructor(readonly records: readonly Doc[]) {}

  documentWords(record: Doc, path: readonly string[]): string[] {
    return reach(record, path).flatMap((value) => (typeof value === 'string' ? words(value) : []));
  }

  keywordScore(record: Doc, path: readonly string[], query: string): number | undefined {
    const queryWords = [...new Set(words(query))];
    const n = this.records.length;
    const lengths = this.records.map((other) => this.documentWords(other, path).length);
    const total = lengths.reduce((sum, length) => sum + length, 0);
    if (n === 0 || total === 0) return undefined;
    const average = total / n;
    const own = this.documentWords(record, path);
    let score = 0;
    let matched = false;
    for (const word of queryWords) {
      const df = this.records.filter((other) => this.documentWords(other, path).includes(word)).length;
      if (df === 0) continue;
      const tf = own.filter((candidate) => candidate === word).length;
      if (tf > 0) matched = true;
      const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1);
      score += (weight * tf) / (tf + K1 * (1 - B) + ((K1 * B) / average) * own.length);
    }
    return matched ? score : undefined;
  }

  fuzzyScore(record: Doc, path: readonly string[], query: string): number | undefined {
    const queryWords = [...new Set(words(query))];
    const own = [...new Set(this.documentWords(record, path))];
    let total = 0;
    for (const word of queryWords) {
      const size = letters(word);
      const tolerance = size < 4 ? 0 : size < 8 ? 1 : 2;
      let best = 0;
      for (const candidate of own) {
        const distance = levenshtein(word, candidate);
        if (distance <= tolerance) best = Math.max(best, 1 - distance / Math.max(size, letters(candidate)));
      }
      if (best === 0) return undefined;
      total += best;
    }
    return total / queryWords.length;
  }
}

/** Whether the filter holds for a record, with the text conditions' scores collected in order. */
function holds(filter: SearchFilter, record: Doc, corpus: Corpus, scores: number[]): boolean {
  switch (filter.kind) {
    case 'and': {
      let all = true;
      for (const inner of filter.conditions) all = holds(inner, record, corpus, scores) && all;
      return all;
    }
    case 'or': {
      let any = false;
      for (const inner of filter.conditions) any = holds(inner, record, corpus, scores) || any;
      return any;
    }
    case 'not':
      return !holds(filter.condition, record, corpus, scores);
    case 'compare': {
      const values = reach(record, filter.path);
      if (filter.op === 'eq' || filter.op === 'neq') {
        const equal =
          filter.value === null
            ? values.every((value) => value === null)
            : values.some((value) => sameValue(value, filter.value));
        return filter.op === 'eq' ? equal : !equal;
      }
      return values.some((value) => orderHolds(value, filter.value, filter.op as 'gt'));
    }
    case 'in': {
      const values = reach(record, filter.path);
      return filter.values.some((expected) =>
        expected === null
          ? values.every((value) => value === null)
          : values.some((value) => sameValue(value, expected)),
      );
    }
    case 'text': {
      if (filter.op === 'like') {
        return reach(record, filter.path).some(
          (value) => typeof value === 'string' && likeMatches(value, filter.value),
        );
      }
      const score =
        filter.op === 'keyword'
          ? corpus.keywordScore(record, filter.path, filter.value)
          : corpus.fuzzyScore(record, filter.path, filter.value);
      scores.push(score ?? 0);
      return score !== undefined;
    }
  }
}

function hasText(filter: SearchFilter | null): boolean {
  if (filter === null) return false;
  switch (filter.kind) {
    case 'and':
    case 'or':
      return filter.conditions.some(hasText);
    case 'not':
      return hasText(filter.condition);
    case 'text':
      return filter.op !== 'like';
    default:
      return false;
  }
}

/** A sort value: the scalar at the path through objects only; anything else counts as null. */
function sortValue(record: Doc, path: readonly string[]): string | number | boolean | null {
  let value: Json = record;
  for (const segment of path) {
    if (
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      !Object.hasOwn(value, segment)
    ) {
      return null;
    }
    value = (value as Doc)[segment];
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

function kindRank(value: string | number | boolean): number {
  return typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2;
}

function compareSortValues(
  a: string | number | boolean | null,
  b: string | number | boolean | null,
  descending: boolean,
): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  let order = kindRank(a) - kindRank(b);
  if (order === 0) {
    if (typeof a === 'string') order = codePointCompare(a, b as string);
    else order = Number(a) - Number(b);
  }
  return descending ? -order : order;
}

/**
 * Every hit of a parsed search over `records`, in order (the whole result, not one page).
 *
 * @example
 * ```ts
 * const expected = referenceSearch(records, parseSearchParams(params, SEARCHABLE_FIELDS.tasks));
 * ```
 */
export function referenceSearch(records: readonly Doc[], search: ParsedSearch): ReferenceHit[] {
  const corpus = new Corpus(records);
  const text = hasText(search.filter);
  const hits: (ReferenceHit & { record: Doc })[] = [];
  for (const record of records) {
    const scores: number[] = [];
    if (search.filter !== null && !holds(search.filter, record, corpus, scores)) continue;
    const score = text ? scores.reduce((sum, value, index) => (index === 0 ? value : sum + value), 0) : 1;
    hits.push({ id: record.gid as string, score, record });
  }
  const sort: readonly SearchSort[] = search.sort;
  hits.sort((a, b) => {
    if (sort.length === 0) {
      if (a.score !== b.score) return b.score - a.score;
    } else {
      for (const key of sort) {
        const order = compareSortValues(
          sortValue(a.record, key.path),
          sortValue(b.record, key.path),
          key.direction === 'desc',
        );
        if (order !== 0) return order;
      }
    }
    return codePointCompare(a.id, b.id);
  });
  return hits.map(({ id, score }) => ({ id, score }));
}
