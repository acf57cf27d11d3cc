import { asanaModule } from '@conduit/asana';
import type { ConnectorModule } from '@conduit/connector-kit';
import type { ListEnvelope } from '@conduit/protocol';
import { salesforceModule } from '@conduit/salesforce';
import {
  type AsanaSimulator,
  type SalesforceSimulator,
  startAsanaSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
} from '@conduit/testkit';
import { zendeskSupportModule } from '@conduit/zendesk-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every list of the three connectors hands out pages of exactly the caller's `limit` but the last,
// whatever page size its upstream uses (issue 33: Salesforce's batches of 200 to 2,000, Zendesk's
// export pages of up to 1,000), walked at limit 1 and 2 for up to four pages.

type Page = ListEnvelope<Record<string, unknown>>;
type Executor = ReturnType<ConnectorModule['createExecutor']>;
type Params = Record<string, Record<string, unknown>>;

/** A connector to walk: its module and executor, the params its lists need, and walks besides them. */
interface Setup {
  readonly module: ConnectorModule;
  readonly executor: Executor;
  readonly params: Params;
  readonly more?: readonly (readonly [string, Record<string, unknown>])[];
}

let asana: AsanaSimulator;
let zendesk: ZendeskSimulator;
let salesforce: SalesforceSimulator;

beforeAll(async () => {
  [asana, zendesk, salesforce] = await Promise.all([
    startAsanaSimulator({ dataset: { preset: 'tiny', seed: 33 }, rateLimit: false }),
    startZendeskSimulator({ rateLimit: false, exportDelaySeconds: 0 }),
    // More contacts than Salesforce's smallest batch, so `query` pages cross batches.
    startSalesforceSimulator({ dataset: { seed: 33, scale: { contacts: 450 } } }),
  ]);
});

afterAll(async () => {
  await Promise.all([asana?.close(), zendesk?.close(), salesforce?.close()]);
});

const list = async (executor: Executor, entity: string, params: Record<string, unknown>) =>
  (await executor.execute({ entity, action: 'list', params })) as Page;

/** Walks a list at `limit` for up to four pages; returns each page's size and whether it ended. */
async function sizes(executor: Executor, entity: string, params: Record<string, unknown>, limit: number) {
  const seen: number[] = [];
  let offset: string | undefined;
  for (let page = 0; page < 4; page += 1) {
    const envelope = await list(executor, entity, { ...params, limit, ...(offset ? { offset } : {}) });
    seen.push(envelope.records.length);
    offset = envelope.meta.next_page?.offset;
    if (offset === undefined) return { seen, ended: true };
  }
  return { seen, ended: false };
}

/** The params each list needs, read from the upstream's own data (a parent of each kind). */
async function asanaParams(executor: Executor): Promise<Params> {
  const first = async (entity: string, params: Record<string, unknown>) =>
    (await list(executor, entity, { ...params, limit: 1 })).records[0]?.gid as string;
  const workspace = await first('workspaces', {});
  const project = await first('workspace_projects', { workspace_gid: workspace });
  const team = await first('workspace_teams', { workspace_gid: workspace });
  const user = await first('workspace_users', { workspace_gid: workspace });
  const task = await first('project_tasks', { project_gid: project });
  return {
    tasks: { project },
    project_tasks: { project_gid: project },
    workspace_task_search: { workspace_gid: workspace, completed: false },
    task_projects: { task_gid: task },
    team_projects: { team_gid: team },
    workspace_projects: { workspace_gid: workspace },
    workspace_users: { workspace_gid: workspace },
    team_users: { team_gid: team },
    workspace_teams: { workspace_gid: workspace },
    user_teams: { user_gid: user, organization: workspace },
    attachments: { parent: task },
    workspace_tags: { workspace_gid: workspace },
    project_sections: { project_gid: project },
    task_subtasks: { task_gid: task },
    task_dependencies: { task_gid: task },
    task_dependents: { task_gid: task },
  };
}

describe('every list honours limit exactly', () => {
  it.each(['asana', 'zendesk-support', 'salesforce'] as const)('%s', { timeout: 120_000 }, async (name) => {
    const setups: Record<typeof name, () => Promise<Setup>> = {
      asana: async () => {
        const executor = asanaModule.createExecutor({
          credentials: { token: asana.tokens.personalAccessToken },
          baseUrl: asana.baseUrl,
          rateLimit: false,
        });
        return { module: asanaModule as ConnectorModule, executor, params: await asanaParams(executor) };
      },
      'zendesk-support': async () => ({
        module: zendeskSupportModule as ConnectorModule,
        executor: zendeskSupportModule.createExecutor({
          credentials: { email: zendesk.credentials.email, api_token: zendesk.credentials.apiToken },
          baseUrl: zendesk.baseUrl,
          rateLimit: false,
        }),
        params: { ticket_comments: { ticket_id: 4 } },
        // The incremental export, besides the list itself.
        more: [['tickets', { start_time: 1 }]],
      }),
      salesforce: async () => ({
        module: salesforceModule as ConnectorModule,
        executor: salesforceModule.createExecutor({
          credentials: {
            refresh_token: salesforce.credentials.refreshToken,
            client_id: salesforce.credentials.clientId,
            client_secret: salesforce.credentials.clientSecret,
          },
          baseUrl: salesforce.loginUrl,
          rateLimit: false,
        }),
        params: { query: { q: 'SELECT Id, Name FROM Contact ORDER BY Name' } },
      }),
    };
    const { module, executor, params, more = [] } = await setups[name]();
    const walks: [string, Record<string, unknown>][] = [
      ...Object.entries(module.definition.entities)
        // Salesforce's report list takes no limit: the upstream answers every report at once.
        .filter(
          ([, entity]) =>
            'limit' in ((entity.actions.list?.params as { shape?: object } | undefined)?.shape ?? {}),
        )
        .map(([entity]): [string, Record<string, unknown>] => [entity, params[entity] ?? {}]),
      ...more.map(([entity, extra]): [string, Record<string, unknown>] => [entity, extra]),
    ];
    expect(walks.length).toBeGreaterThan(5);
    for (const [entity, extra] of walks) {
      for (const limit of [1, 2]) {
        const { seen, ended } = await sizes(executor, entity, extra, limit);
        const label = `${name} ${entity} ${JSON.stringify(extra)} limit ${limit}: ${JSON.stringify(seen)}`;
        const full = ended ? seen.slice(0, -1) : seen;
        expect(
          full.every((size) => size === limit),
          label,
        ).toBe(true);
        expect(seen.at(-1), label).toBeLessThanOrEqual(limit);
      }
    }
  });
});
