import type { SearchFieldTarget, SearchScalar } from '@conduit/protocol';
import type { SqlExecutor, SqlValue } from '../store/sql-database';
import type { HotColumn } from './collection-layout';
import type { LateralJoins, OrderOperator, SearchDialect, SortComponent } from './search-dialect';
import { jsonPathLiteral, jsonPathOf, pgTextArray, storableText } from './sql-literals';
import type { SqlParams } from './sql-params';
import type { FuzzyOption, TextPlan } from './text-plans';

const ORDER_SQL: Record<OrderOperator, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const JSONPATH_OPERATOR: Record<'eq' | OrderOperator, string> = { eq: '==', ...ORDER_SQL };

/** fuzzystrmatch's edit distance refuses longer words; the schema's plpgsql function takes over. */
const LEVENSHTEIN_MAX_LENGTH = 255;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function bindable(value: SearchScalar): SqlValue {
  return typeof value === 'string' ? storableText(value) : value;
}

/**
 * The PostgreSQL side of search compilation: JSONB containment and SQL/JSON path predicates
 * (served by the GIN index on `data` where they are equalities), the GIN index on the term map's
 * tokens for indexed words, `fuzzystrmatch` for edit distances and the schema's `search_words` function
 * for text conditions on paths without a word index.
 *
 * @example
 * ```ts
 * const dialect = new PostgresSearchDialect();
 * await dialect.prepare(store.db);
 * ```
 */
export class PostgresSearchDialect implements SearchDialect {
  readonly name = 'postgres' as const;
  readonly trueSql = 'TRUE';
  readonly falseSql = 'FALSE';
  readonly dataSql = 'r.data';
  #levenshtein: string | undefined;

  async prepare(db: SqlExecutor): Promise<void> {
    if (this.#levenshtein !== undefined) return;
    // The extension lives in whichever schema it was installed in, not necessarily on the path.
    const rows = await db.query<{ schema: string }>(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
       WHERE e.extname = 'fuzzystrmatch'`,
    );
    if (rows.length === 0)
      throw new Error('the fuzzystrmatch extension is missing; the search migration installs it');
    this.#levenshtein = `${quoteIdentifier(rows[0]!.schema)}.levenshtein_less_equal`;
  }

  parseData(value: unknown): Record<string, unknown> {
    return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  }

  hotCompare(column: HotColumn, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string {
    if (typeof value !== column.type) return this.falseSql;
    const sqlOp = op === 'eq' ? '=' : ORDER_SQL[op];
    return `(r.${column.column} IS NOT NULL AND r.${column.column} ${sqlOp} ${params.add(bindable(value))})`;
  }

  fieldCompare(field: string, op: 'eq' | OrderOperator, value: SearchScalar, params: SqlParams): string {
    if (op === 'eq') {
      // Containment: exact, type-aware, and answered by the GIN index on data.
      return `(r.data @> ${params.add(JSON.stringify({ [field]: bindable(value) }))}::jsonb)`;
    }
    return this.pathCompare({ field, path: [field], fieldType: 'string' }, op, value, params);
  }

  fieldIn(field: string, values: readonly SearchScalar[], params: SqlParams): string {
    if (values.length === 1) return this.fieldCompare(field, 'eq', values[0]!, params);
    // jsonb equality compares type for type (numbers by value), as containment does; the value is
    // read once per row and looked up in the list's hash, where one containment per value would
    // probe the GIN index once each (slower from a few values on). NULL when missing: coalesced.
    const list = params.add(pgTextArray(values.map((value) => JSON.stringify(bindable(value)))));
    return `coalesce((r.data -> ${params.add(field)}::text) = ANY(${list}::jsonb[]), FALSE)`;
  }

  recordIdIn(ids: readonly string[], params: SqlParams): string {
    if (ids.length === 1) return `(r.record_id = ${params.add(ids[0]!)}::text)`;
    return `(r.record_id = ANY(${params.add(pgTextArray(ids))}::text[]))`;
  }

  fieldPresent(field: string, params: SqlParams): string {
    return `coalesce(jsonb_typeof(r.data -> ${params.add(field)}::text) <> 'null', FALSE)`;
  }

  #pathExists(target: SearchFieldTarget, filter: string, params: SqlParams): string {
    return `(r.data @? ${params.add(`${jsonPathOf(target.path)} ? (${filter})`)}::jsonpath)`;
  }

  pathCompare(
    target: SearchFieldTarget,
    op: 'eq' | OrderOperator,
    value: SearchScalar,
    params: SqlParams,
  ): string {
    return this.#pathExists(target, `@ ${JSONPATH_OPERATOR[op]} ${jsonPathLiteral(value)}`, params);
  }

  pathIn(target: SearchFieldTarget, values: readonly SearchScalar[], params: SqlParams): string {
    return this.#pathExists(
      target,
      values.map((value) => `@ == ${jsonPathLiteral(value)}`).join(' || '),
      params,
    );
  }

  pathPresent(target: SearchFieldTarget, params: SqlParams): string {
    return this.#pathExists(target, '@ != null', params);
  }

  like(target: SearchFieldTarget, column: HotColumn | undefined, pattern: string, params: SqlParams): string {
    const bound = params.add(storableText(pattern));
    if (column) {
      // Written as the trigram index's expression, so `%…%` patterns use it.
      return `(r.${column.column} IS NOT NULL AND lower(r.${column.column} COLLATE "default") LIKE ${bound} ESCAPE '')`;
    }
    if (target.path.length === 1 && target.fieldType === 'string') {
      const text = `(r.data ->> ${params.add(target.field)}::text)`;
      return `(${text} IS NOT NULL AND lower(${text}) LIKE ${bound} ESCAPE '')`;
    }
    return `EXISTS (SELECT 1 FROM jsonb_path_query(r.data, ${params.add(jsonPathOf(target.path))}::jsonpath) AS v(value)
      WHERE jsonb_typeof(v.value) = 'string' AND lower(v.value #>> '{}') LIKE ${bound} ESCAPE '')`;
  }

  anyToken(tokens: readonly string[], params: SqlParams): string {
    // Written as the GIN index's expression, so the index answers it.
    return `(search_tokens(r.collection_id, r.terms) && ${params.add(pgTextArray(tokens))}::text[])`;
  }

  allTokenGroups(groups: readonly (readonly FuzzyOption[])[], params: SqlParams): string {
    return `(${groups
      .map((group) =>
        this.anyToken(
          group.map((option) => option.token),
          params,
        ),
      )
      .join(' AND ')})`;
  }

  termFrequency(key: string, params: SqlParams): string {
    return `coalesce((r.terms ->> ${params.add(key)}::text)::float8, 0)`;
  }

  hasTerm(key: string, params: SqlParams): string {
    return `(r.terms ? ${params.add(key)}::text)`;
  }

  greatest(expressions: readonly string[]): string {
    return `GREATEST(${expressions.join(', ')})`;
  }

  real(value: number, params: SqlParams): string {
    return `${params.add(value)}::float8`;
  }

  #distance(word: string, letters: number, tolerance: number, candidate: string, params: SqlParams): string {
    const bound = params.add(word);
    if (tolerance === 0) return `(CASE WHEN ${candidate} = ${bound}::text THEN 0 ELSE 1 END)`;
    const fast = `${this.#levenshtein!}(${candidate}, ${bound}::text, ${params.add(tolerance)}::int)`;
    if (letters > LEVENSHTEIN_MAX_LENGTH) return `search_long_edit_distance(${candidate}, ${bound}::text)`;
    return `(CASE WHEN char_length(${candidate}) <= ${LEVENSHTEIN_MAX_LENGTH} THEN ${fast} ELSE search_long_edit_distance(${candidate}, ${bound}::text) END)`;
  }

  scannedText(
    plan: Extract<TextPlan, { kind: 'scanned-keyword' | 'scanned-fuzzy' }>,
    params: SqlParams,
    laterals: LateralJoins,
  ): { predicate: string; score: string } {
    const alias = `w${laterals.joins.length}`;
    laterals.joins.push(
      `CROSS JOIN LATERAL (SELECT search_words(jsonb_path_query_array(r.data, ${params.add(jsonPathOf(plan.target.path))}::jsonpath)) AS words) ${alias}`,
    );
    const words = `${alias}.words`;
    if (plan.kind === 'scanned-keyword') {
      const length = `cardinality(${words})`;
      const terms = plan.words.map((word, index) => {
        const tf = `(SELECT count(*) FROM unnest(${words}) AS x WHERE x = ${params.add(word)}::text)::float8`;
        return `${this.real(plan.bm25.weights[index]!, params)} * ${tf} / (${tf} + ${this.real(plan.bm25.k, params)} + ${this.real(plan.bm25.lengthFactor, params)} * ${length})`;
      });
      return {
        predicate: `(${words} && ${params.add(pgTextArray(plan.words))}::text[])`,
        score: `(${terms.join(' + ')})`,
      };
    }
    const best = plan.words.map((query) => {
      const distance = this.#distance(query.word, query.letters, query.tolerance, 'x', params);
      const letters = params.add(query.letters);
      return `(SELECT max(1::float8 - c.d::float8 / greatest(${letters}::int, char_length(c.x))::float8)
        FROM (SELECT x, ${distance} AS d FROM unnest(${words}) AS x
              WHERE abs(char_length(x) - ${letters}::int) <= ${params.add(query.tolerance)}::int) c
        WHERE c.d <= ${params.add(query.tolerance)}::int)`;
    });
    // A word without any match leaves a NULL, which makes the whole sum NULL: no match, score 0.
    const score = `coalesce((${best.join(' + ')}) / ${this.real(plan.words.length, params)}, 0)`;
    return { predicate: `(${score} > 0)`, score };
  }

  scannedStatistics(
    target: SearchFieldTarget,
    words: readonly string[],
    collectionId: number,
    params: SqlParams,
  ): string {
    const frequencies = words.map(
      (word, index) =>
        `coalesce(sum(CASE WHEN ${params.add(word)}::text = ANY(s.words) THEN 1 ELSE 0 END), 0) AS df${index}`,
    );
    return `SELECT count(*) AS n, coalesce(sum(cardinality(s.words)), 0) AS total${frequencies.map((sql) => `, ${sql}`).join('')}
      FROM (SELECT search_words(jsonb_path_query_array(r.data, ${params.add(jsonPathOf(target.path))}::jsonpath)) AS words
            FROM search_records r WHERE r.collection_id = ${params.add(collectionId)}) s`;
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
      AND ${this.#distance(word, letters, tolerance, 'term', params)} <= ${params.add(tolerance)}`;
  }

  sortComponents(
    target: SearchFieldTarget,
    column: HotColumn | undefined,
    direction: 'asc' | 'desc',
    params: SqlParams,
  ): SortComponent[] {
    if (column) return [{ sql: `r.${column.column}`, direction, nullable: true }];
    if (target.path.length === 1) {
      const value = () => `(r.data -> ${params.add(target.field)}::text)`;
      switch (target.fieldType) {
        case 'string':
          return [
            {
              sql: `((r.data ->> ${params.add(target.field)}::text) COLLATE "C")`,
              direction,
              nullable: true,
            },
          ];
        case 'integer':
        case 'number': {
          const number = value();
          return [
            {
              sql: `(CASE WHEN jsonb_typeof(${number}) = 'number' THEN ${number}::numeric END)`,
              direction,
              nullable: true,
            },
          ];
        }
        case 'boolean': {
          const flag = value();
          return [
            {
              sql: `(CASE WHEN jsonb_typeof(${flag}) = 'boolean' THEN ${flag}::boolean END)`,
              direction,
              nullable: true,
            },
          ];
        }
        default:
          break;
      }
    }
    const value = `(r.data #> ${params.add(pgTextArray(target.path))}::text[])`;
    const type = `jsonb_typeof(${value})`;
    const [numbers, strings, booleans] = direction === 'asc' ? [0, 1, 2] : [2, 1, 0];
    return [
      {
        sql: `(CASE ${type} WHEN 'number' THEN ${numbers} WHEN 'string' THEN ${strings} WHEN 'boolean' THEN ${booleans} ELSE 3 END)`,
        direction: 'asc',
        nullable: false,
      },
      { sql: `(CASE WHEN ${type} = 'number' THEN ${value}::numeric END)`, direction, nullable: true },
      {
        sql: `((CASE WHEN ${type} = 'string' THEN ${value} #>> '{}' END) COLLATE "C")`,
        direction,
        nullable: true,
      },
      { sql: `(CASE WHEN ${type} = 'boolean' THEN ${value}::boolean END)`, direction, nullable: true },
    ];
  }

  cursorValue(value: unknown, params: SqlParams): string {
    return params.add(value as SqlValue);
  }

  cursorJson(value: unknown): unknown {
    return value;
  }
}
