import type { SqlDialect, SqlExecutor } from '../store/sql-database';
import type { CollectionLayout } from './collection-layout';
import { HOT_COLUMN_NAMES } from './collection-layout';
import { type IndexedDocument, indexedDocument, searchToken } from './indexed-document';
import { pgTextArray } from './sql-literals';
import { chunks, SqlParams } from './sql-params';
import { letterCount } from './text-folding';

/** A connector's collection of one entity, with the layout of its records. */
export interface SearchCollection {
  readonly id: number;
  /** The connector whose copy this is: its change feed gets the collection's changes. */
  readonly connectorId: string;
  readonly layout: CollectionLayout;
}

/** What one write did. */
export interface WriteOutcome {
  inserted: number;
  updated: number;
  /** Seen again with the same content: only their generation moved. */
  unchanged: number;
  /** Without a string `gid`: not stored. */
  skipped: number;
  /** Values of another type than declared, stored as null. */
  coerced: number;
}

/** Records per insert (SQLite: one statement binding them as one JSON parameter; PostgreSQL: one COPY). */
const ROWS_PER_STATEMENT = 1000;
/** Ids per lookup or delete statement. */
const IDS_PER_STATEMENT = 2000;

interface StoredRow {
  readonly rid: number | undefined;
  readonly recordId: string;
  readonly contentHash: string;
}

/** Per field, the change of each word's document frequency, and of the field's total length. */
class VocabularyDelta {
  readonly docs = new Map<string, Map<string, number>>();
  readonly lengths = new Map<string, number>();
  records = 0;

  add(field: string, words: readonly string[], sign: 1 | -1, length: number): void {
    let perWord = this.docs.get(field);
    if (!perWord) {
      perWord = new Map();
      this.docs.set(field, perWord);
    }
    for (const word of words) perWord.set(word, (perWord.get(word) ?? 0) + sign);
    this.lengths.set(field, (this.lengths.get(field) ?? 0) + sign * length);
  }

  addTerms(terms: Readonly<Record<string, number>>, sign: 1 | -1): void {
    const words = new Map<string, string[]>();
    for (const key of Object.keys(terms)) {
      if (key.startsWith('#')) continue;
      const separator = key.indexOf(':');
      const field = key.slice(0, separator);
      let list = words.get(field);
      if (!list) {
        list = [];
        words.set(field, list);
      }
      list.push(key.slice(separator + 1));
    }
    for (const [field, list] of words) this.add(field, list, sign, terms[`#${field}`] ?? 0);
  }

  addDocument(document: IndexedDocument, sign: 1 | -1): void {
    for (const [field, words] of document.words) {
      this.add(field, words, sign, document.lengths.get(field) ?? 0);
    }
  }
}

function parseTerms(value: unknown): Record<string, number> {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, number>;
  return (value ?? {}) as Record<string, number>;
}

/**
 * Writes synced records into the search tables and keeps what queries read consistent with them
 * in the same transaction: the word postings, the per-field vocabulary with document frequencies,
 * the fields' total lengths and the collection's record count. Every method takes the executor
 * of a transaction the caller opened (a sync page, a sweep, a connector deletion), so a crash
 * leaves either all of a write or none of it.
 *
 * @example
 * ```ts
 * const writer = new SearchIndexWriter(store.dialect);
 * await store.db.transaction(async (tx) => {
 *   const tasks = await writer.collection(tx, connectorId, 'tasks', collectionLayout(SEARCHABLE_FIELDS.tasks));
 *   await writer.upsert(tx, tasks, page.data, generation);
 * });
 * ```
 */
export class SearchIndexWriter {
  readonly dialect: SqlDialect;
  readonly #now: () => number;

  /**
   * @param now - the clock of the change feed's `changed_at` (epoch ms); the server passes its own.
   */
  constructor(dialect: SqlDialect, now: () => number = Date.now) {
    this.dialect = dialect;
    this.#now = now;
  }

  /** The collection of a connector's entity, created when missing. */
  async collection(
    tx: SqlExecutor,
    connectorId: string,
    entity: string,
    layout: CollectionLayout,
  ): Promise<SearchCollection> {
    await tx.execute(
      'INSERT INTO search_collections (connector_id, entity) VALUES ($1, $2) ON CONFLICT (connector_id, entity) DO NOTHING',
      [connectorId, entity],
    );
    const rows = await tx.query<{ id: unknown }>(
      'SELECT id FROM search_collections WHERE connector_id = $1 AND entity = $2',
      [connectorId, entity],
    );
    return { id: Number(rows[0]!.id), connectorId, layout };
  }

  /**
   * Inserts or updates records (upstream objects with a `gid`) and stamps them with `generation`,
   * the sync run that saw them. A record whose content did not change only gets the new
   * generation. Duplicates within the batch keep the last one.
   */
  async upsert(
    tx: SqlExecutor,
    collection: SearchCollection,
    records: readonly unknown[],
    generation: number,
  ): Promise<WriteOutcome> {
    const outcome: WriteOutcome = { inserted: 0, updated: 0, unchanged: 0, skipped: 0, coerced: 0 };
    const documents = new Map<string, IndexedDocument>();
    for (const raw of records) {
      const document = indexedDocument(collection.layout, raw);
      if (!document) {
        outcome.skipped += 1;
        continue;
      }
      outcome.coerced += document.coerced;
      documents.set(document.recordId, document);
    }
    if (documents.size === 0) return outcome;

    await this.#lockFeed(tx, collection);
    const stored = await this.#stored(tx, collection.id, [...documents.keys()]);
    const fresh: IndexedDocument[] = [];
    const changed: { document: IndexedDocument; row: StoredRow }[] = [];
    const unchanged: string[] = [];
    for (const document of documents.values()) {
      const row = stored.get(document.recordId);
      if (!row) fresh.push(document);
      else if (row.contentHash === document.contentHash) unchanged.push(document.recordId);
      else changed.push({ document, row });
    }

    const delta = new VocabularyDelta();
    for (const ids of chunks(unchanged, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      await tx.execute(
        `UPDATE search_records SET generation = ${params.add(generation)}
         WHERE collection_id = ${params.add(collection.id)} AND ${this.#inList('record_id', ids, params)}`,
        params.values,
      );
    }
    if (changed.length > 0) {
      const previous = await this.#terms(
        tx,
        collection.id,
        changed.map(({ row }) => row.recordId),
      );
      for (const { document, row } of changed) {
        delta.addTerms(previous.get(row.recordId) ?? {}, -1);
        delta.addDocument(document, 1);
        await this.#update(tx, collection, document, row, generation);
      }
    }
    for (const batch of chunks(fresh, ROWS_PER_STATEMENT)) {
      await this.#insert(tx, collection, batch, generation);
      for (const document of batch) delta.addDocument(document, 1);
    }
    delta.records = fresh.length;
    await this.#applyDelta(tx, collection.id, delta);
    await this.#recordChanges(tx, collection, 'upsert', [
      ...fresh.map((document) => document.recordId),
      ...changed.map(({ document }) => document.recordId),
    ]);
    outcome.inserted = fresh.length;
    outcome.updated = changed.length;
    outcome.unchanged = unchanged.length;
    return outcome;
  }

  /** Deletes the records of a collection not seen since `generation` (mark and sweep); returns how many. */
  async sweep(tx: SqlExecutor, collection: SearchCollection, generation: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await tx.query<{ record_id: string }>(
        `SELECT record_id FROM search_records WHERE collection_id = $1 AND generation < $2 LIMIT ${IDS_PER_STATEMENT}`,
        [collection.id, generation],
      );
      if (rows.length === 0) return deleted;
      deleted += await this.remove(
        tx,
        collection,
        rows.map((row) => row.record_id),
      );
    }
  }

  /** Deletes records by id; returns how many existed. */
  async remove(tx: SqlExecutor, collection: SearchCollection, recordIds: readonly string[]): Promise<number> {
    if (recordIds.length === 0) return 0;
    await this.#lockFeed(tx, collection);
    let removed = 0;
    const gone: string[] = [];
    const delta = new VocabularyDelta();
    const sqlite = this.dialect === 'sqlite';
    for (const ids of chunks(recordIds, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      const where = `collection_id = ${params.add(collection.id)} AND ${this.#inList('record_id', ids, params)}`;
      const rows = await tx.query<{ rid?: unknown; record_id: string; terms: unknown }>(
        sqlite
          ? `DELETE FROM search_records WHERE ${where} RETURNING rid, record_id, json(terms) AS terms`
          : `DELETE FROM search_records WHERE ${where} RETURNING record_id, terms`,
        params.values,
      );
      if (sqlite && rows.length > 0) {
        await tx.execute('DELETE FROM search_postings WHERE rowid IN (SELECT value FROM json_each($1))', [
          JSON.stringify(rows.map((row) => Number(row.rid))),
        ]);
      }
      for (const row of rows) {
        delta.addTerms(parseTerms(row.terms), -1);
        gone.push(row.record_id);
      }
      removed += rows.length;
    }
    delta.records = -removed;
    await this.#applyDelta(tx, collection.id, delta);
    await this.#recordChanges(tx, collection, 'delete', gone);
    return removed;
  }

  /**
   * The ids of a collection's records whose `field` (a dotted path into the stored record, e.g.
   * `parent.gid`) is one of `values`: the children a deleted parent takes with it. A scan of the
   * collection (no index on the path); deletions are rare next to writes.
   */
  async recordIdsWhere(
    tx: SqlExecutor,
    collection: SearchCollection,
    field: string,
    values: readonly string[],
  ): Promise<string[]> {
    const found: string[] = [];
    const path = field.split('.');
    for (const batch of chunks(values, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      const value =
        this.dialect === 'sqlite'
          ? `json_extract(data, ${params.add(`$.${path.map((key) => JSON.stringify(key)).join('.')}`)})`
          : `data #>> ${params.add(pgTextArray(path))}::text[]`;
      const rows = await tx.query<{ record_id: string }>(
        `SELECT record_id FROM search_records
         WHERE collection_id = ${params.add(collection.id)} AND ${this.#inList(value, batch, params)}`,
        params.values,
      );
      for (const row of rows) found.push(row.record_id);
    }
    return found;
  }

  /**
   * On PostgreSQL, serialises the writers of one connector's feed until their transactions end,
   * so sequence numbers become visible in the order they were taken: without it a reader could
   * see change 11 committed before change 10 and move its cursor past 10 for ever. Taken before
   * any row lock, so writers always lock in the same order. SQLite has one writer at a time.
   */
  async #lockFeed(tx: SqlExecutor, collection: SearchCollection): Promise<void> {
    if (this.dialect === 'postgres') {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('conduit.changes:' || $1))", [
        collection.connectorId,
      ]);
    }
  }

  /** Makes `operation` the latest change of each record, under a new sequence number. */
  async #recordChanges(
    tx: SqlExecutor,
    collection: SearchCollection,
    operation: 'upsert' | 'delete',
    recordIds: readonly string[],
  ): Promise<void> {
    const changedAt = this.#now();
    for (const ids of chunks(recordIds, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      const where = `collection_id = ${params.add(collection.id)} AND ${this.#inList('record_id', ids, params)}`;
      await tx.execute(`DELETE FROM search_changes WHERE ${where}`, params.values);
      const insert = new SqlParams();
      const source =
        this.dialect === 'sqlite'
          ? `SELECT value FROM json_each(${insert.add(JSON.stringify(ids))})`
          : `SELECT unnest(${insert.add(pgTextArray(ids))}::text[]) AS value`;
      await tx.execute(
        `INSERT INTO search_changes (collection_id, connector_id, record_id, operation, changed_at)
         SELECT ${insert.add(collection.id)}, ${insert.add(collection.connectorId)}, ids.value, ${insert.add(operation)}, ${insert.add(changedAt)}
         FROM (${source}) AS ids`,
        insert.values,
      );
    }
  }

  /** Erases everything a connector has in the search tables (its deletion). */
  async eraseConnector(tx: SqlExecutor, connectorId: string): Promise<void> {
    if (this.dialect === 'sqlite') {
      // The postings table is virtual: foreign keys cannot cascade into it.
      await tx.execute(
        `DELETE FROM search_postings WHERE rowid IN (
           SELECT r.rid FROM search_records r JOIN search_collections c ON c.id = r.collection_id
           WHERE c.connector_id = $1)`,
        [connectorId],
      );
    }
    await tx.execute('DELETE FROM search_collections WHERE connector_id = $1', [connectorId]);
  }

  /**
   * `column IN (ids)` with the ids bound as one parameter: node:sqlite binds numbered parameters
   * in time growing with their count, so long lists go through `json_each` (an array on PostgreSQL).
   */
  #inList(column: string, ids: readonly string[], params: SqlParams): string {
    return this.dialect === 'sqlite'
      ? `${column} IN (SELECT value FROM json_each(${params.add(JSON.stringify(ids))}))`
      : `${column} = ANY(${params.add(pgTextArray(ids))}::text[])`;
  }

  async #stored(
    tx: SqlExecutor,
    collectionId: number,
    ids: readonly string[],
  ): Promise<Map<string, StoredRow>> {
    const stored = new Map<string, StoredRow>();
    for (const batch of chunks(ids, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      const rid = this.dialect === 'sqlite' ? 'rid, ' : '';
      const rows = await tx.query<{ rid?: number; record_id: string; content_hash: string }>(
        `SELECT ${rid}record_id, content_hash FROM search_records
         WHERE collection_id = ${params.add(collectionId)} AND ${this.#inList('record_id', batch, params)}`,
        params.values,
      );
      for (const row of rows) {
        stored.set(row.record_id, {
          rid: row.rid === undefined ? undefined : Number(row.rid),
          recordId: row.record_id,
          contentHash: row.content_hash,
        });
      }
    }
    return stored;
  }

  async #terms(
    tx: SqlExecutor,
    collectionId: number,
    ids: readonly string[],
  ): Promise<Map<string, Record<string, number>>> {
    const terms = new Map<string, Record<string, number>>();
    const column = this.dialect === 'sqlite' ? 'json(terms) AS terms' : 'terms';
    for (const batch of chunks(ids, IDS_PER_STATEMENT)) {
      const params = new SqlParams();
      const rows = await tx.query<{ record_id: string; terms: unknown }>(
        `SELECT record_id, ${column} FROM search_records
         WHERE collection_id = ${params.add(collectionId)} AND ${this.#inList('record_id', batch, params)}`,
        params.values,
      );
      for (const row of rows) terms.set(row.record_id, parseTerms(row.terms));
    }
    return terms;
  }

  #tokens(collectionId: number, document: IndexedDocument): string[] {
    const tokens: string[] = [];
    for (const [field, words] of document.words) {
      for (const word of words) tokens.push(searchToken(collectionId, field, word));
    }
    return tokens;
  }

  /**
   * One record as a JSON object for a batch insert, written by hand so the record's data (already
   * serialised for its hash) is not serialised again.
   */
  #rowJson(document: IndexedDocument): string {
    const hot = HOT_COLUMN_NAMES.map(
      (column) => `,${JSON.stringify(column)}:${JSON.stringify(document.hot[column] ?? null)}`,
    );
    return `{"record_id":${JSON.stringify(document.recordId)},"content_hash":${JSON.stringify(document.contentHash)},"data":${document.dataJson},"terms":${JSON.stringify(document.terms)}${hot.join('')}}`;
  }

  async #insert(
    tx: SqlExecutor,
    collection: SearchCollection,
    documents: readonly IndexedDocument[],
    generation: number,
  ): Promise<void> {
    const columns = [
      'collection_id',
      'record_id',
      'generation',
      'content_hash',
      'data',
      'terms',
      ...HOT_COLUMN_NAMES,
    ];
    if (this.dialect === 'postgres') {
      // COPY: the rows stream in as text, each JSON value parsed once by the server, with no
      // statement or batch-wide JSON parameter to parse first (bench/RESULTS.md, sync writer).
      if (!tx.copyRows) throw new Error('a PostgreSQL executor without copyRows');
      await tx.copyRows(
        'search_records',
        columns,
        documents.map((document) => [
          collection.id,
          document.recordId,
          generation,
          document.contentHash,
          document.dataJson,
          JSON.stringify(document.terms),
          ...HOT_COLUMN_NAMES.map((column) => document.hot[column] ?? null),
        ]),
      );
      return;
    }
    const rows = `[${documents.map((document) => this.#rowJson(document)).join(',')}]`;
    const values = HOT_COLUMN_NAMES.map((column) => `value ->> '$.${column}'`);
    const inserted = await tx.query<{ rid: number; record_id: string }>(
      `INSERT INTO search_records (${columns.join(', ')})
       SELECT $1, value ->> '$.record_id', $2, value ->> '$.content_hash', jsonb(value -> '$.data'), jsonb(value -> '$.terms'), ${values.join(', ')}
       FROM json_each($3)
       RETURNING rid, record_id`,
      [collection.id, generation, rows],
    );
    const rids = new Map(inserted.map((row) => [row.record_id, Number(row.rid)]));
    const postings: [number, string][] = [];
    for (const document of documents) {
      const tokens = this.#tokens(collection.id, document);
      if (tokens.length > 0) postings.push([rids.get(document.recordId)!, tokens.join(' ')]);
    }
    if (postings.length > 0) {
      await tx.execute(
        "INSERT INTO search_postings (rowid, tokens) SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each($1)",
        [JSON.stringify(postings)],
      );
    }
  }

  async #update(
    tx: SqlExecutor,
    collection: SearchCollection,
    document: IndexedDocument,
    row: StoredRow,
    generation: number,
  ): Promise<void> {
    const params = new SqlParams();
    const sqlite = this.dialect === 'sqlite';
    const json = (value: string) => (sqlite ? `jsonb(${params.add(value)})` : `${params.add(value)}::jsonb`);
    const assignments = [
      `generation = ${params.add(generation)}`,
      `content_hash = ${params.add(document.contentHash)}`,
      `data = ${json(document.dataJson)}`,
      `terms = ${json(JSON.stringify(document.terms))}`,
      ...HOT_COLUMN_NAMES.map((column) => `${column} = ${params.add(document.hot[column] ?? null)}`),
    ];
    const where = sqlite
      ? `rid = ${params.add(row.rid!)}`
      : `collection_id = ${params.add(collection.id)} AND record_id = ${params.add(document.recordId)}`;
    await tx.execute(`UPDATE search_records SET ${assignments.join(', ')} WHERE ${where}`, params.values);
    if (sqlite) {
      await tx.execute('DELETE FROM search_postings WHERE rowid = $1', [row.rid!]);
      const tokens = this.#tokens(collection.id, document);
      if (tokens.length > 0) {
        await tx.execute('INSERT INTO search_postings (rowid, tokens) VALUES ($1, $2)', [
          row.rid!,
          tokens.join(' '),
        ]);
      }
    }
  }

  async #applyDelta(tx: SqlExecutor, collectionId: number, delta: VocabularyDelta): Promise<void> {
    if (delta.records !== 0) {
      await tx.execute('UPDATE search_collections SET record_count = record_count + $1 WHERE id = $2', [
        delta.records,
        collectionId,
      ]);
    }
    for (const [field, length] of delta.lengths) {
      if (length === 0) continue;
      await tx.execute(
        `INSERT INTO search_field_stats (collection_id, field, total_length) VALUES ($1, $2, $3)
         ON CONFLICT (collection_id, field) DO UPDATE SET total_length = search_field_stats.total_length + excluded.total_length`,
        [collectionId, field, length],
      );
    }
    const sqlite = this.dialect === 'sqlite';
    // Each row: [term, length in letters, change of its document frequency].
    const rows = sqlite
      ? "SELECT $1, $2, value ->> '$[0]', value ->> '$[1]', value ->> '$[2]' FROM json_each($3) WHERE true"
      : 'SELECT $1, $2, v ->> 0, (v ->> 1)::int, (v ->> 2)::bigint FROM jsonb_array_elements($3::jsonb) AS v';
    for (const [field, perWord] of delta.docs) {
      const changes = [...perWord].filter(([, change]) => change !== 0);
      for (const batch of chunks(changes, ROWS_PER_STATEMENT * 4)) {
        await tx.execute(
          `INSERT INTO search_terms (collection_id, field, term, term_length, docs) ${rows}
           ON CONFLICT (collection_id, field, term) DO UPDATE SET docs = search_terms.docs + excluded.docs`,
          [
            collectionId,
            field,
            JSON.stringify(batch.map(([word, change]) => [word, letterCount(word), change])),
          ],
        );
      }
      const dropped = changes.filter(([, change]) => change < 0).map(([word]) => word);
      for (const batch of chunks(dropped, IDS_PER_STATEMENT)) {
        const params = new SqlParams();
        await tx.execute(
          `DELETE FROM search_terms WHERE collection_id = ${params.add(collectionId)} AND field = ${params.add(field)}
           AND docs <= 0 AND ${this.#inList('term', batch, params)}`,
          params.values,
        );
      }
    }
  }
}
