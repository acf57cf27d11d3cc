import {
  ApiError,
  AuthenticationError,
  type ConduitError,
  CursorExpiredError,
  NotFoundError,
  RateLimitError,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
import { type AsanaSimulator, createLiveMemoryProbe, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Asana, createAsana } from './asana';
import { PremiumRequiredError } from './asana-errors';
import { asanaDefinition } from './definition/definition';

let sim: AsanaSimulator;
let asana: Asana;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 } });
  asana = createAsana({
    credentials: { token: sim.tokens.personalAccessToken },
    config: { base_url: sim.baseUrl },
  });
});
afterAll(() => sim.close());

function pick<T>(items: readonly T[], predicate: (item: T) => boolean = () => true): T {
  const found = items.find(predicate);
  if (!found) throw new Error('the dataset has no such item');
  return found;
}

const workspace = () => sim.data.workspaces[0]!;
const project = () => pick(sim.data.projects, (p) => sim.data.taskGids({ projectGid: p.gid }).length > 0);
const taskWith = (predicate: (gid: string) => boolean) => pick(sim.data.taskGids({}), predicate);

describe('every entity and action of the definition against the simulator', () => {
  it('declares exactly the 22 entities and 36 entity/action pairs of seed 001', () => {
    const pairs = Object.values(asanaDefinition.entities).flatMap((entity) => Object.keys(entity.actions));
    expect(Object.keys(asanaDefinition.entities)).toHaveLength(22);
    expect(pairs).toHaveLength(36);
  });

  it('lists and gets workspaces, users, teams, projects, sections, tags', async () => {
    const ws = workspace();
    const workspaces = await asana.workspaces.list();
    expect(workspaces.records.map((r) => r.gid)).toContain(ws.gid);
    expect(workspaces.records[0]).toMatchObject({ resource_type: 'workspace', name: expect.any(String) });

    const got = await asana.workspaces.get({ workspace_gid: ws.gid });
    expect(got).toMatchObject({ gid: ws.gid, name: ws.name, is_organization: ws.isOrganization });

    const me = await asana.users.get({ user_gid: 'me' });
    expect(me).toMatchObject({ gid: sim.data.me.gid, email: sim.data.me.email });
    const users = await asana.users.list({ workspace: ws.gid }).toArray();
    expect(users.map((u) => u.gid).sort()).toEqual(
      sim.data.users
        .filter((u) => u.workspaceGids.includes(ws.gid))
        .map((u) => u.gid)
        .sort(),
    );
    const workspaceUsers = await asana.workspace_users.list({ workspace_gid: ws.gid }).toArray();
    expect(workspaceUsers).toHaveLength(users.length);

    const team = pick(sim.data.teams, (t) => t.workspaceGid === ws.gid);
    expect(await asana.teams.get({ team_gid: team.gid })).toMatchObject({ gid: team.gid, name: team.name });
    const teams = await asana.workspace_teams.list({ workspace_gid: ws.gid }).toArray();
    expect(teams.map((t) => t.gid)).toContain(team.gid);
    const teamUsers = await asana.team_users.list({ team_gid: team.gid }).toArray();
    expect(teamUsers.map((u) => u.gid).sort()).toEqual([...team.memberGids].sort());
    const member = sim.data.user(team.memberGids[0]!)!;
    const userTeams = await asana.user_teams.list({ user_gid: member.gid, organization: ws.gid }).toArray();
    expect(userTeams.map((t) => t.gid)).toContain(team.gid);

    const projects = await asana.workspace_projects.list({ workspace_gid: ws.gid }).toArray();
    expect(projects.length).toBe(sim.data.projects.filter((p) => p.workspaceGid === ws.gid).length);
    const teamProjects = await asana.team_projects.list({ team_gid: team.gid }).toArray();
    expect(teamProjects.every((p) => sim.data.project(p.gid)?.teamGid === team.gid)).toBe(true);
    const allProjects = await asana.projects.list({ workspace: ws.gid }).toArray();
    expect(allProjects).toHaveLength(projects.length);
    const p = project();
    const full = await asana.projects.get({ project_gid: p.gid });
    expect(full).toMatchObject({
      gid: p.gid,
      name: p.name,
      archived: p.archived,
      workspace: { gid: ws.gid },
    });
    expect(typeof full.permalink_url).toBe('string');

    const sections = await asana.project_sections.list({ project_gid: p.gid }).toArray();
    const section = pick(sections);
    expect(await asana.sections.get({ section_gid: section.gid })).toMatchObject({
      gid: section.gid,
      project: { gid: p.gid },
    });

    const tags = await asana.workspace_tags.list({ workspace_gid: ws.gid }).toArray();
    const tag = pick(tags);
    expect(await asana.tags.get({ tag_gid: tag.gid })).toMatchObject({
      gid: tag.gid,
      workspace: { gid: ws.gid },
    });
  });

  it('lists tasks by every filter of rule A and the task-like lists', async () => {
    const p = project();
    const expected = sim.data.taskGids({ projectGid: p.gid });
    const byProject = await asana.tasks.list({ project: p.gid }).toArray();
    expect(byProject.map((t) => t.gid).sort()).toEqual([...expected].sort());
    // Task-like list records carry resource_subtype and created_by (opt-in upstream).
    for (const record of byProject) {
      expect(record).toMatchObject({ resource_type: 'task', resource_subtype: expect.any(String) });
      expect(record.created_by).toMatchObject({ gid: expect.any(String) });
    }
    const projectTasks = await asana.project_tasks.list({ project_gid: p.gid }).toArray();
    expect(projectTasks.map((t) => t.gid).sort()).toEqual([...expected].sort());

    const sectionGid = sim.data.sections.find((s) => s.projectGid === p.gid)!.gid;
    const bySection = await asana.tasks.list({ section: sectionGid }).toArray();
    expect(bySection.map((t) => t.gid).sort()).toEqual(sim.data.taskGids({ sectionGid }).sort());

    const assigned = taskWith((gid) => sim.data.task(gid)!.assigneeGid !== null);
    const assignee = sim.data.task(assigned)!.assigneeGid!;
    const byAssignee = await asana.tasks
      .list({ workspace: sim.data.task(assigned)!.workspaceGid, assignee })
      .toArray();
    expect(byAssignee.map((t) => t.gid)).toContain(assigned);

    const task = await asana.tasks.get({ task_gid: assigned });
    expect(task).toMatchObject({ gid: assigned, assignee: { gid: assignee } });
    // Fields the seed does not name are kept, not dropped.
    expect(task).toHaveProperty('memberships');

    const parent = taskWith((gid) => sim.data.subtaskGids(gid).length > 0);
    const subtasks = await asana.task_subtasks.list({ task_gid: parent }).toArray();
    expect(subtasks.map((t) => t.gid).sort()).toEqual(sim.data.subtaskGids(parent).sort());

    const blocked = taskWith((gid) => sim.data.dependencyGids(gid).length > 0);
    const dependencies = await asana.task_dependencies.list({ task_gid: blocked }).toArray();
    expect(dependencies.map((t) => t.gid).sort()).toEqual(sim.data.dependencyGids(blocked).sort());
    const blocker = sim.data.dependencyGids(blocked)[0]!;
    const dependents = await asana.task_dependents.list({ task_gid: blocker }).toArray();
    expect(dependents.map((t) => t.gid)).toContain(blocked);

    const taskProjects = await asana.task_projects.list({ task_gid: assigned }).toArray();
    expect(taskProjects.map((x) => x.gid).sort()).toEqual([...sim.data.task(assigned)!.projectGids].sort());
  });

  it('lists and gets attachments and downloads one', async () => {
    const file = pick(sim.data.attachments, (a) => a.host === 'asana' && a.parentType === 'task');
    const listed = await asana.attachments.list({ parent: file.parentGid }).toArray();
    expect(listed.map((a) => a.gid)).toContain(file.gid);
    expect(listed[0]).toMatchObject({ resource_type: 'attachment', resource_subtype: expect.any(String) });
    const got = await asana.attachments.get({ attachment_gid: file.gid });
    expect(got).toMatchObject({ gid: file.gid, host: 'asana', size: file.size });

    const download = await asana.attachments.download({ attachment_gid: file.gid });
    const chunks: Uint8Array[] = [];
    for await (const chunk of download) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(download.status).toBe(200);
    expect(bytes.length).toBe(file.size);
    expect(download.filename).toBe(file.name);
    // The signed URL lives on another host, which refuses requests carrying credentials.
    const fetched = sim.requests.last({ target: 'download' })!;
    expect(fetched.headers.authorization).toBeUndefined();
    expect(fetched.status).toBe(200);
  });

  it('makes search a typed hosted-only error in local mode, before any request', async () => {
    const before = sim.requests.count();
    const error = await asana.tasks.search({ query: { filter: { eq: { completed: false } } } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect((error as ConduitError).code).toBe('hosted_only');
    expect(sim.requests.count()).toBe(before);
  });
});

describe('execute', () => {
  it('returns the seed envelopes', async () => {
    const p = project();
    const page = await asana.execute('project_tasks', 'list', { project_gid: p.gid, limit: 2 });
    expect(page.records).toHaveLength(2);
    expect(page.meta.next_page).toMatchObject({ offset: expect.any(String) });
    const next = await asana.execute('project_tasks', 'list', {
      project_gid: p.gid,
      limit: 2,
      offset: page.meta.next_page!.offset,
    });
    expect(next.records[0]!.gid).not.toBe(page.records[0]!.gid);
    const record = await asana.execute('projects', 'get', { project_gid: p.gid });
    expect(record.gid).toBe(p.gid);
  });

  it('refuses unknown entities, actions and params before any request', async () => {
    const before = sim.requests.count();
    await expect(asana.execute('nope' as 'tasks', 'list', {})).rejects.toMatchObject({
      code: 'unknown_entity',
    });
    await expect(asana.execute('teams', 'list' as 'get', {})).rejects.toMatchObject({
      code: 'unsupported_action',
    });
    await expect(asana.execute('tasks', 'get', { task_gid: '1', color: 'red' })).rejects.toMatchObject({
      code: 'invalid_param',
      details: [expect.objectContaining({ field: 'params.color' })],
    });
    await expect(asana.execute('tasks', 'get', {})).rejects.toMatchObject({
      code: 'missing_param',
      details: [expect.objectContaining({ field: 'params.task_gid' })],
    });
    await expect(asana.execute('tasks', 'list', { project: '1', limit: 500 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    // One byte range, its end after its start: storage hosts answer a multi-range with a multipart
    // body, and ignore the others to send the whole file.
    for (const range_header of ['bytes=0-9,20-29', 'bytes=-', 'bytes=500-100']) {
      await expect(asana.attachments.download({ attachment_gid: '1', range_header })).rejects.toMatchObject({
        code: 'invalid_param',
        details: [expect.objectContaining({ field: 'params.range_header' })],
      });
    }
    expect(sim.requests.count()).toBe(before);
  });

  it('maps upstream 404s to NotFoundError', async () => {
    await expect(asana.tasks.get({ task_gid: '999999999999' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('rules A, B and C', () => {
  it('rule A: names what is missing, and refuses two filters at once', async () => {
    const before = sim.requests.count();
    const missing = await asana.tasks.list({}).then(
      () => undefined,
      (e: unknown) => e as ValidationError,
    );
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing!.message).toMatch(/project, section, or workspace together with assignee/);
    const half = await asana.tasks.list({ workspace: workspace().gid }).then(
      () => undefined,
      (e: unknown) => e as ValidationError,
    );
    expect(half!.details).toEqual([
      expect.objectContaining({ field: 'params.assignee', error_code: 'missing_param' }),
    ]);
    await expect(asana.tasks.list({ project: project().gid, section: '123' })).rejects.toMatchObject({
      code: 'invalid_param',
    });
    expect(sim.requests.count()).toBe(before);
  });

  it('rule B: workspace_task_search needs a search parameter, and maps dotted names exactly', async () => {
    const ws = workspace();
    await expect(asana.workspace_task_search.list({ workspace_gid: ws.gid })).rejects.toMatchObject({
      code: 'missing_param',
    });
    const p = project();
    const hits = await asana.workspace_task_search
      .list({ workspace_gid: ws.gid, 'projects.any': p.gid })
      .toArray();
    expect(hits.map((h) => h.gid).sort()).toEqual(sim.data.taskGids({ projectGid: p.gid }).sort());
    const sent = sim.requests.last({ path: `/workspaces/${ws.gid}/tasks/search` })!;
    expect(sent.query['projects.any']).toEqual([p.gid]);
  });

  it('workspace_task_search pages past the upstream’s missing offset, without losing or repeating', async () => {
    const ws = workspace();
    const all = sim.data.taskGids({ workspaceGid: ws.gid });
    const seen = await asana.workspace_task_search
      .list({ workspace_gid: ws.gid, completed: false, limit: 3 })
      .toArray();
    const open = sim.data.taskGids({ workspaceGid: ws.gid, completed: false });
    expect(seen.map((t) => t.gid).sort()).toEqual([...open].sort());
    expect(new Set(seen.map((t) => t.gid)).size).toBe(seen.length);
    expect(all.length).toBeGreaterThan(open.length);
  });

  it('maps the upstream 402 of a non-premium account to PremiumRequiredError', async () => {
    const ws = workspace();
    sim.setPremium(ws.gid, false);
    try {
      const error = await asana.workspace_task_search.list({ workspace_gid: ws.gid, text: 'a' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PremiumRequiredError);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(402);
      expect((error as Error).message).toMatch(/premium/i);
    } finally {
      sim.setPremium(ws.gid, true);
    }
  });

  it('rule C: a null download_url is a clear error', async () => {
    const vimeo = sim.data.attachments.find((a) => a.host === 'vimeo');
    const target =
      vimeo ??
      sim.addAttachment({ parentGid: sim.data.taskGids({})[0]!, name: 'clip.mov', size: 10, host: 'vimeo' });
    const error = await asana.attachments.download({ attachment_gid: target.gid }).then(
      () => undefined,
      (e: unknown) => e as ConduitError,
    );
    expect(error).toBeInstanceOf(UnsupportedOperationError);
    expect(error?.code).toBe('download_unavailable');
    expect(error?.message).toMatch(/no download URL/);
  });
});

describe('pagination and the upstream’s limits', () => {
  it('walks thousands of records across pages, sending limit on every request', async () => {
    const big = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 9, largeProject: { tasks: 2_500 } },
    });
    try {
      const client = createAsana({
        credentials: { token: big.tokens.personalAccessToken },
        config: { base_url: big.baseUrl },
      });
      const largest = [...big.data.projects].sort(
        (a, b) =>
          big.data.taskGids({ projectGid: b.gid }).length - big.data.taskGids({ projectGid: a.gid }).length,
      )[0]!;
      const gids: string[] = [];
      for await (const task of client.project_tasks.list({ project_gid: largest.gid })) gids.push(task.gid);
      expect(gids).toHaveLength(big.data.taskGids({ projectGid: largest.gid }).length);
      expect(new Set(gids).size).toBe(gids.length);
      const requests = big.requests.all({ path: `/projects/${largest.gid}/tasks` });
      expect(requests.length).toBe(Math.ceil(gids.length / 100));
      expect(requests.every((r) => r.query.limit?.[0] === '100')).toBe(true);
      // Awaiting gives one page; break stops fetching.
      const first = await client.project_tasks.list({ project_gid: largest.gid, limit: 10 });
      expect(first.records).toHaveLength(10);
      const before = big.requests.count();
      let n = 0;
      for await (const _ of client.project_tasks.list({ project_gid: largest.gid, limit: 10 })) {
        if (++n === 15) break;
      }
      expect(big.requests.count() - before).toBe(2);
    } finally {
      await big.close();
    }
  });

  it('turns an expired offset into CursorExpiredError that says to restart', async () => {
    const timed = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 }, clock: 'manual' });
    try {
      const client = createAsana({
        credentials: { token: timed.tokens.personalAccessToken },
        config: { base_url: timed.baseUrl },
      });
      const p = timed.data.projects.find((x) => timed.data.taskGids({ projectGid: x.gid }).length > 2)!;
      const page = await client.project_tasks.list({ project_gid: p.gid, limit: 1 });
      timed.clock.advance(901_000);
      const error = await client
        .execute('project_tasks', 'list', {
          project_gid: p.gid,
          limit: 1,
          offset: page.meta.next_page!.offset,
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(CursorExpiredError);
      expect((error as Error).message).toMatch(/restart the listing/);
    } finally {
      await timed.close();
    }
  });

  it('rides out a 429 storm by honouring Retry-After', async () => {
    const storm = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 } });
    try {
      const client = createAsana({
        credentials: { token: storm.tokens.personalAccessToken },
        config: { base_url: storm.baseUrl },
        retry: { limit: 6, maxDelayMs: 50 },
      });
      storm.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 0 }, { times: 4, target: 'api' });
      const page = await client.workspaces.list();
      expect(page.records.length).toBeGreaterThan(0);
      expect(storm.requests.countByStatus()[429]).toBe(4);

      storm.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 3600 }, { target: 'api' });
      const error = await client.workspaces.list().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    } finally {
      await storm.close();
    }
  });

  it('refuses a bad token with AuthenticationError', async () => {
    const client = createAsana({ credentials: { token: 'not-a-token' }, config: { base_url: sim.baseUrl } });
    await expect(client.workspaces.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('OAuth', () => {
  it('refreshes once when the access token expires mid-listing, under 20 concurrent calls', async () => {
    const oauth = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 } });
    try {
      const saved: string[] = [];
      const client = createAsana({
        auth: {
          refreshToken: oauth.tokens.oauth.refreshToken,
          clientId: oauth.tokens.oauth.clientId,
          clientSecret: oauth.tokens.oauth.clientSecret,
          accessToken: oauth.issueAccessToken(),
          redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
          onTokens: (tokens) => {
            saved.push(tokens.accessToken);
          },
        },
        baseUrl: oauth.baseUrl,
      });
      const p = oauth.data.projects.find((x) => oauth.data.taskGids({ projectGid: x.gid }).length > 4)!;
      const listing = client.project_tasks.list({ project_gid: p.gid, limit: 2 })[Symbol.asyncIterator]();
      expect((await listing.next()).done).toBe(false);
      oauth.expireAccessTokens();
      const calls = Array.from({ length: 20 }, () => client.projects.get({ project_gid: p.gid }));
      const rest: string[] = [];
      for (let step = await listing.next(); !step.done; step = await listing.next())
        rest.push(step.value.gid);
      const projects = await Promise.all(calls);
      expect(projects.every((x) => x.gid === p.gid)).toBe(true);
      expect(rest.length).toBeGreaterThan(0);
      expect(oauth.requests.count({ target: 'oauth', path: '/-/oauth_token' })).toBe(1);
      expect(saved).toHaveLength(1);
    } finally {
      await oauth.close();
    }
  });
});

describe('large downloads', () => {
  it('streams a 200 MiB attachment with flat memory, and a byte range', async () => {
    const size = 200 * 1024 * 1024;
    const file = sim.addAttachment({ parentGid: sim.data.taskGids({})[0]!, name: 'big.bin', size });
    const probe = createLiveMemoryProbe();
    let total = 0;
    let nextSample = 32 * 1024 * 1024;
    const download = await asana.attachments.download({ attachment_gid: file.gid });
    expect(download.contentLength).toBe(size);
    for await (const chunk of download) {
      total += chunk.byteLength;
      if (total >= nextSample) {
        probe.sample();
        nextSample += 32 * 1024 * 1024;
      }
    }
    expect(total).toBe(size);
    // By the last sample 192 MiB have passed: buffering them anywhere would keep them alive. What
    // stays is socket and stream buffers in flight, whose memory Node frees on a background thread,
    // so the bound leaves room for that lag on a loaded machine.
    expect(probe.peak).toBeLessThan(128 * 1024 * 1024);

    const range = await asana.attachments.download({ attachment_gid: file.gid, range_header: 'bytes=0-99' });
    const parts: Uint8Array[] = [];
    for await (const chunk of range) parts.push(chunk);
    expect(range.status).toBe(206);
    expect(range.contentRange).toBe(`bytes 0-99/${size}`);
    expect(Buffer.concat(parts).length).toBe(100);
  }, 120_000);
});

describe('createAsana options', () => {
  const attempt = (options: unknown): unknown => {
    try {
      return createAsana(options as Parameters<typeof createAsana>[0]);
    } catch (error) {
      return error;
    }
  };

  it('names an option it does not know, and the one to use, instead of dropping it', () => {
    // The old Asana shape mixed with the new one, from plain JavaScript: `baseUrl` would be
    // dropped, and the connector would call app.asana.com with these credentials.
    const error = attempt({ credentials: { token: 't' }, baseUrl: sim.baseUrl });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'invalid_config',
      details: [{ field: 'baseUrl', message: 'unknown option baseUrl (use config.base_url)' }],
    });
  });

  it('names credentials when they are missing, and config fields that are bad', () => {
    const missing = attempt({ config: { base_url: sim.baseUrl } });
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).details[0]?.field).toBe('credentials');
    expect((missing as ValidationError).message).toMatch(
      /^createAsana: credentials are required: \{ token \}/,
    );
    const badConfig = attempt({ credentials: { token: 't' }, config: { base_url: 'ftp://x', region: 'eu' } });
    expect(badConfig).toBeInstanceOf(ValidationError);
    expect((badConfig as ValidationError).details.map((detail) => detail.field).sort()).toEqual([
      'config.base_url',
      'config.region',
    ]);
  });

  it('still takes the deprecated { auth, baseUrl } shape', async () => {
    // (The OAuth test above uses it too; its once-per-process warning is the kit's warnDeprecated.)
    const old = createAsana({ auth: { token: sim.tokens.personalAccessToken }, baseUrl: sim.baseUrl });
    expect((await old.workspaces.list()).records.length).toBeGreaterThan(0);
    const error = attempt({ auth: 'nope', baseUrl: sim.baseUrl });
    expect((error as ValidationError).details[0]?.field).toBe('auth');
  });
});
