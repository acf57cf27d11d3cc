import { ConnectorSchema, ErrorBodySchema } from '@conduit/protocol';
import { asanaAttachmentBytes } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import type { StoreKind, TestResponse } from '../test-support/test-app';
import { MAX_PASSED_RETRY_AFTER_SECONDS } from './execute-errors';

function codes(response: TestResponse): string[] {
  return ErrorBodySchema.parse(response.body).errors.map((entry) => entry.error_code);
}

function fields(response: TestResponse): (string | undefined)[] {
  return ErrorBodySchema.parse(response.body).errors.map((entry) => entry.field);
}

describe.each<StoreKind>(['sqlite', 'postgres'])('execute over %s', (kind) => {
  let h: ExecuteHarness;
  let id: string;
  let token: string;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'execute');
    ({ id, token } = await h.patConnector('user-1'));
  });

  afterAll(() => h?.close());

  const projectWithTasks = (minimum: number) =>
    h.sim.data.projects.find((p) => h.sim.data.taskGids({ projectGid: p.gid }).length >= minimum)!;

  describe('actions', () => {
    it('lists a page with the upstream next_page, and the next page from its offset', async () => {
      const project = projectWithTasks(3);
      const first = await h.execute(
        id,
        { entity: 'project_tasks', action: 'list', params: { project_gid: project.gid, limit: 2 } },
        token,
      );
      expect(first.status).toBe(200);
      const page = first.body as { records: { gid: string }[]; meta: { next_page: Record<string, string> } };
      expect(Object.keys(page).sort()).toEqual(['meta', 'records']);
      expect(page.records).toHaveLength(2);
      expect(page.meta.next_page).toEqual({
        offset: expect.any(String),
        path: expect.stringContaining(`/projects/${project.gid}/tasks`),
        uri: expect.any(String),
      });
      const second = await h.execute(
        id,
        {
          entity: 'project_tasks',
          action: 'list',
          params: { project_gid: project.gid, limit: 2, offset: page.meta.next_page.offset },
        },
        token,
      );
      expect(second.status).toBe(200);
      const gids = [...page.records, ...(second.body as { records: { gid: string }[] }).records].map(
        (record) => record.gid,
      );
      expect(new Set(gids).size).toBe(gids.length);
      expect(gids.every((gid) => h.sim.data.taskGids({ projectGid: project.gid }).includes(gid))).toBe(true);
    });

    it('gets a record', async () => {
      const gid = h.sim.data.taskGids({})[0]!;
      const response = await h.execute(
        id,
        { entity: 'tasks', action: 'get', params: { task_gid: gid } },
        token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ gid, resource_type: 'task', name: h.sim.data.task(gid)!.name });
    });

    it('reads omitted and null params as {}', async () => {
      for (const body of [
        { entity: 'workspaces', action: 'list' },
        { entity: 'workspaces', action: 'list', params: null },
      ]) {
        const response = await h.execute(id, body, token);
        expect(response.status).toBe(200);
        expect((response.body as { records: { gid: string }[] }).records.map((w) => w.gid)).toEqual(
          h.sim.data.workspaces.map((w) => w.gid),
        );
      }
    });

    it('downloads an attachment whole (200) and a byte range (206) with the file headers', async () => {
      const file = h.sim.data.attachments.find((a) => a.host === 'asana' && a.size > 100)!;
      const url = `${h.t.server.url}/api/v1/connectors/sources/${id}/execute`;
      const send = (params: Record<string, unknown>) =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ entity: 'attachments', action: 'download', params }),
        });
      const whole = await send({ attachment_gid: file.gid });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-length')).toBe(String(file.size));
      const direct = await fetch(h.sim.downloadUrlFor(file.gid));
      await direct.body?.cancel();
      expect(whole.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(bytes.equals(asanaAttachmentBytes(file.gid, file.name, 0, file.size))).toBe(true);

      const part = await send({ attachment_gid: file.gid, range_header: 'bytes=10-59' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-59/${file.size}`);
      expect(part.headers.get('content-length')).toBe('50');
      expect(
        Buffer.from(await part.arrayBuffer()).equals(asanaAttachmentBytes(file.gid, file.name, 10, 60)),
      ).toBe(true);
      // The signed URL lives on another host, which must never see the connector's token.
      expect(h.sim.requests.last({ target: 'download' })!.headers.authorization).toBeUndefined();
    });

    it('answers 400 download_unavailable for an attachment the upstream gives no download URL for', async () => {
      const linked = h.sim.data.attachments.find((a) => a.host === 'box' || a.host === 'vimeo');
      const file = linked ?? h.sim.addAttachment({ parentGid: h.sim.data.taskGids({})[0]!, host: 'box' });
      const response = await h.execute(
        id,
        { entity: 'attachments', action: 'download', params: { attachment_gid: file.gid } },
        token,
      );
      expect(response.status).toBe(400);
      expect(codes(response)[0]).toBe('download_unavailable');
    });

    it('answers search with 400 unsupported_action while no search feature is installed', async () => {
      const response = await h.execute(
        id,
        { entity: 'tasks', action: 'search', params: { query: { filter: { eq: { completed: false } } } } },
        token,
      );
      expect(response.status).toBe(400);
      expect(codes(response)[0]).toBe('unsupported_action');
      expect(ErrorBodySchema.parse(response.body).message).toMatch(/search is not enabled/);
    });
  });

  describe('validation before any upstream call', () => {
    it('refuses unknown entities and actions, missing and invalid params, and rules A, B and C', async () => {
      const workspace = h.sim.data.workspaces[0]!.gid;
      const cases: [unknown, number, string, string | undefined][] = [
        [{ entity: 'nope', action: 'list' }, 400, 'unknown_entity', 'entity'],
        [{ entity: 'teams', action: 'list' }, 400, 'unsupported_action', 'action'],
        [{ entity: 'tasks', action: 'get', params: {} }, 400, 'missing_param', 'params.task_gid'],
        [
          { entity: 'tasks', action: 'get', params: { task_gid: 'abc' } },
          400,
          'invalid_param',
          'params.task_gid',
        ],
        [
          { entity: 'tasks', action: 'get', params: { task_gid: '1', color: 'red' } },
          400,
          'invalid_param',
          'params.color',
        ],
        [
          { entity: 'projects', action: 'list', params: { limit: 500 } },
          400,
          'invalid_param',
          'params.limit',
        ],
        // Rule A: a tasks list names exactly one of project, section, or workspace with assignee.
        [{ entity: 'tasks', action: 'list', params: {} }, 400, 'missing_param', undefined],
        [{ entity: 'tasks', action: 'list', params: { workspace } }, 400, 'missing_param', 'params.assignee'],
        [
          { entity: 'tasks', action: 'list', params: { project: '1', section: '2' } },
          400,
          'invalid_param',
          undefined,
        ],
        // Rule B: workspace_task_search needs a search parameter.
        [
          { entity: 'workspace_task_search', action: 'list', params: { workspace_gid: workspace } },
          400,
          'missing_param',
          undefined,
        ],
        // Rule C: a download takes the attachment and, at most, a well-formed range.
        [
          { entity: 'attachments', action: 'download', params: {} },
          400,
          'missing_param',
          'params.attachment_gid',
        ],
        [
          {
            entity: 'attachments',
            action: 'download',
            params: { attachment_gid: '1', range_header: 'rows=1-2' },
          },
          400,
          'invalid_param',
          'params.range_header',
        ],
        // The body itself.
        [{ entity: 'tasks' }, 400, 'missing_param', 'action'],
        [{ entity: 'tasks', action: 'get', params: [1] }, 400, 'invalid_param', 'params'],
        [{ entity: 'tasks', action: 'get', params: {}, extra: 1 }, 400, 'invalid_param', 'extra'],
        ['{"entity":', 400, 'malformed_json', undefined],
      ];
      const before = h.sim.requests.count();
      for (const [body, status, code, field] of cases) {
        const response = await h.execute(id, body, token);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(codes(response), JSON.stringify(body)).toContain(code);
        if (field !== undefined) expect(fields(response), JSON.stringify(body)).toContain(field);
      }
      expect(h.sim.requests.count()).toBe(before);
    });

    it('answers 404 for another tenant, another user of the tenant, and unknown ids', async () => {
      const tenant = await h.t.registerTenant();
      const otherApp = await h.t.applicationToken(tenant);
      const otherUser = await h.token('user-2');
      const body = { entity: 'workspaces', action: 'list' };
      for (const [connector, caller] of [
        [id, otherApp],
        [id, otherUser],
        ['00000000-0000-0000-0000-000000000000', token],
        ["1' OR '1'='1", token],
      ] as const) {
        const response = await h.execute(connector, body, caller);
        expect(response.status).toBe(404);
        expect(codes(response)).toEqual(['not_found']);
      }
      // The application that owns the connector sees it.
      expect((await h.execute(id, body, await h.t.applicationToken())).status).toBe(200);
    });

    it('refuses an action a support-desk entity lacks, before any upstream call', async () => {
      const support = await h.createConnector(token, 'user-1', {
        connector_type: 'support-desk',
        credentials: { email: 'agent@example.com', api_token: 'zendesk-token' },
        config: { subdomain: 'acme' },
      });
      // The support-desk kind has its entities (issue 14): validation runs before any upstream call.
      const lacking = await h.execute(support, { entity: 'tags', action: 'get', params: { id: 1 } }, token);
      expect(lacking.status).toBe(400);
      expect(codes(lacking)).toEqual(['unsupported_action']);
    });
  });

  describe('upstream failures', () => {
    it('answers 404 not_found for a record the upstream says does not exist, on get and download', async () => {
      const missing = await h.execute(
        id,
        { entity: 'tasks', action: 'get', params: { task_gid: '4242424242' } },
        token,
      );
      expect(missing.status).toBe(404);
      expect(codes(missing)).toEqual(['not_found']);
      expect(ErrorBodySchema.parse(missing.body).message).toMatch(/^Asana has no such record/);
      const noFile = await h.execute(
        id,
        { entity: 'attachments', action: 'download', params: { attachment_gid: '4242424242' } },
        token,
      );
      expect(noFile.status).toBe(404);
      expect(codes(noFile)).toEqual(['not_found']);
    });

    it('answers 502 upstream_error with the upstream status, message and code', async () => {
      const missingProject = await h.execute(
        id,
        { entity: 'project_tasks', action: 'list', params: { project_gid: '4242424242' } },
        token,
      );
      expect(missingProject.status).toBe(502);
      expect(missingProject.body).toMatchObject({ upstream_status: 404 });
      expect(codes(missingProject)).toEqual(['upstream_error', 'not_found']);

      h.sim.faults.inject({ kind: 'status', status: 500 }, { times: 10, path: '/workspaces' });
      const failing = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      h.sim.faults.clear();
      expect(failing.status).toBe(502);
      expect(failing.body).toMatchObject({ upstream_status: 500 });
      expect(codes(failing)[0]).toBe('upstream_error');
      // The transport's own retries ran first: 1 attempt and 3 retries.
      expect(h.sim.requests.count({ path: '/workspaces', status: 500 })).toBe(4);

      h.sim.faults.inject({ kind: 'reset' }, { times: 10, path: '/workspaces' });
      const reset = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      h.sim.faults.clear();
      expect(reset.status).toBe(502);
      expect(reset.body).toMatchObject({ upstream_status: null });
      expect(codes(reset)).toEqual(['upstream_error']);
    });

    it('answers 502 upstream_error with status 402 and the premium message for premium-only features', async () => {
      const workspace = h.sim.data.workspaces[0]!.gid;
      h.sim.setPremium(workspace, false);
      try {
        const response = await h.execute(
          id,
          {
            entity: 'workspace_task_search',
            action: 'list',
            params: { workspace_gid: workspace, completed: false },
          },
          token,
        );
        expect(response.status).toBe(502);
        expect(response.body).toMatchObject({ upstream_status: 402 });
        expect(codes(response)).toEqual(['upstream_error', 'premium_required']);
        expect(ErrorBodySchema.parse(response.body).message).toMatch(/premium Asana account/);
      } finally {
        h.sim.setPremium(workspace, true);
      }
    });

    it('answers 400 cursor_expired for an offset the upstream or the connector no longer accepts', async () => {
      const project = projectWithTasks(1);
      const upstream = await h.execute(
        id,
        {
          entity: 'project_tasks',
          action: 'list',
          params: { project_gid: project.gid, limit: 1, offset: 'eyJub3QiOiJ2YWxpZCJ9' },
        },
        token,
      );
      expect(upstream.status).toBe(400);
      expect(codes(upstream)).toEqual(['cursor_expired']);
      expect(fields(upstream)).toEqual(['params.offset']);
      const local = await h.execute(
        id,
        {
          entity: 'workspace_users',
          action: 'list',
          params: { workspace_gid: h.sim.data.workspaces[0]!.gid, offset: 'cl1.bm90LWpzb24' },
        },
        token,
      );
      expect(local.status).toBe(400);
      expect(codes(local)).toEqual(['cursor_expired']);
    });

    it('retries upstream 429s within the deadline and counts them in the metrics', async () => {
      h.sim.faults.inject(
        { kind: 'status', status: 429, retryAfterSeconds: 0 },
        { times: 2, path: '/workspaces' },
      );
      const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      expect(response.status).toBe(200);
      const metrics = (await h.t.request('GET', '/metrics')).text;
      expect(metrics).toMatch(
        /conduit_upstream_requests_total\{connector_type="task-management",status="429"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /conduit_upstream_requests_total\{connector_type="task-management",status="200"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /conduit_upstream_rate_limited_total\{connector_type="task-management"\} [1-9]/,
      );
    });

    it('answers 429 with the upstream Retry-After when it asks for more than the server waits', async () => {
      h.sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 3600 }, { path: '/workspaces' });
      const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('3600');
      expect(codes(response)).toEqual(['upstream_rate_limited']);
    });

    it('caps an absurd upstream Retry-After before passing it on', async () => {
      h.sim.faults.inject(
        { kind: 'status', status: 429, retryAfterSeconds: 99_999_999_999 },
        { path: '/workspaces' },
      );
      const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe(String(MAX_PASSED_RETRY_AFTER_SECONDS));
    });

    it('marks the connector needs_reauth when the upstream refuses its token, and active again once it takes it', async () => {
      const { id: refused } = await h.patConnector('user-3');
      const scoped = await h.token('user-3');
      h.sim.faults.inject({ kind: 'status', status: 401 }, { path: '/users/me' });
      const response = await h.execute(
        refused,
        { entity: 'users', action: 'get', params: { user_gid: 'me' } },
        scoped,
      );
      expect(response.status).toBe(502);
      expect(codes(response)[0]).toBe('upstream_auth_failed');
      expect(response.body).toMatchObject({ upstream_status: 401 });
      const connector = await h.t.request('GET', `/v1/integrations/connectors/${refused}`, { token: scoped });
      expect(ConnectorSchema.parse(connector.body).status).toBe('needs_reauth');

      const retried = await h.execute(
        refused,
        { entity: 'users', action: 'get', params: { user_gid: 'me' } },
        scoped,
      );
      expect(retried.status).toBe(200);
      const again = await h.t.request('GET', `/v1/integrations/connectors/${refused}`, { token: scoped });
      expect(ConnectorSchema.parse(again.body).status).toBe('active');
    });

    it('marks a connector whose token was revoked needs_reauth', async () => {
      const scoped = await h.token('user-4');
      const pat = h.sim.issuePersonalAccessToken();
      const revoked = await h.createConnector(scoped, 'user-4', {
        connector_type: 'task-management',
        credentials: { token: pat },
        config: { base_url: h.sim.baseUrl },
      });
      h.sim.revokeToken(pat);
      const response = await h.execute(revoked, { entity: 'workspaces', action: 'list' }, scoped);
      expect(response.status).toBe(502);
      expect(codes(response)[0]).toBe('upstream_auth_failed');
      const listed = await h.t.request('GET', '/v1/integrations/connectors?external_user_id=user-4', {
        token: scoped,
      });
      expect((listed.body as { data: { status: string }[] }).data.map((c) => c.status)).toEqual([
        'needs_reauth',
      ]);
    });
  });
});

describe.each<StoreKind>(['sqlite', 'postgres'])('execute deadline over %s', (kind) => {
  let h: ExecuteHarness;
  let id: string;
  let token: string;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'deadline', {
      execute: {
        deadlineMs: 1500,
        upstream: { attemptTimeoutMs: 400, retry: { initialDelayMs: 5, maxDelayMs: 20 } },
      },
    });
    ({ id, token } = await h.patConnector('user-1'));
  });

  afterAll(() => h?.close());

  it('answers 504 upstream_timeout when the upstream does not answer within the deadline', async () => {
    const stall = h.sim.faults.inject({ kind: 'stall' }, { times: 100, path: '/workspaces' });
    const started = performance.now();
    const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
    stall.cancel();
    expect(response.status).toBe(504);
    expect(codes(response)).toEqual(['upstream_timeout']);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('answers 429 at once with the upstream Retry-After when waiting would pass the deadline', async () => {
    h.sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 5 }, { path: '/workspaces' });
    const before = h.sim.requests.count({ target: 'api', path: '/workspaces' });
    const response = await h.execute(id, { entity: 'workspaces', action: 'list' }, token);
    // "At once" is shown by what happened, not by a stopwatch (a loaded machine stretches any
    // bound): the 429 itself came back, not a 504 from sleeping into the 1.5 s deadline, and the
    // upstream was asked once, so the 5 s wait was never slept before a second attempt.
    expect(response.status).toBe(429);
    expect(codes(response)).toEqual(['upstream_rate_limited']);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(h.sim.requests.count({ target: 'api', path: '/workspaces' })).toBe(before + 1);
  });
});
