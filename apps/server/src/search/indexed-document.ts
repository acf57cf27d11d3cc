import { createHash } from 'node:crypto';
import type { SearchFieldType } from '@conduit/protocol';
import { type CollectionLayout, type HotColumnName, RECORD_ID_FIELDS } from './collection-layout';
import { storableText } from './sql-literals';
import { wordsOf } from './text-folding';

/** The value of a hot column as the writer binds it (booleans are converted per dialect). */
export type HotValue = string | boolean | null;

/**
 * A record prepared for the search tables: its data restricted to the searchable fields (each
 * of its declared type), the typed column values, and the word statistics of its indexed fields.
 */
export interface IndexedDocument {
  readonly recordId: string;
  readonly data: Record<string, unknown>;
  readonly dataJson: string;
  /** Changes whenever `data` does: a re-synced, unchanged record is not rewritten. */
  readonly contentHash: string;
  readonly hot: Readonly<Record<HotColumnName, HotValue>>;
  /** Term frequencies keyed {@link termKey}, and word counts keyed {@link lengthKey}. */
  readonly terms: Readonly<Record<string, number>>;
  /** Per indexed field, its distinct words. */
  readonly words: ReadonlyMap<string, readonly string[]>;
  /** Per indexed field, its number of words. */
  readonly lengths: ReadonlyMap<string, number>;
  /** Values of another type than declared, stored as null. */
  readonly coerced: number;
}

/**
 * The key of a word's frequency in a record's term map.
 *
 * @example
 * ```ts
 * termKey('name', 'launch'); // 'name:launch'
 * ```
 */
export function termKey(field: string, word: string): string {
  return `${field}:${word}`;
}

/**
 * The key of a field's word count in a record's term map (`#` never starts a field name).
 *
 * @example
 * ```ts
 * lengthKey('notes'); // '#notes'
 * ```
 */
export function lengthKey(field: string): string {
  return `#${field}`;
}

/**
 * The posting token of a word of a field in one collection. Postings carry the collection so a
 * tenant's lookups never walk other tenants' documents.
 *
 * @example
 * ```ts
 * searchToken(12, 'name', 'launch'); // '12:name:launch'
 * ```
 */
export function searchToken(collectionId: number, field: string, word: string): string {
  return `${collectionId}:${field}:${word}`;
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableText(key), withoutNul(inner)]),
    );
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fits(value: unknown, type: SearchFieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
  }
}

/**
 * The id a record is stored and found under: its `gid`, `Id`, or a plain `id` (integer ids
 * too), always as a string, as search hits carry it. Undefined when it has none.
 *
 * @example
 * ```ts
 * searchRecordId({ id: 42, subject: 'Printer on fire' }); // '42'
 * searchRecordId({ Id: '001Dn0000000001AAA', Name: 'Acme' }); // '001Dn0000000001AAA'
 * ```
 */
export function searchRecordId(raw: Record<string, unknown>): string | undefined {
  for (const key of RECORD_ID_FIELDS) {
    const id = recordIdKey(raw[key]);
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * The id a record whose id field holds `value` is stored under: a non-empty string as is, a safe
 * integer in decimal; undefined for any other value (the record is then keyed by another field).
 *
 * @example
 * ```ts
 * recordIdKey(42); // '42'
 * recordIdKey('1203'); // '1203'
 * recordIdKey(4.5); // undefined
 * ```
 */
export function recordIdKey(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/**
 * Prepares an upstream record for the search tables, or returns undefined when it has no id
 * ({@link searchRecordId}). Only searchable fields are kept; a value of another type than declared (which the
 * upstream's schema rules out) is stored as null, and so is a typed column's nested value of the
 * wrong type, so the typed columns and the JSON never disagree.
 *
 * @example
 * ```ts
 * const document = indexedDocument(collectionLayout(SEARCHABLE_FIELDS.tasks), { gid: '1', name: 'Launch plan' });
 * document?.terms; // { 'name:launch': 1, 'name:plan': 1, '#name': 2 }
 * ```
 */
export function indexedDocument(layout: CollectionLayout, raw: unknown): IndexedDocument | undefined {
  if (!isPlainObject(raw)) return undefined;
  const recordId = searchRecordId(raw);
  if (recordId === undefined) return undefined;
  const data: Record<string, unknown> = {};
  let coerced = 0;
  for (const [field, value] of Object.entries(raw)) {
    const type = layout.fields[field];
    if (type === undefined) continue;
    if (value === null || fits(value, type)) {
      data[field] = value;
    } else {
      data[field] = null;
      coerced += 1;
    }
  }

  let serialized: string | undefined = JSON.stringify(data);
  if (serialized.includes('\\u0000')) {
    // PostgreSQL cannot store U+0000; both stores keep U+FFFD instead, so they hold the same data.
    const cleaned = withoutNul(data) as Record<string, unknown>;
    for (const key of Object.keys(data)) data[key] = cleaned[key];
    serialized = undefined;
  }
  const coercedBefore = coerced;

  const hot = {} as Record<HotColumnName, HotValue>;
  for (const column of layout.hotColumns) {
    const [field, sub] = column.path;
    let value: unknown = data[field!];
    if (sub !== undefined && isPlainObject(value)) {
      const inner = value[sub];
      if (inner !== undefined && inner !== null && typeof inner !== column.type) {
        data[field!] = { ...value, [sub]: null };
        coerced += 1;
        value = null;
      } else {
        value = inner;
      }
    } else if (sub !== undefined) {
      value = null;
    }
    hot[column.column] = typeof value === column.type ? (value as string | boolean) : null;
  }

  const terms: Record<string, number> = {};
  const words = new Map<string, readonly string[]>();
  const lengths = new Map<string, number>();
  for (const field of layout.textFields) {
    const text = data[field];
    if (typeof text !== 'string') continue;
    const all = wordsOf(text);
    if (all.length === 0) continue;
    const counts = new Map<string, number>();
    for (const word of all) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) terms[termKey(field, word)] = count;
    terms[lengthKey(field)] = all.length;
    words.set(field, [...counts.keys()]);
    lengths.set(field, all.length);
  }

  // Typed columns may have nulled a nested value: only then is the JSON written again.
  const dataJson = serialized !== undefined && coerced === coercedBefore ? serialized : JSON.stringify(data);
  return {
    recordId,
    data,
    dataJson,
    contentHash: createHash('sha256').update(dataJson).digest('base64url').slice(0, 22),
    hot,
    terms,
    words,
    lengths,
    coerced,
  };
}
