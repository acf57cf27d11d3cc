import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AsanaSimulator,
  loadOpenApiSpec,
  type OpenApiCheckingFetch,
  openApiCheckingFetch,
  optionalSpecFile,
  startAsanaSimulator,
} from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsana } from './asana';
import { asanaDefinition } from './definition/definition';

// Every request the connector sends is held to the official spec (query parameters and their
// enums included: `opt_fields` values the spec does not list are refused), not to our definition.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SUITE = 'requests of the Asana connector against the official spec';
const specPath = optionalSpecFile(path.resolve(repoRoot, '../shared/specs/asana/asana_oas.yaml'), SUITE);

describe.skipIf(specPath === undefined)(SUITE, () => {
  let sim: AsanaSimulator;
  let checking: OpenApiCheckingFetch;

  beforeAll(async () => {
    const spec = await loadOpenApiSpec(specPath as string);
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 }, rateLimit: false });
    checking = openApiCheckingFetch(spec, globalThis.fetch, {
      basePath: '/api/1.0',
      // Task search takes `limit` (at most 100): its description says so, its parameter list leaves it
      // out; `custom_fields.{gid}.*` filters are named by the workspace's fields.
      undeclared: (name, template) =>
        template === '/workspaces/{workspace_gid}/tasks/search' &&
        (name === 'limit' || name.startsWith('custom_fields.')),
    });
  }, 60_000);

  afterAll(async () => {
    await sim?.close();
  });

  it('sends only what the spec allows, on every list and get action', async () => {
    const asana = createAsana({
      credentials: { token: sim.tokens.personalAccessToken },
      config: { base_url: sim.baseUrl },
      rateLimit: false,
      fetch: checking.fetch,
    });
    const data = sim.data;
    const project = data.projects.find((row) => data.taskGids({ projectGid: row.gid }).length > 0)!;
    const task = data.taskGids({ projectGid: project.gid })[0]!;
    const withSubtasks = data.taskGids().find((gid) => data.subtaskGids(gid).length > 0)!;
    const attachment = data.attachments[0]!;
    const gids: Record<string, string> = {
      task_gid: task,
      project_gid: project.gid,
      workspace_gid: project.workspaceGid,
      team_gid: project.teamGid,
      user_gid: data.me.gid,
      tag_gid: data.tags[0]!.gid,
      section_gid: project.sectionGids[0]!,
      attachment_gid: attachment.gid,
      parent: attachment.parentGid,
      organization: project.workspaceGid,
    };
    const listParams: Record<string, Record<string, unknown>> = {
      tasks: { project: project.gid },
      workspace_task_search: { workspace_gid: project.workspaceGid, text: 'a' },
      task_subtasks: { task_gid: withSubtasks },
      users: { workspace: project.workspaceGid },
    };
    const client = asana as unknown as Record<string, Record<string, (params: unknown) => Promise<unknown>>>;
    let calls = 0;
    for (const [entity, { actions }] of Object.entries(asanaDefinition.entities)) {
      for (const [kind, action] of Object.entries(
        actions as Record<string, { params: { shape?: object } }>,
      )) {
        if (kind !== 'list' && kind !== 'get') continue;
        const keys = Object.keys(action.params.shape ?? {});
        const params =
          (kind === 'list' ? listParams[entity] : undefined) ??
          Object.fromEntries(keys.filter((key) => gids[key] !== undefined).map((key) => [key, gids[key]]));
        const before = checking.checked();
        const failure = await client[entity]![kind]!(params).then(
          () => undefined,
          // Premium-only endpoints may refuse; the request itself is what is checked here.
          (error: unknown) => error,
        );
        // Every action reached the upstream: none was refused before sending.
        expect(checking.checked(), `${entity} ${kind}: ${String(failure)}`).toBeGreaterThan(before);
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(25);
    expect(checking.checked()).toBeGreaterThanOrEqual(calls);
    expect(checking.issues).toEqual([]);
  }, 60_000);
});
