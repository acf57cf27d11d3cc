import type { SearchFieldTarget, SearchScalar } from '@conduit/protocol';
import type { SqlDialect, SqlExecutor } from '../store/sql-database';
import type { HotColumn } from './collection-layout';
import type { SqlParams } from './sql-params';
import type { FuzzyOption, TextPlan } from './text-plans';

/** `gt`, `gte`, `lt` or `lte`. */
export type OrderOperator = 'gt' | 'gte' | 'lt' | 'lte';

/** One expression of an ordering: hits sort by each in turn; a null sorts after every value. */
export interface SortComponent {
  readonly sql: string;
  readonly direction: 'asc' | 'desc';
  /** Whether the expression can be null (so nulls-last handling is needed). */
  readonly nullable: boolean;
}

/** The per-query context text conditions need on PostgreSQL: row-wise word lists joined laterally. */
export interface LateralJoins {
  readonly joins: string[];
}

/**
 * Everything that differs between the two stores when a search is compiled: how a value of a
 * record is reached and compared, how text conditions find and score records, and how sort keys
 * are expressed. Every predicate returned is two-valued (never NULL), so `not`, `and` and `or`
 * combine them with plain boolean logic; every value goes through `params`.
 */
export interface SearchDialect {
  readonly name: SqlDialect;
  readonly trueSql: string;
  readonly falseSql: string;
  /** Makes the store ready for queries (registers functions, finds extensions). Idempotent. */
  prepare(db: SqlExecutor): Promise<void>;

  /** The record's JSON as the driver gives it back, and its conversion to an object. */
  readonly dataSql: string;
  parseData(value: unknown): Record<string, unknown>;

  /** `eq` (non-null value) or an order comparison on a typed column. */
  hotCompare(column: HotColumn, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string;
  /** `eq` (non-null) or an order comparison on a top-level field of a scalar type. */
  fieldCompare(field: string, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string;
  /** A top-level field of a scalar type equals one of `values` (non-null, at least one), its value read once. */
  fieldIn(field: string, values: readonly SearchScalar[], params: SqlParams): string;
  /** The record is stored under one of `ids` (at least one): a lookup in the records table's key. */
  recordIdIn(ids: readonly string[], params: SqlParams): string;
  /** Whether a top-level field of a scalar or object type holds a non-null value. */
  fieldPresent(field: string, params: SqlParams): string;
  /** Any value reached by a path (through arrays, into objects) equals or compares with `value`. */
  pathCompare(
    target: SearchFieldTarget,
    op: 'eq' | OrderOperator,
    value: SearchScalar,
    params: SqlParams,
  ): string;
  /** Any value reached by a path equals one of `values` (non-null). */
  pathIn(target: SearchFieldTarget, values: readonly SearchScalar[], params: SqlParams): string;
  /** Any value reached by a path is non-null. */
  pathPresent(target: SearchFieldTarget, params: SqlParams): string;
  /** `like` with a lower-cased pattern, on a typed column, a top-level string field or any path. */
  like(target: SearchFieldTarget, column: HotColumn | undefined, pattern: string, params: SqlParams): string;

  /** Records having any of the posting tokens. */
  anyToken(tokens: readonly string[], params: SqlParams): string;
  /** Records having, for every group, one of its tokens. */
  allTokenGroups(groups: readonly (readonly FuzzyOption[])[], params: SqlParams): string;
  /** A record's frequency of a term (0 when absent), as a number. */
  termFrequency(key: string, params: SqlParams): string;
  /** Whether a record has a term. */
  hasTerm(key: string, params: SqlParams): string;
  /** `max` of numeric expressions. */
  greatest(expressions: readonly string[]): string;
  /** A bound floating-point constant. */
  real(value: number, params: SqlParams): string;

  /** Predicate and score of a text condition on a path without a word index. */
  scannedText(
    plan: Extract<TextPlan, { kind: 'scanned-keyword' | 'scanned-fuzzy' }>,
    params: SqlParams,
    laterals: LateralJoins,
  ): { readonly predicate: string; readonly score: string };
  /** SQL computing `n`, `total` and `df0…` (document frequency of each word) over a collection, row by row. */
  scannedStatistics(
    target: SearchFieldTarget,
    words: readonly string[],
    collectionId: number,
    params: SqlParams,
  ): string;
  /** SQL selecting `term` from the vocabulary of a field within `tolerance` edits of `word`. */
  vocabularyMatches(
    collectionId: number,
    field: string,
    word: string,
    letters: number,
    tolerance: number,
    params: SqlParams,
  ): string;

  /** The sort components of a sort key (one, or a type rank followed by values for untyped paths). */
  sortComponents(
    target: SearchFieldTarget,
    column: HotColumn | undefined,
    direction: 'asc' | 'desc',
    params: SqlParams,
  ): SortComponent[];
  /** Binds a cursor value for comparison with a component. */
  cursorValue(value: unknown, params: SqlParams): string;
  /** Turns a component value read from a row into a JSON value for the cursor. */
  cursorJson(value: unknown): unknown;
}
