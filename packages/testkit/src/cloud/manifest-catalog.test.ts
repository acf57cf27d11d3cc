import { describe, expect, it } from 'vitest';
import { manifestCatalog } from './manifest-catalog';

describe('manifestCatalog', () => {
  it('discovers streams with names, inline schemas, keys and cursors, following $ref', () => {
    const catalog = manifestCatalog({
      version: '6.0.0',
      type: 'DeclarativeSource',
      definitions: {
        base: { type: 'DeclarativeStream', primary_key: ['id'] },
        schemas: {
          pets: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
        },
      },
      streams: [
        {
          $ref: '#/definitions/base',
          name: 'pets',
          schema_loader: { type: 'InlineSchemaLoader', schema: { $ref: '#/definitions/schemas/pets' } },
          incremental_sync: { type: 'DatetimeBasedCursor', cursor_field: 'updated_at' },
        },
        { type: 'DeclarativeStream', $parameters: { name: 'owners', primary_key: 'owner_id' } },
        { type: 'DeclarativeStream' },
      ],
    });
    expect(catalog.map((stream) => stream.name)).toEqual(['pets', 'owners']);
    expect(catalog[0]).toMatchObject({
      jsonSchema: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      sourceDefinedPrimaryKey: [['id']],
      defaultCursorField: ['updated_at'],
      supportedSyncModes: ['full_refresh', 'incremental'],
    });
    expect(catalog[1]).toMatchObject({
      sourceDefinedPrimaryKey: [['owner_id']],
      supportedSyncModes: ['full_refresh'],
    });
  });

  it('returns an empty catalog for manifests without streams', () => {
    expect(manifestCatalog({ version: '6.0.0', type: 'DeclarativeSource' })).toEqual([]);
  });
});
