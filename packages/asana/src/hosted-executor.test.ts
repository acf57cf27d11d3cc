import { ValidationError } from '@conduit/protocol';
import { startTestServer, type TestServer } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAsana } from './asana';
import { PremiumRequiredError } from './asana-errors';

const EXECUTE = 'POST /api/v1/connectors/sources/:id/execute';

async function service(
  execute: (body: Record<string, unknown>, id: string) => { status?: number; json: unknown },
) {
  return startTestServer({
    'POST /api/v1/account/applications/token': {
      json: { access_token: 'app', token_type: 'bearer', expires_in: 900 },
    },
    'POST /api/v1/account/applications/scoped-token': {
      json: { token: 'scoped', token_type: 'bearer', expires_in: 1200 },
    },
    'GET /v1/integrations/connectors': {
      json: {
        data: [
          {
            id: 'only-one',
            name: 'task-management - user-1',
            connector_type: 'task-management',
            external_user_id: 'user-1',
            status: 'active',
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
            sync: { state: 'idle', last_success_at: null, entities: [] },
          },
        ],
      },
    },
    [EXECUTE]: (request) => execute(request.json() as Record<string, unknown>, request.params.id!),
  });
}

describe('createAsana in hosted mode', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const hostedAsana = (url: string, connectorId?: string) =>
    createAsana({
      hosted: {
        externalUserId: 'user-1',
        platformClientId: 'client',
        platformClientSecret: 'secret',
        baseUrl: url,
        ...(connectorId === undefined ? {} : { connectorId }),
      },
    });

  it('validates params locally, before any request (not even for tokens)', async () => {
    server = await service(() => ({ json: {} }));
    const asana = hostedAsana(server.url, 'c1');
    expect(asana.mode).toBe('hosted');
    await expect(asana.tasks.list({})).rejects.toBeInstanceOf(ValidationError);
    await expect(asana.execute('nope' as 'tasks', 'list', {})).rejects.toMatchObject({
      code: 'unknown_entity',
    });
    expect(server.requests).toHaveLength(0);
  });

  it("finds the user's only connector, and sends the typed call's params as given", async () => {
    server = await service((body, id) => ({
      json: { gid: (body.params as { task_gid: string }).task_gid, id },
    }));
    const asana = hostedAsana(server.url);
    expect(await asana.tasks.get({ task_gid: '42' })).toEqual({ gid: '42', id: 'only-one' });
    expect(await asana.tasks.get({ task_gid: '43' })).toEqual({ gid: '43', id: 'only-one' });
    expect(server.requestsTo('GET /v1/integrations/connectors')).toHaveLength(1);
    expect(server.requestsTo(EXECUTE).map((request) => request.json())).toEqual([
      { entity: 'tasks', action: 'get', params: { task_gid: '42' } },
      { entity: 'tasks', action: 'get', params: { task_gid: '43' } },
    ]);
  });

  it('fails a premium-only call with PremiumRequiredError, as local mode does', async () => {
    const message = 'Asana answered 402: Search is only available to premium users.';
    server = await service(() => ({
      status: 502,
      json: {
        message,
        errors: [
          { message, error_code: 'upstream_error' },
          { message: 'Search is only available to premium users.', error_code: 'premium_required' },
        ],
        upstream_status: 402,
      },
    }));
    const error = await hostedAsana(server.url, 'c1')
      .workspace_task_search.list({ workspace_gid: '1', completed: false })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(PremiumRequiredError);
    expect(error).toMatchObject({ status: 402, code: 'premium_required', message });
  });
});
