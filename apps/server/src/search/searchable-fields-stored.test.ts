import type { ConnectorType } from '@conduit/connectors';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { CreatedConnectorSchema, type SearchFieldType, SyncSummarySchema } from '@conduit/protocol';
import { startAsanaSimulator, startSalesforceSimulator, startZendeskSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../execute/connector-definitions';
import { type SyncTestApp, startSyncTestApp } from '../sync/test-support/sync-test-app';
import { until } from '../test-support/until';

// Issue 33 item 4: no silent empty search. For every searchable field of every connector's
// definition, after a full sync against the simulator, a search naming the field finds records
// holding a value; every field the definition declares unsearchable is refused with a 400 that
// names it and says why. The fields come from the definitions, so a field added there is checked
// here without a word of this file changing.

interface Upstream {
  readonly connector: { credentials: unknown; config: Record<string, unknown> };
  close(): Promise<void>;
}

const upstreams: Record<ConnectorType, () => Promise<Upstream>> = {
  'task-management': async () => {
    // The generated dataset sets every opt-in value somewhere (`external` on a few tasks…).
    const sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 33 } });
    return {
      connector: {
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
      close: () => sim.close(),
    };
  },
  'support-desk': async () => {
    const sim = await startZendeskSimulator({ dataset: { tickets: 120 } });
    return {
      connector: {
        credentials: { email: sim.credentials.email, api_token: sim.credentials.apiToken },
        config: { subdomain: 'lumenbikes', base_url: sim.baseUrl },
      },
      close: () => sim.close(),
    };
  },
  crm: async () => {
    const sim = await startSalesforceSimulator({ dataset: { seed: 33 } });
    return {
      connector: {
        credentials: {
          refresh_token: sim.credentials.refreshToken,
          client_id: sim.credentials.clientId,
          client_secret: sim.credentials.clientSecret,
        },
        config: { base_url: sim.loginUrl },
      },
      close: () => sim.close(),
    };
  },
};

/** A value a search can find: not absent, not null, not an empty array or object. */
function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

const scalar = (type: SearchFieldType) => type !== 'object' && type !== 'array';

describe.each(Object.keys(upstreams) as ConnectorType[])('searchable fields of %s', (type) => {
  const definition = definitionOf(connectorRegistry, type);
  const searches = Object.entries(definition.entities).flatMap(([entity, { actions }]) =>
    actions.search ? [{ entity, action: actions.search }] : [],
  );
  let upstream: Upstream;
  let app: SyncTestApp;
  let token: string;
  let connectorId: string;

  const search = (entity: string, params: Record<string, unknown>) =>
    app.t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity, action: 'search', params },
    });

  /** Every stored record of an entity with just `field`, walking the cursor. */
  const projected = async (entity: string, field: string): Promise<Record<string, unknown>[]> => {
    const records: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const response = await search(entity, {
        query: {},
        fields: [field],
        limit: 1000,
        ...(cursor === null ? {} : { cursor }),
      });
      expect(response.status, response.text).toBe(200);
      const body = response.body as { hits: { data: Record<string, unknown> }[]; next_cursor: string | null };
      records.push(...body.hits.map((hit) => hit.data));
      cursor = body.next_cursor;
    } while (cursor !== null);
    return records;
  };

  beforeAll(async () => {
    upstream = await upstreams[type]();
    app = await startSyncTestApp('sqlite', `searchable_fields_${type.replace('-', '_')}`, {
      sync: { config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000 } },
    });
    token = await app.t.applicationToken();
    const created = await app.t.request('POST', '/v1/integrations/connectors', {
      token,
      body: { external_user_id: 'fields', connector_type: type, ...upstream.connector },
    });
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    await until(
      async () =>
        SyncSummarySchema.parse(
          (await app.t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token })).body,
        ),
      (summary) => summary.last_success_at !== null,
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('has search actions to check', () => {
    expect(searches.length).toBeGreaterThan(0);
  });

  for (const { entity, action } of searches) {
    for (const [field, fieldType] of Object.entries(action.searchableFields ?? {})) {
      it(`${entity}.${field} is stored by the sync and found by search`, async () => {
        const records = await projected(entity, field);
        expect(records.length, `no ${entity} synced`).toBeGreaterThan(0);
        // Stored: the sync asked for the field and kept what the upstream answered, null included
        // (a field never stored is absent from every record, and a search on it matches nothing).
        const stored = records.filter((record) => Object.hasOwn(record, field));
        expect(stored.length, `no synced ${entity} record holds ${field}`).toBeGreaterThan(0);
        // Where the simulator's dataset has values (some datasets leave a field null everywhere,
        // e.g. Asana custom fields), the filter finds what the projection shows.
        const withValue = stored.filter((record) => hasValue(record[field]));
        if (withValue.length === 0 || !scalar(fieldType)) return;
        // The filter finds what the projection shows.
        const value = withValue[0]![field];
        const response = await search(entity, { query: { filter: { eq: { [field]: value } } }, limit: 1 });
        expect(response.status, response.text).toBe(200);
        expect((response.body as { hits: unknown[] }).hits.length).toBe(1);
      });
    }
    for (const [field, reason] of Object.entries(action.unsearchableFields ?? {})) {
      it(`${entity}.${field} is refused by name, with why`, async () => {
        for (const params of [
          { query: { filter: { eq: { [field]: 'x' } } } },
          { query: {}, fields: [field] },
          { query: { sort: [{ [field]: 'asc' }] } },
        ]) {
          const response = await search(entity, params);
          expect(response.status, response.text).toBe(400);
          const { errors } = response.body as { errors: { message: string; error_code: string }[] };
          expect(errors).toContainEqual(
            expect.objectContaining({
              error_code: 'invalid_query',
              message: `"${field}" cannot be searched: ${reason}`,
            }),
          );
        }
      });
    }
  }
});
