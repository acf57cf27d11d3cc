import type { Migration } from './migration';

/**
 * The search copy of synced records (contract §4): one collection per connector and entity,
 * records as JSON with typed copies of the values filtered and sorted on most, each record's term
 * frequencies, the word postings (an FTS5 table on SQLite, a GIN-indexed array on PostgreSQL),
 * and per collection and field the vocabulary with document frequencies and the total length that
 * BM25 and the fuzzy vocabulary lookup read. On PostgreSQL the postings are an expression index
 * over the term map. PostgreSQL also gets `pg_trgm` (trigram index for
 * `like` on names), `fuzzystrmatch` (edit distance) and the word-splitting SQL functions used when
 * a text operator targets a field without a word index.
 */
export const migration0002SearchIndex: Migration = {
  version: 2,
  name: 'search-index',
  sqlite: `
    CREATE TABLE search_collections (
      id INTEGER PRIMARY KEY,
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      entity TEXT NOT NULL,
      record_count INTEGER NOT NULL DEFAULT 0,
      UNIQUE (connector_id, entity)
    );
    CREATE TABLE search_records (
      rid INTEGER PRIMARY KEY,
      collection_id INTEGER NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      record_id TEXT NOT NULL,
      generation INTEGER NOT NULL,
      content_hash TEXT NOT NULL,
      data BLOB NOT NULL,
      terms BLOB NOT NULL,
      name TEXT,
      created_at TEXT,
      modified_at TEXT,
      due_on TEXT,
      completed INTEGER,
      assignee_gid TEXT,
      UNIQUE (collection_id, record_id)
    );
    CREATE INDEX search_records_generation ON search_records (collection_id, generation);
    CREATE INDEX search_records_name ON search_records (collection_id, name, record_id);
    CREATE INDEX search_records_created_at ON search_records (collection_id, created_at, record_id);
    CREATE INDEX search_records_modified_at ON search_records (collection_id, modified_at, record_id);
    CREATE INDEX search_records_due_on ON search_records (collection_id, due_on, record_id);
    CREATE INDEX search_records_assignee ON search_records (collection_id, assignee_gid, completed, modified_at);
    CREATE INDEX search_records_completed ON search_records (collection_id, completed, modified_at);
    CREATE VIRTUAL TABLE search_postings USING fts5 (
      tokens,
      content = '',
      contentless_delete = 1,
      detail = none,
      tokenize = "ascii tokenchars ':_'"
    );
    CREATE TABLE search_terms (
      collection_id INTEGER NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      field TEXT NOT NULL,
      term TEXT NOT NULL,
      term_length INTEGER NOT NULL,
      docs INTEGER NOT NULL,
      PRIMARY KEY (collection_id, field, term)
    ) WITHOUT ROWID;
    CREATE INDEX search_terms_by_length ON search_terms (collection_id, field, term_length);
    CREATE TABLE search_field_stats (
      collection_id INTEGER NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      field TEXT NOT NULL,
      total_length INTEGER NOT NULL,
      PRIMARY KEY (collection_id, field)
    ) WITHOUT ROWID;
  `,
  postgres: `
    DO $$
    DECLARE
      wanted text;
    BEGIN
      FOREACH wanted IN ARRAY ARRAY['pg_trgm', 'fuzzystrmatch'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = wanted) THEN
          BEGIN
            -- In public when it exists, so every schema of the database finds one shared copy.
            IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
              EXECUTE format('CREATE EXTENSION %I WITH SCHEMA public', wanted);
            ELSE
              EXECUTE format('CREATE EXTENSION %I', wanted);
            END IF;
          EXCEPTION WHEN unique_violation OR duplicate_object THEN
            -- Another schema's migration created it at the same moment.
            NULL;
          END;
        END IF;
      END LOOP;
    END $$;
    CREATE TABLE search_collections (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      connector_id TEXT NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
      entity TEXT NOT NULL,
      record_count BIGINT NOT NULL DEFAULT 0,
      UNIQUE (connector_id, entity)
    );
    CREATE TABLE search_records (
      collection_id BIGINT NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      record_id TEXT COLLATE "C" NOT NULL,
      generation BIGINT NOT NULL,
      content_hash TEXT NOT NULL,
      data JSONB NOT NULL,
      terms JSONB NOT NULL,
      name TEXT COLLATE "C",
      created_at TEXT COLLATE "C",
      modified_at TEXT COLLATE "C",
      due_on TEXT COLLATE "C",
      completed BOOLEAN,
      assignee_gid TEXT COLLATE "C",
      PRIMARY KEY (collection_id, record_id)
    );
    CREATE INDEX search_records_generation ON search_records (collection_id, generation);
    CREATE INDEX search_records_name ON search_records (collection_id, name, record_id);
    CREATE INDEX search_records_created_at ON search_records (collection_id, created_at, record_id);
    CREATE INDEX search_records_modified_at ON search_records (collection_id, modified_at, record_id);
    CREATE INDEX search_records_due_on ON search_records (collection_id, due_on, record_id);
    CREATE INDEX search_records_assignee ON search_records (collection_id, assignee_gid, completed, modified_at);
    CREATE INDEX search_records_completed ON search_records (collection_id, completed, modified_at);
    -- Kept inline and uncompressed where possible: scoring reads it for every candidate.
    ALTER TABLE search_records ALTER COLUMN terms SET STORAGE MAIN;
    -- The posting tokens of a record, derived from its term map (so they are not stored twice):
    -- the GIN index on this expression is what keyword and fuzzy conditions look words up in.
    CREATE FUNCTION search_tokens(collection_id bigint, terms jsonb) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$
        SELECT coalesce(array_agg(collection_id::text || ':' || key), '{}')
        FROM jsonb_object_keys(terms) AS key WHERE left(key, 1) <> '#'
      $fn$;
    CREATE INDEX search_records_tokens ON search_records USING gin (search_tokens(collection_id, terms));
    CREATE INDEX search_records_data ON search_records USING gin (data jsonb_path_ops);
    DO $$
    DECLARE
      trgm_schema text;
    BEGIN
      SELECT n.nspname INTO trgm_schema
        FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
      EXECUTE format(
        'CREATE INDEX search_records_name_trigrams ON search_records USING gin ((lower(name COLLATE "default")) %I.gin_trgm_ops)',
        trgm_schema
      );
    END $$;
    CREATE TABLE search_terms (
      collection_id BIGINT NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      field TEXT NOT NULL,
      term TEXT COLLATE "C" NOT NULL,
      term_length INTEGER NOT NULL,
      docs BIGINT NOT NULL,
      PRIMARY KEY (collection_id, field, term)
    );
    CREATE INDEX search_terms_by_length ON search_terms (collection_id, field, term_length);
    CREATE TABLE search_field_stats (
      collection_id BIGINT NOT NULL REFERENCES search_collections (id) ON DELETE CASCADE,
      field TEXT NOT NULL,
      total_length BIGINT NOT NULL,
      PRIMARY KEY (collection_id, field)
    );
    -- Folds text as the server's tokenizer does: canonical decomposition, combining diacritics
    -- removed, lower case (under the database's own collation, not the "C" of the columns).
    CREATE FUNCTION search_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$ SELECT lower(regexp_replace(normalize(value, NFD), '[\\u0300-\\u036f]', '', 'g') COLLATE "default") $fn$;
    -- The folded words of the string values of a JSON array (the values a path reaches).
    CREATE FUNCTION search_words(vals jsonb) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$
        SELECT coalesce(array_agg(w.word), '{}')
        FROM jsonb_array_elements(vals) AS v(value),
             regexp_split_to_table(search_fold(v.value #>> '{}'), '[^[:alnum:]]+') AS w(word)
        WHERE jsonb_typeof(v.value) = 'string' AND w.word <> ''
      $fn$;
    -- Levenshtein distance for words beyond fuzzystrmatch's 255 characters: exact, slow, rare.
    CREATE FUNCTION search_long_edit_distance(a text, b text) RETURNS integer
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
      AS $fn$
      DECLARE
        la integer := char_length(a);
        lb integer := char_length(b);
        prev integer[];
        cur integer[];
        i integer;
        j integer;
        cost integer;
      BEGIN
        prev := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
        FOR j IN 0..lb LOOP
          prev[j] := j;
        END LOOP;
        FOR i IN 1..la LOOP
          cur := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
          cur[0] := i;
          FOR j IN 1..lb LOOP
            cost := CASE WHEN substr(a, i, 1) = substr(b, j, 1) THEN 0 ELSE 1 END;
            cur[j] := least(prev[j - 1] + cost, prev[j] + 1, cur[j - 1] + 1);
          END LOOP;
          prev := cur;
        END LOOP;
        RETURN prev[lb];
      END
      $fn$;
  `,
};
