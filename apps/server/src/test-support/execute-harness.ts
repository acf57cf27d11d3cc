import { CreatedConnectorSchema } from '@conduit/protocol';
import { type AsanaSimulator, type AsanaSimulatorOptions, startAsanaSimulator } from '@conduit/testkit';
import { createExecuteExtension, type ExecuteExtensionOptions } from '../execute/execute-extension';
import type { ServerExtension } from '../extensions/server-extension';
import type { Store } from '../store/store';
import {
  type StoreKind,
  startTestApp,
  type TestApp,
  type TestAppOptions,
  type TestResponse,
  type TestStoreLocation,
  testStoreLocation,
} from './test-app';

/** Options of {@link startExecuteHarness}. */
export interface ExecuteHarnessOptions {
  readonly simulator?: AsanaSimulatorOptions;
  readonly execute?: ExecuteExtensionOptions;
  /** Extensions besides execute (a test search feature). */
  readonly extensions?: readonly ServerExtension[];
  readonly app?: Omit<TestAppOptions, 'extensions' | 'allowUpstreamOverride'>;
}

/** An Asana simulator and a server with the execute feature over a fresh store. */
export interface ExecuteHarness {
  readonly sim: AsanaSimulator;
  readonly t: TestApp;
  readonly store: Store;
  readonly location: TestStoreLocation;
  /** A scoped token for `externalUserId` (cached per user). */
  token(externalUserId: string): Promise<string>;
  /** Creates a connector for the token's user and returns its id. */
  createConnector(token: string, externalUserId: string, body: Record<string, unknown>): Promise<string>;
  /** A task-management connector with the simulator's personal access token. */
  patConnector(externalUserId: string): Promise<{ id: string; token: string }>;
  /** `POST /api/v1/connectors/sources/{id}/execute`. */
  execute(id: string, body: unknown, token: string): Promise<TestResponse>;
  close(): Promise<void>;
}

/**
 * Starts the Asana simulator and the server (with `CONDUIT_ALLOW_UPSTREAM_OVERRIDE` on, so
 * connectors can aim `config.base_url` at the simulator) over a fresh SQLite or PostgreSQL store.
 *
 * @example
 * ```ts
 * const h = await startExecuteHarness('sqlite', 'execute');
 * const { id, token } = await h.patConnector('user-1');
 * const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
 * ```
 */
export async function startExecuteHarness(
  kind: StoreKind,
  label: string,
  options: ExecuteHarnessOptions = {},
): Promise<ExecuteHarness> {
  const sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 }, ...options.simulator });
  const location = await testStoreLocation(kind, label);
  const store = await location.open();
  await store.migrate();
  const t = await startTestApp(store, {
    // The connect page's task-management connectors reach the simulator: the operator's setting.
    upstreamBaseUrls: { 'task-management': sim.baseUrl },
    ...options.app,
    allowUpstreamOverride: true,
    extensions: [
      createExecuteExtension({
        upstream: { retry: { initialDelayMs: 5, maxDelayMs: 20 } },
        ...options.execute,
      }),
      ...(options.extensions ?? []),
    ],
  });
  const appToken = await t.applicationToken();
  const tokens = new Map<string, string>();
  const token = async (externalUserId: string) => {
    let scoped = tokens.get(externalUserId);
    if (scoped === undefined) {
      scoped = await t.scopedToken(externalUserId, appToken);
      tokens.set(externalUserId, scoped);
    }
    return scoped;
  };
  const createConnector = async (scoped: string, externalUserId: string, body: Record<string, unknown>) => {
    const response = await t.request('POST', '/v1/integrations/connectors', {
      token: scoped,
      body: { external_user_id: externalUserId, ...body },
    });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.text}`);
    return CreatedConnectorSchema.parse(response.body).id;
  };
  return {
    sim,
    t,
    store,
    location,
    token,
    createConnector,
    async patConnector(externalUserId) {
      const scoped = await token(externalUserId);
      const id = await createConnector(scoped, externalUserId, {
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      });
      return { id, token: scoped };
    },
    execute: (id, body, scoped) =>
      t.request('POST', `/api/v1/connectors/sources/${encodeURIComponent(id)}/execute`, {
        token: scoped,
        body,
      }),
    async close() {
      await t.close();
      await store.close();
      await location.cleanup();
      await sim.close();
    },
  };
}
