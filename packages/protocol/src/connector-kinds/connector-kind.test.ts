import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ValidationError } from '../errors/client-errors';
import { defineConnectorKind, requireConnectorKind, resolveConnectorKind } from './connector-kind';
import { baseUrlOverride, upstreamUrlSchema } from './upstream-url';

// A kind of no real vendor: protocol knows none (the connectors' own kinds are tested in
// @conduit/connectors).
const notes = defineConnectorKind({
  type: 'notes',
  name: 'jotter',
  aliases: ['jotter-notes'],
  displayName: 'Notes',
  vendor: 'Jotter',
  upstreamUrlTemplate: 'https://{region}.jotter.test/v1',
  credentialMethods: [
    { id: 'api_token', displayName: 'API token', schema: z.strictObject({ token: z.string().min(1) }) },
    {
      id: 'oauth',
      displayName: 'OAuth',
      schema: z.strictObject({
        refresh_token: z.string(),
        client_id: z.string(),
        access_token: z.string().optional(),
      }),
    },
  ],
  config: z.strictObject({
    region: z.string().default('eu'),
    home: upstreamUrlSchema(['https']).optional(),
    base_url: baseUrlOverride,
  }),
  upstreamUrl: (config) => `https://${config.region}.jotter.test/v1`,
  fieldDescriptions: { region: 'Where the account lives', home: 'The account’s own address' },
});

function failure(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('defineConnectorKind', () => {
  it('derives the fields of every method and of the config from the schemas', () => {
    expect(notes.aliases).toEqual(['jotter', 'jotter-notes']);
    expect(notes.credentialMethods[1]!.fields).toEqual([
      expect.objectContaining({ name: 'refresh_token', required: true, secret: true }),
      expect.objectContaining({ name: 'client_id', required: true, secret: false }),
      expect.objectContaining({ name: 'access_token', required: false, secret: true }),
    ]);
    expect(notes.configFields).toEqual([
      {
        name: 'region',
        required: false,
        secret: false,
        description: 'Where the account lives',
        default: 'eu',
      },
      expect.objectContaining({ name: 'home', required: false }),
      expect.objectContaining({ name: 'base_url', required: false }),
    ]);
    for (const field of [...notes.configFields, ...notes.credentialMethods.flatMap((m) => m.fields)]) {
      expect(field.description).not.toBe(field.name);
    }
  });

  it('checks credentials against exactly one method, naming fields and never values', () => {
    expect(notes.parseCredentials({ token: 't' })).toEqual({ token: 't' });
    const mixed = failure(() => notes.parseCredentials({ token: 'super-secret', client_id: 'c' }));
    expect(mixed).toMatchObject({ code: 'invalid_credentials', status: 422 });
    expect(mixed.details.map((detail) => detail.field)).toEqual(['credentials.client_id']);
    expect(mixed.details[0]?.message).toMatch(/belongs to the OAuth method/);
    expect(JSON.stringify(mixed.toJSON())).not.toContain('super-secret');
    const empty = failure(() => notes.parseCredentials({}));
    expect(empty.message).toMatch(
      /^invalid notes credentials: credentials are empty; give exactly one method/,
    );
  });

  it('checks the config, applies defaults, and lets base_url win', () => {
    expect(notes.parseConfig(undefined)).toEqual({ region: 'eu' });
    expect(notes.baseUrl({ region: 'us' })).toBe('https://us.jotter.test/v1');
    expect(notes.baseUrl({ base_url: 'http://127.0.0.1:9/v1/' })).toBe('http://127.0.0.1:9/v1');
    const bad = failure(() => notes.parseConfig({ home: 'http://x.test', colour: 'red' }));
    expect(bad).toMatchObject({ code: 'invalid_config', status: 422 });
    expect(bad.details.map((detail) => detail.field).sort()).toEqual(['config.colour', 'config.home']);
  });

  it('resolves a kind by its type, name or alias, and names the known ones otherwise', () => {
    expect(resolveConnectorKind([notes], ' Jotter ')).toBe(notes);
    expect(resolveConnectorKind([notes], 'notes')).toBe(notes);
    expect(resolveConnectorKind([notes], 'toString')).toBeUndefined();
    const unknown = failure(() => requireConnectorKind([notes], 'wiki'));
    expect(unknown).toMatchObject({ code: 'unknown_connector_type', status: 400 });
    expect(unknown.message).toContain('notes / jotter / jotter-notes');
    expect(failure(() => requireConnectorKind([notes], 5)).details[0]?.field).toBe('connector_type');
  });
});
