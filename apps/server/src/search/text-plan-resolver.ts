import type { SearchFilter, SearchTextNode } from '@conduit/protocol';
import type { SqlExecutor } from '../store/sql-database';
import { bm25Constants } from './bm25';
import type { CollectionLayout } from './collection-layout';
import { boundedEditDistance, fuzzyTolerance, wordSimilarity } from './edit-distance';
import { searchToken, termKey } from './indexed-document';
import type { SearchDialect } from './search-dialect';
import { SqlParams } from './sql-params';
import { distinctWordsOf, letterCount } from './text-folding';
import type { FuzzyOption, TextPlan } from './text-plans';

/** The collection a query runs over, as the resolver needs it. */
export interface ResolvedCollection {
  readonly id: number;
  readonly layout: CollectionLayout;
  readonly recordCount: number;
}

function textNodes(filter: SearchFilter | null, out: SearchTextNode[] = []): SearchTextNode[] {
  if (filter === null) return out;
  switch (filter.kind) {
    case 'and':
    case 'or':
      for (const inner of filter.conditions) textNodes(inner, out);
      break;
    case 'not':
      textNodes(filter.condition, out);
      break;
    case 'text':
      if (filter.op !== 'like') out.push(filter);
      break;
    default:
      break;
  }
  return out;
}

/**
 * Decides, before any SQL of the query is built, how each `keyword` and `fuzzy` condition is
 * evaluated (see {@link TextPlan}): reads the document frequencies and total length BM25 needs
 * (from the vocabulary for indexed fields, by one counting scan otherwise) and, for `fuzzy` on an
 * indexed field, the vocabulary words within each query word's edit tolerance. Only the
 * vocabulary is read here; records are never scanned in JavaScript.
 *
 * @example
 * ```ts
 * const plans = await resolveTextPlans(store.db, dialect, collection, parsed.filter);
 * ```
 */
export async function resolveTextPlans(
  db: SqlExecutor,
  dialect: SearchDialect,
  collection: ResolvedCollection,
  filter: SearchFilter | null,
): Promise<Map<SearchTextNode, TextPlan>> {
  const plans = new Map<SearchTextNode, TextPlan>();
  for (const node of textNodes(filter)) {
    const words = distinctWordsOf(node.value);
    const indexed = collection.layout.isIndexedText(node.path);
    let plan: TextPlan;
    if (collection.recordCount === 0 || words.length === 0) plan = { kind: 'nothing' };
    else if (node.op === 'keyword') {
      plan = indexed
        ? await indexedKeyword(db, collection, node.field, words)
        : await scannedKeyword(db, dialect, collection, node, words);
    } else {
      plan = indexed
        ? await indexedFuzzy(db, dialect, collection, node.field, words)
        : {
            kind: 'scanned-fuzzy',
            target: node,
            words: words.map((word) => {
              const letters = letterCount(word);
              return { word, letters, tolerance: fuzzyTolerance(letters) };
            }),
          };
    }
    plans.set(node, plan);
  }
  return plans;
}

async function indexedKeyword(
  db: SqlExecutor,
  collection: ResolvedCollection,
  field: string,
  words: readonly string[],
): Promise<TextPlan> {
  const stats = await db.query<{ total_length: unknown }>(
    'SELECT total_length FROM search_field_stats WHERE collection_id = $1 AND field = $2',
    [collection.id, field],
  );
  const total = Number(stats[0]?.total_length ?? 0);
  const params = new SqlParams();
  const rows = await db.query<{ term: string; docs: unknown }>(
    `SELECT term, docs FROM search_terms WHERE collection_id = ${params.add(collection.id)}
     AND field = ${params.add(field)} AND term IN (${params.list(words)})`,
    params.values,
  );
  const frequencies = new Map(rows.map((row) => [row.term, Number(row.docs)]));
  const present = words.filter((word) => (frequencies.get(word) ?? 0) > 0);
  if (total === 0 || present.length === 0) return { kind: 'nothing' };
  return {
    kind: 'indexed-keyword',
    field,
    keys: present.map((word) => termKey(field, word)),
    tokens: present.map((word) => searchToken(collection.id, field, word)),
    bm25: bm25Constants(
      collection.recordCount,
      total,
      present.map((word) => frequencies.get(word)!),
    ),
  };
}

async function scannedKeyword(
  db: SqlExecutor,
  dialect: SearchDialect,
  collection: ResolvedCollection,
  node: SearchTextNode,
  words: readonly string[],
): Promise<TextPlan> {
  const params = new SqlParams();
  const sql = dialect.scannedStatistics(node, words, collection.id, params);
  const [row] = await db.query<Record<string, unknown>>(sql, params.values);
  const documents = Number(row?.n ?? 0);
  const total = Number(row?.total ?? 0);
  const frequencies = words.map((_, index) => Number(row?.[`df${index}`] ?? 0));
  const present = words.filter((_, index) => frequencies[index]! > 0);
  if (documents === 0 || total === 0 || present.length === 0) return { kind: 'nothing' };
  return {
    kind: 'scanned-keyword',
    target: node,
    words: present,
    bm25: bm25Constants(
      documents,
      total,
      frequencies.filter((frequency) => frequency > 0),
    ),
  };
}

async function indexedFuzzy(
  db: SqlExecutor,
  dialect: SearchDialect,
  collection: ResolvedCollection,
  field: string,
  words: readonly string[],
): Promise<TextPlan> {
  const groups: FuzzyOption[][] = [];
  for (const word of words) {
    const letters = letterCount(word);
    const tolerance = fuzzyTolerance(letters);
    const params = new SqlParams();
    const sql = dialect.vocabularyMatches(collection.id, field, word, letters, tolerance, params);
    const rows = await db.query<{ term: string }>(sql, params.values);
    const options: FuzzyOption[] = [];
    for (const { term } of rows) {
      // The store narrowed the vocabulary; the similarity needs the distance itself.
      const distance = boundedEditDistance(word, term, tolerance);
      if (distance > tolerance) continue;
      options.push({
        key: termKey(field, term),
        token: searchToken(collection.id, field, term),
        similarity: wordSimilarity(distance, letters, letterCount(term)),
      });
    }
    if (options.length === 0) return { kind: 'nothing' };
    // A stable order keeps the SQL text, and so the store's plan cache, the same between calls.
    options.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    groups.push(options);
  }
  return { kind: 'indexed-fuzzy', field, groups };
}
