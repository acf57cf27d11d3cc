import {
  decodeSearchCursor,
  encodeSearchCursor,
  type ParsedSearch,
  parseSearchParams,
  type SearchEnvelope,
  type SearchFieldType,
  type SearchHit,
  searchQueryHash,
  ValidationError,
} from '@conduit/protocol';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../store/sql-database';
import type { Store } from '../store/store';
import { type CollectionLayout, collectionLayout } from './collection-layout';
import { compileFilter } from './filter-compiler';
import { keysetAfter, keysetAfterFirstPresent, orderByOf } from './keyset';
import { PostgresSearchDialect } from './postgres-search-dialect';
import { projectFields } from './projection';
import type { LateralJoins, SearchDialect, SortComponent } from './search-dialect';
import { chunks, SqlParams } from './sql-params';
import { SqliteSearchDialect } from './sqlite-search-dialect';
import { resolveTextPlans } from './text-plan-resolver';

/** What a search runs over: a connector's collection of one entity, with the entity's searchable fields. */
export interface SearchTarget {
  readonly connectorId: string;
  readonly entity: string;
  readonly fields: Readonly<Record<string, SearchFieldType>>;
  /** Fields the sync cannot store, with why: refused by name rather than matching nothing. */
  readonly unsearchable?: Readonly<Record<string, string>>;
}

interface Collection {
  readonly id: number;
  readonly layout: CollectionLayout;
  readonly recordCount: number;
}

/** How hits are ordered: by sort keys, by score, or (filters only, no sort) by id. */
type Ordering =
  | { readonly kind: 'sort'; readonly components: readonly SortComponent[] }
  | { readonly kind: 'score' }
  | { readonly kind: 'id' };

interface PageRow {
  readonly id: string;
  readonly score: number;
  readonly position: unknown[];
}

function invalidCursor(): ValidationError {
  const message = 'cursor does not fit this search; start again without a cursor';
  return new ValidationError(message, {
    code: 'invalid_cursor',
    status: 400,
    details: [{ field: 'cursor', message, error_code: 'invalid_cursor' }],
  });
}

function isCursorScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function milliseconds(since: number): number {
  // Whole milliseconds: the reference service's clients read `took_ms` as an integer.
  return Math.round(performance.now() - since);
}

/**
 * Answers `search` (contract §4) over a connector's synced records, on either store: validates
 * the params, plans the text conditions from the collection's vocabulary, compiles one SQL query
 * per page (two when the first sort key has nulls, so each half seeks its index), pages by keyset
 * on the sort key and id (the cursor holds the last hit's keys, bound to the query's hash), and
 * projects `data` to `fields`.
 *
 * @example
 * ```ts
 * const engine = new SearchEngine(store);
 * const page = await engine.search(
 *   { connectorId, entity: 'tasks', fields: SEARCHABLE_FIELDS.tasks },
 *   { query: { filter: { eq: { completed: false } }, sort: [{ modified_at: 'desc' }] }, limit: 50 },
 * );
 * ```
 */
export class SearchEngine {
  readonly #db: SqlDatabase;
  readonly #dialect: SearchDialect;

  constructor(store: Pick<Store, 'db' | 'dialect'>) {
    this.#db = store.db;
    this.#dialect = store.dialect === 'sqlite' ? new SqliteSearchDialect() : new PostgresSearchDialect();
  }

  /**
   * One page of hits.
   *
   * @throws ValidationError 400 (`invalid_query`, `invalid_param`, `invalid_cursor`, …) for bad params
   */
  async search(target: SearchTarget, params: unknown, signal?: AbortSignal): Promise<SearchEnvelope> {
    const parsed = parseSearchParams(params, target.fields, target.unsearchable);
    const queryHash = searchQueryHash(parsed, `${target.connectorId}/${target.entity}`);
    const position = parsed.cursor === null ? null : decodeSearchCursor(parsed.cursor, queryHash).position;
    const started = performance.now();
    await this.#dialect.prepare(this.#db);
    const collection = await this.#collection(target);
    if (!collection) return { hits: [], next_cursor: null, took_ms: milliseconds(started) };

    const plans = await resolveTextPlans(this.#db, this.#dialect, collection, parsed.filter);
    signal?.throwIfAborted();
    const rows = await this.#session((db) => this.#page(db, collection, parsed, plans, position, signal));
    const more = rows.length > parsed.limit;
    const page = more ? rows.slice(0, parsed.limit) : rows;
    const data = await this.#data(
      collection.id,
      page.map((row) => row.id),
    );
    const hits: SearchHit[] = page.map((row) => {
      const record = data.get(row.id) ?? {};
      return {
        id: row.id,
        score: row.score,
        data: parsed.fields === null ? record : projectFields(record, parsed.fields),
      };
    });
    const last = page.at(-1);
    return {
      hits,
      next_cursor: more && last ? encodeSearchCursor({ position: last.position, queryHash }) : null,
      took_ms: milliseconds(started),
    };
  }

  async #collection(target: SearchTarget): Promise<Collection | undefined> {
    const rows = await this.#db.query<{ id: unknown; record_count: unknown }>(
      'SELECT id, record_count FROM search_collections WHERE connector_id = $1 AND entity = $2',
      [target.connectorId, target.entity],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      layout: collectionLayout(target.fields),
      recordCount: Number(row.record_count),
    };
  }

  /** Builds one statement with fresh parameters: the filter, its score, the ordering, the laterals. */
  #statement(
    collection: Collection,
    parsed: ParsedSearch,
    plans: Awaited<ReturnType<typeof resolveTextPlans>>,
  ) {
    const params = new SqlParams();
    const laterals: LateralJoins = { joins: [] };
    const collectionParam = params.add(collection.id);
    const filter = compileFilter(parsed.filter, {
      dialect: this.#dialect,
      layout: collection.layout,
      plans,
      params,
      laterals,
    });
    const ordering: Ordering =
      parsed.sort.length > 0
        ? {
            kind: 'sort',
            components: parsed.sort.flatMap((key) =>
              this.#dialect.sortComponents(
                key,
                collection.layout.hotColumnFor(key.path),
                key.direction,
                params,
              ),
            ),
          }
        : filter.score === null
          ? { kind: 'id' }
          : { kind: 'score' };
    const from = `search_records r ${laterals.joins.join(' ')}`;
    const where = `r.collection_id = ${collectionParam} AND ${filter.predicate}`;
    return { params, filter, ordering, from, where };
  }

  /**
   * Runs the page's statements. On PostgreSQL they share one transaction with settings of their
   * own: a common word's postings must stay an exact bitmap (a lossy one rechecks, and so rebuilds
   * the tokens of, every row of its pages), and compiling these short queries to machine code
   * costs more than it saves.
   */
  #session<T>(work: (db: SqlExecutor) => Promise<T>): Promise<T> {
    if (this.#dialect.name !== 'postgres') return work(this.#db);
    return this.#db.transaction(async (tx) => {
      await tx.runScript("SET LOCAL work_mem = '64MB'; SET LOCAL jit = off");
      return work(tx);
    });
  }

  async #page(
    db: SqlExecutor,
    collection: Collection,
    parsed: ParsedSearch,
    plans: Awaited<ReturnType<typeof resolveTextPlans>>,
    position: unknown[] | null,
    signal: AbortSignal | undefined,
  ): Promise<PageRow[]> {
    const wanted = parsed.limit + 1;
    const probe = this.#statement(collection, parsed, plans);
    const width =
      probe.ordering.kind === 'sort'
        ? probe.ordering.components.length
        : probe.ordering.kind === 'score'
          ? 1
          : 0;
    if (position !== null) {
      const valid =
        position.length === width + 1 &&
        typeof position.at(-1) === 'string' &&
        position.slice(0, width).every(isCursorScalar) &&
        (probe.ordering.kind !== 'score' || typeof position[0] === 'number');
      if (!valid) throw invalidCursor();
    }
    const lastId = position === null ? undefined : (position.at(-1) as string);

    if (probe.ordering.kind === 'id') {
      const { params, from, where } = probe;
      const after = lastId === undefined ? '' : ` AND r.record_id > ${params.add(lastId)}`;
      const rows = await db.query<{ id: string }>(
        `SELECT r.record_id AS id FROM ${from} WHERE ${where}${after} ORDER BY r.record_id ASC LIMIT ${wanted}`,
        params.values,
      );
      return rows.map((row) => ({ id: row.id, score: 1, position: [row.id] }));
    }

    if (probe.ordering.kind === 'score') {
      const { params, filter, from, where } = probe;
      const after =
        position === null
          ? ''
          : `WHERE ${keysetAfter([{ sql: 'q.score', direction: 'desc', nullable: false }], position, 'q.id', lastId!, this.#dialect, params)}`;
      const rows = await db.query<{ id: string; score: unknown }>(
        `SELECT q.id, q.score FROM (SELECT r.record_id AS id, ${filter.score} AS score FROM ${from} WHERE ${where}) q
         ${after} ORDER BY q.score DESC, q.id ASC LIMIT ${wanted}`,
        params.values,
      );
      return rows.map((row) => {
        const score = Number(row.score);
        return { id: row.id, score, position: [score, row.id] };
      });
    }

    const components = probe.ordering.components;
    if (!components[0]!.nullable) {
      const { params, filter, from, where } = probe;
      const after =
        position === null
          ? ''
          : ` AND ${keysetAfter(components, position, 'r.record_id', lastId!, this.#dialect, params)}`;
      return this.#sorted(
        db,
        `${this.#sortedSelect(filter.score, components)} FROM ${from} WHERE ${where}${after}
         ORDER BY ${orderByOf(components, 'r.record_id')} LIMIT ${wanted}`,
        params.values,
        components.length,
      );
    }

    // The first key can be null and nulls come last: read the rows that have it (seeking its
    // index from the cursor), then, if the page is not full, the rows without it.
    const rows: PageRow[] = [];
    const firstAbsent = position !== null && (position[0] === null || position[0] === undefined);
    if (!firstAbsent) {
      const { params, filter, ordering, from, where } = this.#statement(collection, parsed, plans);
      const ordered = (ordering as Extract<Ordering, { kind: 'sort' }>).components;
      const after =
        position === null
          ? ''
          : ` AND ${keysetAfterFirstPresent(ordered, position, 'r.record_id', lastId!, this.#dialect, params)}`;
      rows.push(
        ...(await this.#sorted(
          db,
          `${this.#sortedSelect(filter.score, ordered)} FROM ${from} WHERE ${where} AND ${ordered[0]!.sql} IS NOT NULL${after}
           ORDER BY ${orderByOf(ordered, 'r.record_id', true)} LIMIT ${wanted}`,
          params.values,
          ordered.length,
        )),
      );
    }
    if (rows.length < wanted) {
      signal?.throwIfAborted();
      const { params, filter, ordering, from, where } = this.#statement(collection, parsed, plans);
      const ordered = (ordering as Extract<Ordering, { kind: 'sort' }>).components;
      const rest = ordered.slice(1);
      const after = firstAbsent
        ? ` AND ${keysetAfter(rest, position!.slice(1), 'r.record_id', lastId!, this.#dialect, params)}`
        : '';
      rows.push(
        ...(await this.#sorted(
          db,
          `${this.#sortedSelect(filter.score, ordered)} FROM ${from} WHERE ${where} AND ${ordered[0]!.sql} IS NULL${after}
           ORDER BY ${orderByOf(rest, 'r.record_id')} LIMIT ${wanted - rows.length}`,
          params.values,
          ordered.length,
        )),
      );
    }
    return rows;
  }

  #sortedSelect(score: string | null, components: readonly SortComponent[]): string {
    const keys = components.map((component, index) => `, ${component.sql} AS s${index}`).join('');
    return `SELECT r.record_id AS id, ${score ?? '1'} AS score${keys}`;
  }

  async #sorted(
    db: SqlExecutor,
    sql: string,
    values: readonly SqlValue[],
    width: number,
  ): Promise<PageRow[]> {
    const rows = await db.query<Record<string, unknown>>(sql, values);
    return rows.map((row) => {
      const id = row.id as string;
      const keys = Array.from({ length: width }, (_, index) =>
        this.#dialect.cursorJson(row[`s${index}`] ?? null),
      );
      return { id, score: Number(row.score), position: [...keys, id] };
    });
  }

  async #data(collectionId: number, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const data = new Map<string, Record<string, unknown>>();
    for (const batch of chunks(ids, 900)) {
      const params = new SqlParams();
      const rows = await this.#db.query<{ id: string; data: unknown }>(
        `SELECT r.record_id AS id, ${this.#dialect.dataSql} AS data FROM search_records r
         WHERE r.collection_id = ${params.add(collectionId)} AND r.record_id IN (${params.list(batch)})`,
        params.values,
      );
      for (const row of rows) data.set(row.id, this.#dialect.parseData(row.data));
    }
    return data;
  }
}
