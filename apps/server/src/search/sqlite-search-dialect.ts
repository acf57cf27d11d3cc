import type { SearchFieldTarget, SearchScalar } from '@conduit/protocol';
import type { SqlExecutor, SqlValue } from '../store/sql-database';
import { SqliteDatabase } from '../store/sqlite-database';
import type { HotColumn } from './collection-layout';
import type { LateralJoins, OrderOperator, SearchDialect, SortComponent } from './search-dialect';
import { sqliteJsonPath, storableText } from './sql-literals';
import type { SqlParams } from './sql-params';
import {
  SQLITE_SEARCH_FUNCTIONS as F,
  type FuzzyScoreConfig,
  type KeywordScoreConfig,
  type PathMatchOperator,
  registerSqliteSearchFunctions,
} from './sqlite-search-functions';
import type { FuzzyOption, TextPlan } from './text-plans';

const ORDER_SQL: Record<OrderOperator, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

function bindable(value: SearchScalar): SqlValue {
  return typeof value === 'string' ? storableText(value) : value;
}

function ftsPhrase(token: string): string {
  // Tokens hold letters, digits, ':' and '_' only: nothing to escape inside the quotes.
  return `"${token}"`;
}

/**
 * The SQLite side of search compilation: JSON1 functions over the JSONB `data` column for
 * top-level fields, the FTS5 postings table for indexed words, and the JavaScript functions of
 * {@link registerSqliteSearchFunctions} where SQL alone cannot be exact.
 *
 * @example
 * ```ts
 * const dialect = new SqliteSearchDialect();
 * await dialect.prepare(store.db);
 * ```
 */
export class SqliteSearchDialect implements SearchDialect {
  readonly name = 'sqlite' as const;
  readonly trueSql = '1';
  readonly falseSql = '0';
  readonly dataSql = 'json(r.data)';
  #prepared = new WeakSet<object>();

  async prepare(db: SqlExecutor): Promise<void> {
    if (this.#prepared.has(db)) return;
    if (!(db instanceof SqliteDatabase))
      throw new TypeError('the SQLite search dialect needs the embedded store');
    registerSqliteSearchFunctions(db);
    this.#prepared.add(db);
  }

  parseData(value: unknown): Record<string, unknown> {
    return JSON.parse(value as string) as Record<string, unknown>;
  }

  hotCompare(column: HotColumn, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string {
    if (typeof value !== column.type) return this.falseSql;
    const sqlOp = op === 'eq' ? '=' : ORDER_SQL[op];
    return `(r.${column.column} IS NOT NULL AND r.${column.column} ${sqlOp} ${params.add(bindable(value))})`;
  }

  fieldCompare(field: string, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string {
    const extracted = `json_extract(r.data, ${params.add(sqliteJsonPath([field]))})`;
    if (op === 'eq') return `(${extracted} IS ${params.add(bindable(value))})`;
    return `coalesce(${extracted} ${ORDER_SQL[op]} ${params.add(bindable(value))}, 0)`;
  }

  fieldIn(field: string, values: readonly SearchScalar[], params: SqlParams): string {
    if (values.length === 1) return this.fieldCompare(field, 'eq', values[0]!, params);
    // json_each's values have no affinity, so `IN` compares as `IS` does, type for type (a JSON
    // true is 1, as a bound boolean is); the list is one parameter however long it is. A missing
    // or null value makes `IN` NULL: coalesce keeps the predicate two-valued for `not`.
    const list = params.add(JSON.stringify(values.map(bindable)));
    return `coalesce(json_extract(r.data, ${params.add(sqliteJsonPath([field]))}) IN (SELECT value FROM json_each(${list})), 0)`;
  }

  recordIdIn(ids: readonly string[], params: SqlParams): string {
    if (ids.length === 1) return `(r.record_id = ${params.add(ids[0]!)})`;
    return `(r.record_id IN (SELECT value FROM json_each(${params.add(JSON.stringify(ids))})))`;
  }

  fieldPresent(field: string, params: SqlParams): string {
    return `(coalesce(json_type(r.data, ${params.add(sqliteJsonPath([field]))}), 'null') <> 'null')`;
  }

  #pathMatch(target: SearchFieldTarget, op: PathMatchOperator, operand: unknown, params: SqlParams): string {
    const field = params.add(sqliteJsonPath([target.field]));
    const rest = params.add(JSON.stringify(target.path.slice(1)));
    const json = params.add(JSON.stringify(operand ?? null));
    return `(${F.pathMatch}(r.data -> ${field}, ${rest}, ${params.add(op)}, ${json}) = 1)`;
  }

  pathCompare(
    target: SearchFieldTarget,
    op: 'eq' | OrderOperator,
    value: SearchScalar,
    params: SqlParams,
  ): string {
    return this.#pathMatch(target, op, bindable(value), params);
  }

  pathIn(target: SearchFieldTarget, values: readonly SearchScalar[], params: SqlParams): string {
    return this.#pathMatch(target, 'in', values.map(bindable), params);
  }

  pathPresent(target: SearchFieldTarget, params: SqlParams): string {
    return this.#pathMatch(target, 'present', null, params);
  }

  like(target: SearchFieldTarget, column: HotColumn | undefined, pattern: string, params: SqlParams): string {
    const bound = params.add(storableText(pattern));
    if (column) return `(${F.like}(r.${column.column}, ${bound}) = 1)`;
    if (target.path.length === 1 && target.fieldType === 'string') {
      return `(${F.like}(json_extract(r.data, ${params.add(sqliteJsonPath([target.field]))}), ${bound}) = 1)`;
    }
    return this.#pathMatch(target, 'like', storableText(pattern), params);
  }

  anyToken(tokens: readonly string[], params: SqlParams): string {
    const query = tokens.map(ftsPhrase).join(' OR ');
    return `(r.rid IN (SELECT rowid FROM search_postings WHERE search_postings MATCH ${params.add(query)}))`;
  }

  allTokenGroups(groups: readonly (readonly FuzzyOption[])[], params: SqlParams): string {
    const query = groups
      .map((group) => `(${group.map((option) => ftsPhrase(option.token)).join(' OR ')})`)
      .join(' AND ');
    return `(r.rid IN (SELECT rowid FROM search_postings WHERE search_postings MATCH ${params.add(query)}))`;
  }

  termFrequency(key: string, params: SqlParams): string {
    return `coalesce(json_extract(r.terms, ${params.add(termPath(key))}), 0)`;
  }

  hasTerm(key: string, params: SqlParams): string {
    return `(json_extract(r.terms, ${params.add(termPath(key))}) IS NOT NULL)`;
  }

  greatest(expressions: readonly string[]): string {
    return expressions.length === 1 ? expressions[0]! : `max(${expressions.join(', ')})`;
  }

  real(value: number, params: SqlParams): string {
    return params.add(value);
  }

  scannedText(
    plan: Extract<TextPlan, { kind: 'scanned-keyword' | 'scanned-fuzzy' }>,
    params: SqlParams,
    _laterals: LateralJoins,
  ): { predicate: string; score: string } {
    const field = params.add(sqliteJsonPath([plan.target.field]));
    const rest = params.add(JSON.stringify(plan.target.path.slice(1)));
    let call: string;
    if (plan.kind === 'scanned-keyword') {
      const config: KeywordScoreConfig = {
        words: plan.words,
        weights: plan.bm25.weights,
        k: plan.bm25.k,
        lengthFactor: plan.bm25.lengthFactor,
      };
      call = `${F.keywordScore}(r.data -> ${field}, ${rest}, ${params.add(JSON.stringify(config))})`;
    } else {
      const config: FuzzyScoreConfig = { words: plan.words };
      call = `${F.fuzzyScore}(r.data -> ${field}, ${rest}, ${params.add(JSON.stringify(config))})`;
    }
    // Both scores are positive exactly when the condition holds.
    return { predicate: `(${call} > 0)`, score: call };
  }

  scannedStatistics(
    target: SearchFieldTarget,
    words: readonly string[],
    collectionId: number,
    params: SqlParams,
  ): string {
    const field = params.add(sqliteJsonPath([target.field]));
    const rest = params.add(JSON.stringify(target.path.slice(1)));
    const frequencies = words.map(
      (word, index) =>
        `coalesce(sum(${F.hasWord}(r.data -> ${field}, ${rest}, ${params.add(word)})), 0) AS df${index}`,
    );
    return `SELECT count(*) AS n, coalesce(sum(${F.wordCount}(r.data -> ${field}, ${rest})), 0) AS total${frequencies.map((sql) => `, ${sql}`).join('')}
      FROM search_records r WHERE r.collection_id = ${params.add(collectionId)}`;
  }

  vocabularyMatches(
    collectionId: number,
    field: string,
    word: string,
    letters: number,
    tolerance: number,
    params: SqlParams,
  ): string {
    const scope = `collection_id = ${params.add(collectionId)} AND field = ${params.add(field)}`;
    if (tolerance === 0) return `SELECT term FROM search_terms WHERE ${scope} AND term = ${params.add(word)}`;
    return `SELECT term FROM search_terms WHERE ${scope}
      AND term_length BETWEEN ${params.add(letters - tolerance)} AND ${params.add(letters + tolerance)}
      AND ${F.editWithin}(term, ${params.add(word)}, ${params.add(tolerance)}) = 1`;
  }

  sortComponents(
    target: SearchFieldTarget,
    column: HotColumn | undefined,
    direction: 'asc' | 'desc',
    params: SqlParams,
  ): SortComponent[] {
    if (column) return [{ sql: `r.${column.column}`, direction, nullable: true }];
    const path = params.add(sqliteJsonPath(target.path));
    if (target.path.length === 1 && SCALAR_TYPES.has(target.fieldType)) {
      return [{ sql: `json_extract(r.data, ${path})`, direction, nullable: true }];
    }
    // A path into an object may reach values of any type: numbers, then strings, then booleans,
    // then anything else (null, missing, arrays, objects) last; descending reverses the first three.
    const type = `json_type(r.data, ${path})`;
    const [numbers, strings, booleans] = direction === 'asc' ? [0, 1, 2] : [2, 1, 0];
    return [
      {
        sql: `(CASE ${type} WHEN 'integer' THEN ${numbers} WHEN 'real' THEN ${numbers} WHEN 'text' THEN ${strings} WHEN 'true' THEN ${booleans} WHEN 'false' THEN ${booleans} ELSE 3 END)`,
        direction: 'asc',
        nullable: false,
      },
      {
        sql: `(CASE WHEN ${type} IN ('integer', 'real', 'text', 'true', 'false') THEN json_extract(r.data, ${path}) END)`,
        direction,
        nullable: true,
      },
    ];
  }

  cursorValue(value: unknown, params: SqlParams): string {
    return params.add(value as SqlValue);
  }

  cursorJson(value: unknown): unknown {
    return typeof value === 'bigint' ? Number(value) : value;
  }
}

function termPath(key: string): string {
  // Term keys are `field:word` or `#field`: letters, digits, '_', ':' and '#', never a quote.
  return `$."${key}"`;
}
