import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCloud } from './cloud-test-client';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

describe('workspaces and organizations', () => {
  let sim: CloudSimulator;

  beforeAll(async () => {
    sim = await startCloudSimulator({ workspaceName: 'Main', organizationName: 'Acme' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('gets the seeded workspace without organizationId', async () => {
    const answer = await callCloud(sim, 'GET', `/workspaces/${sim.workspaceId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workspaceId: sim.workspaceId, name: 'Main', dataResidency: 'auto' });
    expect(answer.body).not.toHaveProperty('organizationId');
    expect((answer.body as { notifications: object }).notifications).toHaveProperty('failure');
  });

  it('creates, renames, lists and deletes workspaces', async () => {
    const created = await callCloud(sim, 'POST', '/workspaces', {
      body: { name: 'Scratch delete-me', organizationId: sim.organizationId },
    });
    expect(created.status).toBe(200);
    const id = (created.body as { workspaceId: string }).workspaceId;
    expect(sim.state.workspaces.get(id)?.organizationId).toBe(sim.organizationId);

    const renamed = await callCloud(sim, 'PATCH', `/workspaces/${id}`, {
      body: { name: 'Renamed delete-me' },
    });
    expect(renamed.body).toMatchObject({ workspaceId: id, name: 'Renamed delete-me' });

    const listed = await callCloud(
      sim,
      'GET',
      `/workspaces?workspaceIds=${id}&includeDeleted=false&limit=100&offset=0`,
    );
    expect((listed.body as { data: unknown[] }).data).toHaveLength(1);

    expect((await callCloud(sim, 'DELETE', `/workspaces/${id}`)).status).toBe(204);
    expect((await callCloud(sim, 'GET', `/workspaces/${id}`)).status).toBe(404);
    const afterDelete = await callCloud(sim, 'GET', `/workspaces?workspaceIds=${id}`);
    expect((afterDelete.body as { data: unknown[] }).data).toEqual([]);
    const withDeleted = await callCloud(sim, 'GET', `/workspaces?workspaceIds=${id}&includeDeleted=true`);
    expect((withDeleted.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('pages workspaces with limit/offset and absolute links', async () => {
    for (let index = 0; index < 3; index += 1) sim.state.addWorkspace({ name: `Paged ${index}` });
    const first = await callCloud(sim, 'GET', '/workspaces?limit=2&offset=0');
    const body = first.body as { data: unknown[]; next: string; previous: string };
    expect(body.data).toHaveLength(2);
    expect(body.previous).toBe('');
    expect(body.next).toBe(`${sim.apiRoot}/workspaces?limit=2&offset=2`);
  });

  it('answers 400 for bad bodies and 404 for unknown ids and organizations', async () => {
    const bad = await callCloud(sim, 'POST', '/workspaces', { body: { organizationId: sim.organizationId } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, title: 'bad-request' });
    const unknownOrg = await callCloud(sim, 'POST', '/workspaces', {
      body: { name: 'x', organizationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownOrg.status).toBe(404);
    const missing = await callCloud(sim, 'GET', '/workspaces/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      status: 404,
      type: 'https://reference.airbyte.com/reference/errors#resource-not-found',
      title: 'resource-not-found',
      detail: 'The requested resource could not be found.',
      data: { resourceType: 'workspace', resourceId: '00000000-0000-4000-8000-000000000000' },
    });
  });

  it('lists organizations only while the credentials hold ORGANIZATION_READER', async () => {
    const listed = await callCloud(sim, 'GET', '/organizations');
    expect(listed.body).toEqual({
      data: [{ organizationId: sim.organizationId, organizationName: 'Acme', email: 'owner@example.com' }],
    });
    sim.state.setOrganizationReader(false);
    try {
      expect((await callCloud(sim, 'GET', '/organizations')).body).toEqual({ data: [] });
    } finally {
      sim.state.setOrganizationReader(true);
    }
  });

  it('answers 405 for a known path with the wrong method and 404 outside the roots', async () => {
    const wrongMethod = await callCloud(sim, 'PUT', '/workspaces');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    expect((await callCloud(sim, 'GET', '/nowhere')).status).toBe(404);
    expect((await callCloud(sim, 'GET', '/elsewhere', { root: 'origin' })).status).toBe(404);
  });
});
