import { describe, expect, it } from 'vitest';
import {
  ConnectorListSchema,
  ConnectorSchema,
  CreateConnectorRequestSchema,
  CreatedConnectorSchema,
} from './connector-schemas';
import { SyncStartedSchema, SyncSummarySchema } from './sync-schemas';

const created = {
  id: 'c_1',
  name: 'task-management - user-42',
  connector_type: 'task-management',
  external_user_id: 'user-42',
  status: 'active',
  created_at: '2026-05-01T10:00:00.000Z',
};

const sync = {
  state: 'idle',
  last_success_at: '2026-05-01T10:05:00+00:00',
  entities: [
    { entity: 'tasks', records: 120, synced_at: '2026-05-01T10:05:00Z' },
    { entity: 'attachments', records: 0, synced_at: null, error: 'upstream 500' },
  ],
};

describe('CreateConnectorRequestSchema', () => {
  it('accepts the body with and without the optional parts', () => {
    expect(
      CreateConnectorRequestSchema.parse({
        external_user_id: 'user-42',
        connector_type: 'asana',
        credentials: { token: 'pat' },
      }),
    ).toEqual({ external_user_id: 'user-42', connector_type: 'asana', credentials: { token: 'pat' } });
    expect(
      CreateConnectorRequestSchema.parse({
        external_user_id: 'user-42',
        connector_type: 'support-desk',
        name: ' Desk ',
        credentials: { access_token: 'a' },
        config: { subdomain: 'acme' },
      }).name,
    ).toBe('Desk');
    expect(
      CreateConnectorRequestSchema.safeParse({
        external_user_id: 'u',
        connector_type: 'crm',
        name: null,
        credentials: {},
        config: null,
      }).success,
    ).toBe(true);
  });

  it('refuses missing fields, non-object credentials and unknown keys', () => {
    expect(CreateConnectorRequestSchema.safeParse({ connector_type: 'asana', credentials: {} }).success).toBe(
      false,
    );
    expect(
      CreateConnectorRequestSchema.safeParse({
        external_user_id: 'u',
        connector_type: 'asana',
        credentials: 'pat',
      }).success,
    ).toBe(false);
    expect(
      CreateConnectorRequestSchema.safeParse({
        external_user_id: 'u',
        connector_type: 'asana',
        credentials: {},
        credential: {},
      }).success,
    ).toBe(false);
  });
});

describe('connector responses', () => {
  it('read the 201 body of creation', () => {
    expect(CreatedConnectorSchema.parse(created)).toEqual(created);
    expect(CreatedConnectorSchema.safeParse({ ...created, status: 'paused' }).success).toBe(false);
    expect(CreatedConnectorSchema.safeParse({ ...created, created_at: 'yesterday' }).success).toBe(false);
  });

  it('read a connector with its sync summary, dropping unknown fields', () => {
    const connector = {
      ...created,
      status: 'needs_reauth',
      updated_at: '2026-05-01T11:00:00Z',
      sync,
      extra: 1,
    };
    const parsed = ConnectorSchema.parse(connector);
    expect(parsed.status).toBe('needs_reauth');
    expect(parsed.sync.entities[1]?.error).toBe('upstream 500');
    expect('extra' in parsed).toBe(false);
    expect(ConnectorSchema.safeParse({ ...created, updated_at: '2026-05-01T11:00:00Z' }).success).toBe(false);
    expect(ConnectorListSchema.parse({ data: [connector] }).data).toHaveLength(1);
    expect(ConnectorListSchema.parse({ data: [] }).data).toEqual([]);
  });
});

describe('sync schemas', () => {
  it('read a summary in every state', () => {
    for (const state of ['idle', 'running', 'failed']) {
      expect(SyncSummarySchema.parse({ ...sync, state }).state).toBe(state);
    }
    expect(
      SyncSummarySchema.parse({ state: 'running', last_success_at: null, entities: [] }).last_success_at,
    ).toBeNull();
  });

  it('refuse unknown states, negative counts and bad timestamps', () => {
    expect(SyncSummarySchema.safeParse({ ...sync, state: 'done' }).success).toBe(false);
    expect(
      SyncSummarySchema.safeParse({ ...sync, entities: [{ entity: 'tasks', records: -1, synced_at: null }] })
        .success,
    ).toBe(false);
    expect(SyncSummarySchema.safeParse({ ...sync, last_success_at: '2026-05-01' }).success).toBe(false);
  });

  it('read the started answer', () => {
    expect(SyncStartedSchema.parse({ sync_id: 's_1' })).toEqual({ sync_id: 's_1' });
    expect(SyncStartedSchema.safeParse({}).success).toBe(false);
  });
});
