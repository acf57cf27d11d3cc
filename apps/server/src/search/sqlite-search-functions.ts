import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { SqliteDatabase } from '../store/sqlite-database';
import { compareCodePoints } from './code-point-order';
import { boundedEditDistance, wordSimilarity } from './edit-distance';
import { likeRegExp } from './like-pattern';
import { pathValues } from './path-values';
import { wordsOf } from './text-folding';

/**
 * What the SQLite query compiler calls for conditions the JSON functions of SQLite cannot express
 * exactly: paths through arrays, case-insensitive `like` over Unicode, words and edit distances.
 * Every function takes the top-level field's JSON text (`data -> '$."field"'`, NULL when missing)
 * and the rest of the path as a JSON array, so a record's JSON is never parsed whole.
 *
 * @example
 * ```ts
 * const sql = `${SQLITE_SEARCH_FUNCTIONS.like}(r.name, $2) = 1`;
 * ```
 */
export const SQLITE_SEARCH_FUNCTIONS = {
  /** `(fieldJson, restJson, op, operandJson)` → 1 when a reached value satisfies the comparison. */
  pathMatch: 'search_path_match',
  /** `(text, pattern)` → 1 when the lower-cased text matches the lower-cased `like` pattern. */
  like: 'search_like',
  /** `(fieldJson, restJson)` → the number of words of the string values reached. */
  wordCount: 'search_word_count',
  /** `(fieldJson, restJson, word)` → 1 when a reached string value has the word. */
  hasWord: 'search_has_word',
  /** `(fieldJson, restJson, configJson)` → the BM25 score of the reached text (0 without a query word). */
  keywordScore: 'search_keyword_score',
  /** `(fieldJson, restJson, configJson)` → the fuzzy score, 0 unless every query word matched. */
  fuzzyScore: 'search_fuzzy_score',
  /** `(term, word, max)` → 1 when the edit distance is at most `max`. */
  editWithin: 'search_edit_within',
} as const;

/** Comparison operators of {@link SQLITE_SEARCH_FUNCTIONS.pathMatch}. */
export type PathMatchOperator = 'eq' | 'in' | 'present' | 'gt' | 'gte' | 'lt' | 'lte' | 'like';

/** The BM25 configuration of one keyword condition, as JSON for the SQL function. */
export interface KeywordScoreConfig {
  readonly words: readonly string[];
  readonly weights: readonly number[];
  readonly k: number;
  readonly lengthFactor: number;
}

/** The query words of one fuzzy condition, as JSON for the SQL function. */
export interface FuzzyScoreConfig {
  readonly words: readonly { readonly word: string; readonly letters: number; readonly tolerance: number }[];
}

/** A one-entry cache: a statement calls a function with the same constant argument on every row. */
function lastParsed<T>(parse: (text: string) => T): (text: string) => T {
  let lastText: string | undefined;
  let lastValue: T;
  return (text) => {
    if (text !== lastText) {
      lastValue = parse(text);
      lastText = text;
    }
    return lastValue;
  };
}

function sameScalar(value: unknown, operand: unknown): boolean {
  return typeof value === typeof operand && value === operand;
}

function ordered(value: unknown, operand: unknown, op: 'gt' | 'gte' | 'lt' | 'lte'): boolean {
  let order: number;
  if (typeof operand === 'number' && typeof value === 'number') order = value - operand;
  else if (typeof operand === 'string' && typeof value === 'string')
    order = compareCodePoints(value, operand);
  else return false;
  switch (op) {
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
  }
}

/**
 * Registers the search functions on the embedded store's connection (idempotent).
 *
 * @example
 * ```ts
 * registerSqliteSearchFunctions(store.db as SqliteDatabase);
 * await store.db.query("SELECT search_like('Crème', '%crè%') AS hit");
 * ```
 */
export function registerSqliteSearchFunctions(db: SqliteDatabase): void {
  const parseJson = lastParsed((text) => JSON.parse(text) as unknown);
  const parsePath = lastParsed((text) => JSON.parse(text) as string[]);
  const parseOperand = lastParsed((text) => JSON.parse(text) as unknown);
  const regex = lastParsed(likeRegExp);
  const keywordConfig = lastParsed((text) => JSON.parse(text) as KeywordScoreConfig);
  const fuzzyConfig = lastParsed((text) => JSON.parse(text) as FuzzyScoreConfig);

  const values = (fieldJson: SQLOutputValue, restJson: SQLOutputValue): unknown[] => {
    if (typeof fieldJson !== 'string') return [];
    return pathValues(parseJson(fieldJson), typeof restJson === 'string' ? parsePath(restJson) : []);
  };
  const words = (fieldJson: SQLOutputValue, restJson: SQLOutputValue): string[] =>
    values(fieldJson, restJson).flatMap((value) => (typeof value === 'string' ? wordsOf(value) : []));

  db.defineFunction(
    SQLITE_SEARCH_FUNCTIONS.pathMatch,
    (fieldJson, restJson, op, operandJson): SQLInputValue => {
      const reached = values(fieldJson, restJson);
      const operand = typeof operandJson === 'string' ? parseOperand(operandJson) : null;
      switch (op as PathMatchOperator) {
        case 'present':
          return reached.some((value) => value !== null) ? 1 : 0;
        case 'eq':
          return reached.some((value) => sameScalar(value, operand)) ? 1 : 0;
        case 'in': {
          const options = operand as unknown[];
          return reached.some((value) => options.some((option) => sameScalar(value, option))) ? 1 : 0;
        }
        case 'like': {
          const pattern = regex(operand as string);
          return reached.some((value) => typeof value === 'string' && pattern.test(value.toLowerCase()))
            ? 1
            : 0;
        }
        case 'gt':
        case 'gte':
        case 'lt':
        case 'lte':
          return reached.some((value) => ordered(value, operand, op as 'gt')) ? 1 : 0;
        default:
          throw new Error(`unknown path operator ${String(op)}`);
      }
    },
  );

  db.defineFunction(SQLITE_SEARCH_FUNCTIONS.like, (text, pattern): SQLInputValue => {
    if (typeof text !== 'string' || typeof pattern !== 'string') return 0;
    return regex(pattern).test(text.toLowerCase()) ? 1 : 0;
  });

  db.defineFunction(
    SQLITE_SEARCH_FUNCTIONS.wordCount,
    (fieldJson, restJson) => words(fieldJson, restJson).length,
  );

  db.defineFunction(
    SQLITE_SEARCH_FUNCTIONS.hasWord,
    (fieldJson, restJson, word): SQLInputValue =>
      words(fieldJson, restJson).includes(word as string) ? 1 : 0,
  );

  db.defineFunction(
    SQLITE_SEARCH_FUNCTIONS.keywordScore,
    (fieldJson, restJson, configJson): SQLInputValue => {
      const config = keywordConfig(configJson as string);
      const all = words(fieldJson, restJson);
      const counts = new Map<string, number>();
      for (const word of all) counts.set(word, (counts.get(word) ?? 0) + 1);
      // The same arithmetic, in the same order, as the SQL of indexed fields and of PostgreSQL.
      let score = 0;
      config.words.forEach((word, index) => {
        const tf = counts.get(word) ?? 0;
        score += (config.weights[index]! * tf) / (tf + config.k + config.lengthFactor * all.length);
      });
      return score;
    },
  );

  db.defineFunction(SQLITE_SEARCH_FUNCTIONS.fuzzyScore, (fieldJson, restJson, configJson): SQLInputValue => {
    const config = fuzzyConfig(configJson as string);
    const present = [...new Set(words(fieldJson, restJson))];
    let total = 0;
    for (const query of config.words) {
      let best = 0;
      for (const word of present) {
        const distance = boundedEditDistance(query.word, word, query.tolerance);
        if (distance > query.tolerance) continue;
        best = Math.max(best, wordSimilarity(distance, query.letters, [...word].length));
      }
      if (best === 0) return 0;
      total += best;
    }
    return total / config.words.length;
  });

  db.defineFunction(
    SQLITE_SEARCH_FUNCTIONS.editWithin,
    (term, word, max): SQLInputValue =>
      boundedEditDistance(term as string, word as string, Number(max)) <= Number(max) ? 1 : 0,
  );
}
