import type { SearchFieldType } from '@conduit/protocol';

/** Typed columns of the records table that copy one value of the record, for fast filters and sorts. */
export type HotColumnName = 'name' | 'created_at' | 'modified_at' | 'due_on' | 'completed' | 'assignee_gid';

/** A typed column and the path of the value it copies. */
export interface HotColumn {
  readonly column: HotColumnName;
  readonly path: readonly string[];
  readonly type: 'string' | 'boolean';
}

/**
 * The values people filter and sort on most. A column serves an entity whose searchable fields
 * have the path's first segment with the type the column needs (`object` when the path goes
 * deeper); other entities leave it null.
 */
const HOT_COLUMNS: readonly (HotColumn & { readonly fieldType: SearchFieldType })[] = [
  { column: 'name', path: ['name'], type: 'string', fieldType: 'string' },
  { column: 'created_at', path: ['created_at'], type: 'string', fieldType: 'string' },
  { column: 'modified_at', path: ['modified_at'], type: 'string', fieldType: 'string' },
  { column: 'due_on', path: ['due_on'], type: 'string', fieldType: 'string' },
  { column: 'completed', path: ['completed'], type: 'boolean', fieldType: 'boolean' },
  { column: 'assignee_gid', path: ['assignee', 'gid'], type: 'string', fieldType: 'object' },
];

/**
 * Every hot column, in table order.
 *
 * @example
 * ```ts
 * const columns = HOT_COLUMN_NAMES.join(', '); // 'name, created_at, modified_at, due_on, completed, assignee_gid'
 * ```
 */
export const HOT_COLUMN_NAMES: readonly HotColumnName[] = HOT_COLUMNS.map((hot) => hot.column);

/**
 * Fields whose words are indexed for `keyword` and `fuzzy` (full-text postings, vocabulary and
 * BM25 statistics). Text operators on any other path are evaluated row by row.
 */
const INDEXED_TEXT_FIELDS: readonly string[] = ['name', 'notes', 'description', 'email'];

/**
 * The fields a record's id is read from, the first present one winning.
 *
 * @example
 * ```ts
 * RECORD_ID_FIELDS.find((field) => field in { Id: '001', Name: 'Acme' }); // 'Id'
 * ```
 */
export const RECORD_ID_FIELDS: readonly string[] = ['gid', 'Id', 'id'];
const RECORD_ID_TYPES: ReadonlySet<SearchFieldType> = new Set(['string', 'integer', 'number']);

/**
 * How one entity's records are laid out in the search tables: its searchable fields, which of its
 * paths have typed columns, and which fields have a word index.
 *
 * @example
 * ```ts
 * const layout = collectionLayout(SEARCHABLE_FIELDS.tasks);
 * layout.hotColumnFor(['assignee', 'gid'])?.column; // 'assignee_gid'
 * layout.textFields; // ['name', 'notes']
 * ```
 */
export interface CollectionLayout {
  readonly fields: Readonly<Record<string, SearchFieldType>>;
  readonly hotColumns: readonly HotColumn[];
  /** Top-level string fields with a word index, in a fixed order. */
  readonly textFields: readonly string[];
  /**
   * The searchable field records are stored under (`record_id`, see `searchRecordId`): the first of
   * `gid`, `Id` and `id` declared as a string or a number. Undefined when none is searchable.
   */
  readonly recordIdField: string | undefined;
  hotColumnFor(path: readonly string[]): HotColumn | undefined;
  isIndexedText(path: readonly string[]): boolean;
}

function pathKey(path: readonly string[]): string {
  return path.join('.');
}

const layouts = new WeakMap<object, CollectionLayout>();

/**
 * The layout of an entity with the given searchable fields (cached per fields object).
 *
 * @example
 * ```ts
 * const layout = collectionLayout({ name: 'string', completed: 'boolean' });
 * layout.hotColumns.map((hot) => hot.column); // ['name', 'completed']
 * ```
 */
export function collectionLayout(fields: Readonly<Record<string, SearchFieldType>>): CollectionLayout {
  const cached = layouts.get(fields);
  if (cached) return cached;
  const hotColumns = HOT_COLUMNS.filter((hot) => fields[hot.path[0]!] === hot.fieldType).map(
    ({ column, path, type }) => ({ column, path, type }),
  );
  const byPath = new Map(hotColumns.map((hot) => [pathKey(hot.path), hot]));
  const textFields = INDEXED_TEXT_FIELDS.filter((field) => fields[field] === 'string');
  const declared = RECORD_ID_FIELDS.find((field) => fields[field] !== undefined);
  const recordIdField =
    declared !== undefined && RECORD_ID_TYPES.has(fields[declared]!) ? declared : undefined;
  const layout: CollectionLayout = {
    fields,
    hotColumns,
    textFields,
    recordIdField,
    hotColumnFor: (path) => byPath.get(pathKey(path)),
    isIndexedText: (path) => path.length === 1 && textFields.includes(path[0]!),
  };
  layouts.set(fields, layout);
  return layout;
}
