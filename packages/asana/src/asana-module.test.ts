import { createConnectorRegistry, missingUpstreams } from '@conduit/connector-kit';
import { ValidationError } from '@conduit/protocol';
import { startAsanaSimulator } from '@conduit/testkit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAsana } from './asana';
import { asanaModule } from './asana-module';
import { asanaDefinition } from './definition/definition';

describe('asanaModule', () => {
  it('declares the upstream request of every action that runs upstream', () => {
    expect(missingUpstreams(asanaDefinition)).toEqual([]);
    expect(createConnectorRegistry([asanaModule]).forKind('task-management')).toBe(asanaModule);
  });

  it('parses credentials of the task-management kind, naming fields and never values', () => {
    expect(asanaModule.parseCredentials({ token: 'pat' })).toEqual({ token: 'pat' });
    expect(() => asanaModule.parseCredentials({ token: 'pat', client_id: 'x' })).toThrow(ValidationError);
    expect(asanaModule.baseUrl(undefined)).toBe('https://app.asana.com/api/1.0');
    expect(asanaModule.baseUrl({ base_url: 'http://127.0.0.1:9/api/1.0' })).toBe(
      'http://127.0.0.1:9/api/1.0',
    );
  });

  it('runs against the simulator with OAuth credentials, saving the rotated pair', async () => {
    const sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 1 } });
    try {
      const client = sim.tokens.oauth;
      const saved: unknown[] = [];
      const executor = asanaModule.createExecutor({
        credentials: {
          refresh_token: client.refreshToken,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        },
        baseUrl: sim.baseUrl,
        saveCredentials: (credentials) => void saved.push(credentials),
      });
      const page = (await executor.execute({ entity: 'workspaces', action: 'list', params: {} })) as {
        records: unknown[];
      };
      expect(page.records.length).toBeGreaterThan(0);
      expect(saved).toEqual([
        expect.objectContaining({ client_id: client.clientId, client_secret: client.clientSecret }),
      ]);
    } finally {
      await sim.close();
    }
  });

  it('types get, list and search results from their record schemas', () => {
    const asana = createAsana({ credentials: { token: 't' } });
    type Task = Awaited<ReturnType<typeof asana.tasks.get>>;
    expectTypeOf<Task['name']>().toEqualTypeOf<string>();
    expectTypeOf<Task['gid']>().toEqualTypeOf<string>();
    expectTypeOf<Task>().not.toHaveProperty('not_declared');
    type ListedTask = Awaited<ReturnType<typeof asana.project_tasks.list>>['records'][number];
    expectTypeOf<ListedTask['name']>().toEqualTypeOf<string | null>();
    type Hit = Awaited<ReturnType<typeof asana.tasks.search>>['hits'][number];
    expectTypeOf<Hit['data']['name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Hit['data']['completed']>().toEqualTypeOf<boolean | null | undefined>();
    expectTypeOf<Hit['data']['num_subtasks']>().toEqualTypeOf<number | null | undefined>();
  });
});
