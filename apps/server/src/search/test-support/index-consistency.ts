import type { Store } from '../../store/store';

/**
 * Checks what the writer keeps beside the records: each collection's record count, each field's
 * total length and every word's document frequency must equal what the stored records say.
 * Returns the differences found (none when consistent).
 *
 * @example
 * ```ts
 * expect(await indexInconsistencies(store, connectorId)).toEqual([]);
 * ```
 */
export async function indexInconsistencies(store: Store, connectorId: string): Promise<string[]> {
  const problems: string[] = [];
  const terms = store.dialect === 'sqlite' ? 'json(r.terms)' : 'r.terms';
  const collections = await store.db.query<{ id: unknown; entity: string; record_count: unknown }>(
    'SELECT id, entity, record_count FROM search_collections WHERE connector_id = $1',
    [connectorId],
  );
  for (const collection of collections) {
    const rows = await store.db.query<{ terms: unknown }>(
      `SELECT ${terms} AS terms FROM search_records r WHERE r.collection_id = $1`,
      [collection.id as number],
    );
    if (rows.length !== Number(collection.record_count)) {
      problems.push(
        `${collection.entity}: record_count ${collection.record_count} but ${rows.length} records`,
      );
    }
    const docs = new Map<string, number>();
    const lengths = new Map<string, number>();
    for (const row of rows) {
      const map = (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as Record<
        string,
        number
      >;
      for (const [key, value] of Object.entries(map)) {
        if (key.startsWith('#')) lengths.set(key.slice(1), (lengths.get(key.slice(1)) ?? 0) + value);
        else docs.set(key, (docs.get(key) ?? 0) + 1);
      }
    }
    const vocabulary = await store.db.query<{ field: string; term: string; docs: unknown }>(
      'SELECT field, term, docs FROM search_terms WHERE collection_id = $1',
      [collection.id as number],
    );
    const stored = new Map(vocabulary.map((row) => [`${row.field}:${row.term}`, Number(row.docs)]));
    for (const [key, count] of docs) {
      if (stored.get(key) !== count)
        problems.push(`${collection.entity}: ${key} docs ${stored.get(key)} != ${count}`);
    }
    for (const key of stored.keys())
      if (!docs.has(key)) problems.push(`${collection.entity}: stale term ${key}`);
    const stats = await store.db.query<{ field: string; total_length: unknown }>(
      'SELECT field, total_length FROM search_field_stats WHERE collection_id = $1',
      [collection.id as number],
    );
    for (const stat of stats) {
      if ((lengths.get(stat.field) ?? 0) !== Number(stat.total_length)) {
        problems.push(
          `${collection.entity}: ${stat.field} length ${stat.total_length} != ${lengths.get(stat.field) ?? 0}`,
        );
      }
    }
  }
  return problems;
}
