import { describe, expect, it } from 'vitest';
import { toProtocolCatalog } from './catalog-format';

describe('toProtocolCatalog', () => {
  it('snake-cases one level of stream and config keys, flattening config', () => {
    const catalog = toProtocolCatalog({
      streams: [
        {
          stream: {
            name: 'users',
            jsonSchema: { properties: { createdAt: {} } },
            supportedSyncModes: ['full_refresh'],
          },
          config: {
            syncMode: 'incremental',
            destinationSyncMode: 'append_dedup',
            cursorField: ['updatedAt'],
            selected: true,
          },
        },
      ],
    });
    expect(catalog).toEqual({
      streams: [
        {
          stream: {
            name: 'users',
            json_schema: { properties: { createdAt: {} } },
            supported_sync_modes: ['full_refresh'],
          },
          sync_mode: 'incremental',
          destination_sync_mode: 'append_dedup',
          cursor_field: ['updatedAt'],
          selected: true,
        },
      ],
    });
  });

  it('tolerates odd input', () => {
    expect(toProtocolCatalog(undefined)).toEqual({ streams: [] });
    expect(toProtocolCatalog({ streams: [null, { config: {} }] })).toEqual({ streams: [{ stream: {} }] });
  });
});
