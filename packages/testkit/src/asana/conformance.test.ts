import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiSpec } from '../openapi/load-openapi-spec';
import type { OpenApiDocument, OpenApiSchema } from '../openapi/openapi-document';
import { optionalSpecFile } from '../openapi/optional-spec-file';
import { resolveOpenApiRef } from '../openapi/resolve-openapi-ref';
import { responseSchemaFor } from '../openapi/response-schema-for';
import { validateOpenApiValue } from '../openapi/validate-openapi-value';
import { ASANA_ROUTES } from './api-routes';
import type { AsanaDataset } from './asana-dataset';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const specPath = path.resolve(repoRoot, '../shared/specs/asana/asana_oas.yaml');
const specMissing = optionalSpecFile(specPath, 'conformance with the official OpenAPI spec') === undefined;

let spec: OpenApiDocument;
let sim: AsanaSimulator;
let data: AsanaDataset;
const checkedTemplates = new Set<string>();

interface Reply {
  status: number;
  contentType: string | null;
  body: unknown;
}

async function call(apiPath: string): Promise<Reply> {
  const response = await fetch(`${sim.baseUrl}${apiPath}`, {
    headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.json(),
  };
}

const errorSchema: OpenApiSchema = { $ref: '#/components/schemas/ErrorResponse' };

/** Validates a response against what the spec declares for its operation and status. */
function conform(apiPath: string, reply: Reply, unknownProperties: 'allow' | 'error' = 'error'): void {
  const declared = responseSchemaFor(spec, 'GET', `/api/1.0${apiPath}`, reply.status);
  // The spec omits some statuses the API really sends (402 on search, 429 almost everywhere);
  // those bodies are still Asana's error envelope.
  const schema = declared ?? (reply.status >= 400 ? errorSchema : undefined);
  expect(schema, `no schema for ${reply.status} ${apiPath}`).toBeDefined();
  const issues = validateOpenApiValue(reply.body, schema, { document: spec, unknownProperties });
  expect(issues, `${reply.status} ${apiPath}`).toEqual([]);
  const route = ASANA_ROUTES.find((candidate) => {
    const pattern = new RegExp(`^${candidate.template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return pattern.test(apiPath.split('?')[0]!);
  });
  if (route !== undefined && reply.status === 200) checkedTemplates.add(route.template);
}

async function expectConformant(
  apiPath: string,
  status = 200,
  unknownProperties: 'allow' | 'error' = 'error',
): Promise<Reply> {
  const reply = await call(apiPath);
  expect(reply.status, `${apiPath}: ${JSON.stringify(reply.body)}`).toBe(status);
  expect(reply.contentType).toBe('application/json; charset=UTF-8');
  conform(apiPath, reply, unknownProperties);
  return reply;
}

/**
 * A list asked for full-record fields: the spec types list items as the compact schema, but with
 * `opt_fields` each item is a projection of the full record, so items are held to the
 * `*Response` schema (the envelope still to the operation's).
 */
async function expectProjectedList(
  apiPath: string,
  itemSchema: string,
  unknownProperties: 'allow' | 'error',
): Promise<void> {
  const reply = await call(apiPath);
  expect(reply.status, `${apiPath}: ${JSON.stringify(reply.body)}`).toBe(200);
  const envelope = responseSchemaFor(spec, 'GET', `/api/1.0${apiPath}`, 200);
  expect(validateOpenApiValue(reply.body, envelope, { document: spec }), apiPath).toEqual([]);
  const items = (reply.body as { data: unknown[] }).data;
  expect(items.length).toBeGreaterThan(0);
  const issues = validateOpenApiValue(
    items,
    { type: 'array', items: { $ref: `#/components/schemas/${itemSchema}` } },
    { document: spec, unknownProperties },
  );
  expect(issues, apiPath).toEqual([]);
}

/** Every property a schema declares, through $ref and allOf. */
function declaredProperties(schema: OpenApiSchema | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (node: OpenApiSchema | undefined): void => {
    if (node === undefined) return;
    if (node.$ref !== undefined) {
      walk(resolveOpenApiRef(spec, node.$ref) as OpenApiSchema);
      return;
    }
    for (const key of Object.keys(node.properties ?? {})) out.add(key);
    for (const member of node.allOf ?? []) walk(member);
  };
  walk(schema);
  return out;
}

/** Fields a full record may legitimately leave out: opt-in, conditional or host-specific ones. */
const ABSENT_BY_DESIGN: Record<string, readonly string[]> = {
  TaskResponse: ['created_by', 'external', 'is_rendered_as_separator', 'approval_status'],
  ProjectResponse: ['html_notes', 'project_brief', 'created_from_template'],
  UserResponse: ['custom_fields'],
  AttachmentResponse: ['size', 'connected_to_app'],
};

/** A full get must carry every field its `*Response` schema declares (minus the opt-in ones). */
function expectComplete(record: Record<string, unknown>, schemaName: string): void {
  const declared = declaredProperties({ $ref: `#/components/schemas/${schemaName}` });
  const allowed = new Set(ABSENT_BY_DESIGN[schemaName] ?? []);
  const missing = [...declared].filter((key) => !(key in record) && !allowed.has(key));
  expect(missing, `${schemaName} ${String(record.gid)}`).toEqual([]);
}

describe.skipIf(specMissing)('conformance with the official OpenAPI spec', () => {
  beforeAll(async () => {
    spec = await loadOpenApiSpec(specPath);
    sim = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 13, attachmentsPerTask: 1.5 },
      rateLimit: { requests: 100_000 },
    });
    data = sim.data;
    const task = data.taskGids()[0]!;
    for (const host of ['asana', 'dropbox', 'gdrive', 'onedrive', 'box', 'vimeo', 'external'] as const) {
      sim.addAttachment({ parentGid: task, name: `file-${host}.pdf`, host, size: 4096 });
    }
    sim.addAttachment({ parentGid: data.projects[0]!.gid, name: 'key-resource.png', size: 1024 });
  }, 60_000);

  afterAll(async () => {
    await sim?.close();
  });

  it('list pages of every list endpoint, with and without limit, follow the spec', async () => {
    const w = data.workspaces[0]!.gid;
    const project = data.projects.find((p) => data.taskGids({ projectGid: p.gid }).length > 2)!;
    const team = data.teams[0]!.gid;
    const tag = data.tags.find((t) => data.taskGids({ tagGid: t.gid }).length > 0)!.gid;
    const parent = data.taskGids().find((gid) => data.subtaskGids(gid).length > 0)!;
    const blocked = data.taskGids().find((gid) => data.dependencyGids(gid).length > 0)!;
    const blocker = data.dependencyGids(blocked)[0]!;
    const withFiles = data.taskGids().find((gid) => data.attachmentsOf(gid).length > 1)!;
    const lists = [
      '/workspaces',
      `/workspaces/${w}/projects`,
      `/workspaces/${w}/teams`,
      `/workspaces/${w}/tags`,
      `/projects?workspace=${w}`,
      `/projects/${project.gid}/tasks`,
      `/projects/${project.gid}/sections`,
      `/sections/${project.sectionGids[0]}/tasks`,
      `/teams/${team}/projects`,
      '/users',
      `/users/me/teams?organization=${w}`,
      `/tasks?project=${project.gid}`,
      `/tasks?workspace=${w}&assignee=me`,
      `/tasks/${parent}/subtasks`,
      `/tasks/${blocked}/dependencies`,
      `/tasks/${blocker}/dependents`,
      `/tasks/${blocked}/projects`,
      `/tags/${tag}/tasks`,
      `/attachments?parent=${withFiles}`,
      `/attachments?parent=${data.projects[0]!.gid}`,
    ];
    for (const list of lists) {
      await expectConformant(list);
      const separator = list.includes('?') ? '&' : '?';
      const paged = await expectConformant(`${list}${separator}limit=1`);
      const next = (paged.body as { next_page: { path: string } | null }).next_page;
      if (next !== null) await expectConformant(next.path);
    }
    for (const unpaginated of [
      `/workspaces/${w}/users`,
      `/teams/${team}/users`,
      `/workspaces/${w}/tasks/search?text=review`,
    ]) {
      const reply = await expectConformant(unpaginated);
      expect('next_page' in (reply.body as object)).toBe(false);
    }
  });

  it('full records of every get endpoint follow the spec and carry every declared field', async () => {
    const gets: Array<[string, string]> = [
      [`/workspaces/${data.workspaces[0]!.gid}`, 'WorkspaceResponse'],
      ['/users/me', 'UserResponse'],
      ...data.users.slice(0, 4).map((u): [string, string] => [`/users/${u.gid}`, 'UserResponse']),
      ...data.teams.map((t): [string, string] => [`/teams/${t.gid}`, 'TeamResponse']),
      ...data.projects.map((p): [string, string] => [`/projects/${p.gid}`, 'ProjectResponse']),
      ...data.sections.slice(0, 5).map((s): [string, string] => [`/sections/${s.gid}`, 'SectionResponse']),
      ...data.tags.map((t): [string, string] => [`/tags/${t.gid}`, 'TagResponse']),
      ...data.attachments.map((a): [string, string] => [`/attachments/${a.gid}`, 'AttachmentResponse']),
      ...data.taskGids().map((gid): [string, string] => [`/tasks/${gid}`, 'TaskResponse']),
    ];
    for (const [get, schemaName] of gets) {
      const reply = await expectConformant(get);
      expectComplete((reply.body as { data: Record<string, unknown> }).data, schemaName);
    }
  });

  it('projected records (opt_fields, opt-in fields included) follow the spec', async () => {
    const project = data.projects[0]!;
    const task = data.taskGids()[3];
    // Top-level fields only: nothing beyond the declared full-record fields may appear.
    const flat =
      'name,resource_subtype,created_by,external,is_rendered_as_separator,num_subtasks,custom_fields,dependents';
    await expectProjectedList(
      `/projects/${project.gid}/tasks?opt_fields=${flat}&limit=20`,
      'TaskResponse',
      'error',
    );
    await expectConformant(`/tasks/${task}?opt_fields=${flat}`);
    // Dotted paths expand nested references to full records (assignee.email), which the spec types
    // as compact: check types there, not the closed set of keys.
    const nested = [
      'assignee.email,assignee.photo,memberships.section.name,likes.user.name,dependencies.name',
      'parent.created_by,parent.name,projects.team.name,tags.color,followers.email,workspace.email_domains',
    ];
    for (const fields of nested) {
      await expectProjectedList(
        `/projects/${project.gid}/tasks?opt_fields=${fields}&limit=20`,
        'TaskResponse',
        'allow',
      );
      await expectConformant(`/tasks/${task}?opt_fields=${fields}`, 200, 'allow');
    }
    await expectConformant(
      `/projects/${project.gid}?opt_fields=html_notes,project_brief,created_from_template`,
    );
    await expectConformant(`/projects/${project.gid}?opt_fields=owner.email,members.name`, 200, 'allow');
    await expectConformant('/users/me?opt_fields=custom_fields,workspaces.is_organization', 200, 'allow');
    await expectProjectedList(
      `/attachments?parent=${data.taskGids()[0]}&opt_fields=download_url,size,parent.name,host,view_url`,
      'AttachmentResponse',
      'error',
    );
    await expectProjectedList(
      '/projects?opt_fields=owner,team,archived,html_notes&limit=5',
      'ProjectResponse',
      'error',
    );
    await expectProjectedList('/users?opt_fields=email,photo.image_60x60', 'UserResponse', 'error');
  });

  it('error bodies follow the spec: 400, 401, 402, 404, 429 and injected 403, 451, 500, 502, 503', async () => {
    const w = data.workspaces[0]!.gid;
    const errors: Array<[string, number]> = [
      ['/tasks', 400],
      [`/projects/${data.projects[0]!.gid}/tasks?limit=500`, 400],
      [`/projects/${data.projects[0]!.gid}/tasks?limit=5&offset=garbage`, 400],
      ['/tasks/1', 404],
      ['/users/me/teams', 400],
    ];
    for (const [apiPath, status] of errors) await expectConformant(apiPath, status);
    const unauthenticated = await fetch(`${sim.baseUrl}/workspaces`);
    conform('/workspaces', { status: 401, contentType: null, body: await unauthenticated.json() });
    sim.setPremium(w, false);
    try {
      await expectConformant(`/workspaces/${w}/tasks/search`, 402);
      const blocked = data.taskGids().find((gid) => data.dependencyGids(gid).length > 0)!;
      await expectConformant(`/tasks/${blocked}/dependencies`, 402);
    } finally {
      sim.setPremium(w, true);
    }
    for (const status of [403, 451, 500, 502, 503, 429]) {
      sim.faults.failNext(status);
      await expectConformant('/workspaces', status);
    }
    sim.setRateLimit({ requests: 1, windowMs: 60_000 });
    try {
      await call('/workspaces');
      await expectConformant('/workspaces', 429);
    } finally {
      sim.setRateLimit({ requests: 100_000 });
    }
  });

  it('events follow the spec: the 412 that hands out a token, and events of every kind', async () => {
    const project = data.projects.find((row) => data.taskGids({ projectGid: row.gid }).length > 0)!;
    const first = await expectConformant(`/events?resource=${project.gid}`, 412, 'allow');
    const sync = (first.body as { sync: string }).sync;
    await expectConformant(`/workspaces/${project.workspaceGid}/events`, 402);
    sim.setWorkspaceEvents(true);
    const workspaceFirst = await expectConformant(`/workspaces/${project.workspaceGid}/events`, 412, 'allow');
    const workspaceSync = (workspaceFirst.body as { sync: string }).sync;
    const task = data.taskGids({ projectGid: project.gid })[0]!;
    const added = sim.addTask({ projectGid: project.gid, name: 'Conformant' });
    sim.updateTask(task, { assigneeGid: data.me.gid });
    sim.addAttachment({ parentGid: task, name: 'conformant.txt' });
    sim.deleteTask(added.gid);
    // The schema types `parent` as a resource while its own description says it "will be `null`
    // for other event types" (what the API sends): null parents are held to the description.
    for (const apiPath of [
      `/events?resource=${project.gid}&sync=${sync}`,
      `/workspaces/${project.workspaceGid}/events?sync=${workspaceSync}`,
    ]) {
      const reply = await call(apiPath);
      expect(reply.status).toBe(200);
      const events = (reply.body as { data: Array<{ action: string; parent: unknown }> }).data;
      expect(events).toHaveLength(4);
      for (const event of events)
        expect(event.parent === null).toBe(!['added', 'removed'].includes(event.action));
      const withParents = {
        ...(reply.body as object),
        data: events.filter((event) => event.parent !== null),
      };
      conform(apiPath, { ...reply, body: withParents });
    }
    sim.setWorkspaceEvents(false);
  });

  it('covered every served endpoint', () => {
    const served = ASANA_ROUTES.map((route) => route.template).filter((template) => template !== '/tags');
    expect([...checkedTemplates].sort()).toEqual(expect.arrayContaining(served.sort()));
    // Every served template is an operation of the spec.
    for (const template of served) expect(spec.paths?.[template]?.get, template).toBeDefined();
  });
});
