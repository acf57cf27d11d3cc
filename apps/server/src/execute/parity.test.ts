import { createHash } from 'node:crypto';
import { type Asana, asanaDefinition, createAsana } from '@conduit/asana';
import { HostedClient } from '@conduit/hosted';
import type { ActionKind, DownloadResult, ListEnvelope } from '@conduit/protocol';
import type { AsanaSimulator, OpenApiCheckingFetch } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { openApiCheckedFetch } from '../test-support/openapi-checked-fetch';

type Params = Record<string, unknown>;

/**
 * Params for every list and get of the definition, chosen from the simulator's dataset so each
 * call returns records (a filter that matches nothing would prove little).
 */
function paramsFor(sim: AsanaSimulator): Record<string, Params> {
  const data = sim.data;
  const pick = <T>(items: readonly T[], predicate: (item: T) => boolean, what: string): T => {
    const found = items.find(predicate);
    if (found === undefined) throw new Error(`the dataset has no ${what}`);
    return found;
  };
  const workspace = pick(
    data.workspaces,
    (w) => data.teams.some((t) => t.workspaceGid === w.gid),
    'organization',
  );
  const project = pick(
    data.projects,
    (p) => data.taskGids({ projectGid: p.gid }).length > 2,
    'project with tasks',
  );
  const team = pick(
    data.teams,
    (t) => t.memberGids.length > 0 && data.projects.some((p) => p.teamGid === t.gid),
    'team',
  );
  const task = pick(data.taskGids({}), (gid) => data.task(gid)!.projectGids.length > 0, 'task in a project');
  const parent = pick(data.taskGids({}), (gid) => data.subtaskGids(gid).length > 0, 'task with subtasks');
  const blocked = pick(
    data.taskGids({}),
    (gid) => data.dependencyGids(gid).length > 0,
    'task with dependencies',
  );
  const attachment = pick(
    data.attachments,
    (a) => a.host === 'asana' && a.parentType === 'task',
    'attachment',
  );
  const section = pick(data.sections, (s) => s.projectGid === project.gid, 'section');
  const tag = pick(data.tags, (t) => t.workspaceGid === workspace.gid, 'tag');
  const member = data.user(team.memberGids[0]!)!;
  return {
    'tasks.list': { project: project.gid, limit: 2 },
    'tasks.get': { task_gid: task },
    'project_tasks.list': { project_gid: project.gid, limit: 2 },
    'workspace_task_search.list': { workspace_gid: workspace.gid, completed: false, limit: 3 },
    'projects.list': { workspace: workspace.gid, limit: 2 },
    'projects.get': { project_gid: project.gid },
    'task_projects.list': { task_gid: task },
    'team_projects.list': { team_gid: team.gid },
    'workspace_projects.list': { workspace_gid: workspace.gid, limit: 3 },
    'workspaces.list': {},
    'workspaces.get': { workspace_gid: workspace.gid },
    'users.list': { workspace: workspace.gid, limit: 2 },
    'users.get': { user_gid: member.gid },
    'workspace_users.list': { workspace_gid: workspace.gid, limit: 2 },
    'team_users.list': { team_gid: team.gid, limit: 1 },
    'teams.get': { team_gid: team.gid },
    'workspace_teams.list': { workspace_gid: workspace.gid },
    'user_teams.list': { user_gid: member.gid, organization: workspace.gid },
    'attachments.list': { parent: attachment.parentGid },
    'attachments.get': { attachment_gid: attachment.gid },
    'workspace_tags.list': { workspace_gid: workspace.gid, limit: 2 },
    'tags.get': { tag_gid: tag.gid },
    'project_sections.list': { project_gid: project.gid },
    'sections.get': { section_gid: section.gid },
    'task_subtasks.list': { task_gid: parent },
    'task_dependencies.list': { task_gid: blocked },
    'task_dependents.list': { task_gid: data.dependencyGids(blocked)[0]! },
  };
}

/** Every page of a listing through `execute`, so envelopes are compared too, not only records. */
async function allPages(client: Asana, entity: string, params: Params): Promise<ListEnvelope[]> {
  const pages: ListEnvelope[] = [];
  let offset: string | undefined;
  do {
    const page = (await client.execute(
      entity as 'tasks',
      'list',
      offset === undefined ? params : { ...params, offset },
    )) as ListEnvelope;
    pages.push(page);
    offset = page.meta.next_page?.offset;
  } while (offset !== undefined && pages.length < 50);
  return pages;
}

async function digest(file: DownloadResult): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of file) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}

describe('local and hosted mode parity', () => {
  let h: ExecuteHarness;
  let local: Asana;
  let hosted: Asana;
  let checked: OpenApiCheckingFetch;
  let params: Record<string, Params>;

  beforeAll(async () => {
    // A manual clock keeps time-derived values (signed download URLs) equal between the two calls.
    h = await startExecuteHarness('sqlite', 'parity', { simulator: { clock: 'manual', rateLimit: false } });
    for (const workspace of h.sim.data.workspaces) h.sim.setPremium(workspace.gid, true);
    local = createAsana({ auth: { token: h.sim.tokens.personalAccessToken }, baseUrl: h.sim.baseUrl });
    checked = await openApiCheckedFetch(h.t.server.url);
    const client = new HostedClient({
      fetch: checked.fetch,
      externalUserId: 'parity-user',
      platformClientId: h.t.clientId,
      platformClientSecret: h.t.clientSecret,
      baseUrl: h.t.server.url,
    });
    const connector = await client.createConnector({
      connectorType: 'asana',
      credentials: { token: h.sim.tokens.personalAccessToken },
      config: { base_url: h.sim.baseUrl },
    });
    hosted = createAsana({ hosted: { client, connectorId: connector.id } });
    params = paramsFor(h.sim);
  });

  afterAll(async () => {
    await h?.close();
    // Every request of the hosted side conformed to the service's own OpenAPI document.
    expect(checked.issues).toEqual([]);
  });

  it('covers exactly the list and get pairs of the definition', () => {
    const pairs = Object.entries(asanaDefinition.entities).flatMap(([entity, definition]) =>
      (Object.keys(definition.actions) as ActionKind[])
        .filter((action) => action === 'list' || action === 'get')
        .map((action) => `${entity}.${action}`),
    );
    expect(Object.keys(params).sort()).toEqual(pairs.sort());
    expect(local.mode).toBe('local');
    expect(hosted.mode).toBe('hosted');
  });

  for (const [entity, definition] of Object.entries(asanaDefinition.entities)) {
    for (const action of Object.keys(definition.actions) as ActionKind[]) {
      if (action !== 'list' && action !== 'get') continue;
      it(`returns identical ${action === 'list' ? 'pages' : 'records'} for ${entity} ${action}`, async () => {
        const given = params[`${entity}.${action}`]!;
        if (action === 'get') {
          const [fromLocal, fromHosted] = await Promise.all([
            local.execute(entity as 'tasks', 'get', given),
            hosted.execute(entity as 'tasks', 'get', given),
          ]);
          expect(fromLocal).toMatchObject({ gid: expect.any(String) });
          expect(fromHosted).toStrictEqual(fromLocal);
          return;
        }
        const localPages = await allPages(local, entity, given);
        const hostedPages = await allPages(hosted, entity, given);
        expect(localPages[0]!.records.length).toBeGreaterThan(0);
        expect(hostedPages.map((page) => page.records)).toStrictEqual(localPages.map((page) => page.records));
        // Offsets are the upstream's signed tokens (or ours): both modes page the same way.
        expect(hostedPages.map((page) => page.meta.next_page === null)).toEqual(
          localPages.map((page) => page.meta.next_page === null),
        );
      });
    }
  }

  it('downloads identical bytes, whole and as a range', async () => {
    const attachment = params['attachments.get']!;
    const size = h.sim.data.attachment(String(attachment.attachment_gid))!.size;
    const [fromLocal, fromHosted] = await Promise.all([
      local.attachments.download({ attachment_gid: String(attachment.attachment_gid) }),
      hosted.attachments.download({ attachment_gid: String(attachment.attachment_gid) }),
    ]);
    expect({ ...fromHosted, stream: undefined }).toMatchObject({
      status: 200,
      contentType: fromLocal.contentType,
      contentLength: size,
      filename: fromLocal.filename,
    });
    expect(await digest(fromHosted)).toEqual(await digest(fromLocal));

    const range = { attachment_gid: String(attachment.attachment_gid), range_header: 'bytes=5-' };
    const [partLocal, partHosted] = await Promise.all([
      local.attachments.download(range),
      hosted.attachments.download(range),
    ]);
    expect(partHosted.status).toBe(206);
    expect(partHosted.contentRange).toBe(partLocal.contentRange);
    expect(await digest(partHosted)).toEqual(await digest(partLocal));
  });
});
