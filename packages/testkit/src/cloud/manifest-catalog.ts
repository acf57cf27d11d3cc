import type { DiscoveredStream, JsonSchema } from './discovered-stream';
import { isPlainObject } from './schema-record-generator';

const fallbackSchema: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { id: { type: ['null', 'integer'] } },
};

/**
 * Discovers the catalog of a declarative (low-code YAML) source from its manifest, the way the
 * platform's builder would: one stream per `streams[]` entry, named by `name` or
 * `$parameters.name`, with an inline schema, primary key and cursor field when the manifest
 * declares them. `$ref` pointers inside the manifest are followed.
 *
 * @example
 * ```ts
 * manifestCatalog({ version: '6.0.0', type: 'DeclarativeSource', streams: [{ type: 'DeclarativeStream', name: 'pets', primary_key: 'id' }] });
 * // [{ name: 'pets', sourceDefinedPrimaryKey: [['id']], ... }]
 * ```
 */
export function manifestCatalog(manifest: Record<string, unknown>): DiscoveredStream[] {
  const streams = resolve(manifest, manifest.streams, 0);
  if (!Array.isArray(streams)) return [];
  const catalog: DiscoveredStream[] = [];
  for (const entry of streams) {
    const stream = resolve(manifest, entry, 0);
    if (!isPlainObject(stream)) continue;
    const parameters = isPlainObject(stream.$parameters) ? stream.$parameters : {};
    const name = typeof stream.name === 'string' ? stream.name : parameters.name;
    if (typeof name !== 'string' || name === '') continue;
    const loader = resolve(manifest, stream.schema_loader, 0);
    const inlineSchema = isPlainObject(loader) ? resolve(manifest, loader.schema, 0) : undefined;
    const incremental = resolve(manifest, stream.incremental_sync, 0);
    const cursor = isPlainObject(incremental) ? incremental.cursor_field : undefined;
    catalog.push({
      name,
      jsonSchema: isPlainObject(inlineSchema)
        ? structuredClone(inlineSchema)
        : structuredClone(fallbackSchema),
      supportedSyncModes: typeof cursor === 'string' ? ['full_refresh', 'incremental'] : ['full_refresh'],
      sourceDefinedCursor: typeof cursor === 'string',
      defaultCursorField: typeof cursor === 'string' ? [cursor] : [],
      sourceDefinedPrimaryKey: primaryKeyOf(stream.primary_key ?? parameters.primary_key),
      isResumable: true,
    });
  }
  return catalog;
}

function primaryKeyOf(value: unknown): string[][] {
  if (typeof value === 'string' && value !== '') return [[value]];
  if (Array.isArray(value)) {
    return value.flatMap((part): string[][] => {
      if (typeof part === 'string') return [[part]];
      if (Array.isArray(part) && part.every((inner) => typeof inner === 'string')) return [part as string[]];
      return [];
    });
  }
  return [];
}

/** Follows `{"$ref": "#/a/b"}` pointers within the manifest; depth-limited against cycles. */
function resolve(root: Record<string, unknown>, value: unknown, depth: number): unknown {
  if (depth > 16 || !isPlainObject(value) || typeof value.$ref !== 'string') return value;
  const pointer = value.$ref;
  if (!pointer.startsWith('#/')) return value;
  let current: unknown = root;
  for (const rawPart of pointer.slice(2).split('/')) {
    const part = rawPart.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isPlainObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  const { $ref: _ref, ...overrides } = value;
  const target = resolve(root, current, depth + 1);
  return isPlainObject(target) ? { ...target, ...overrides } : target;
}
