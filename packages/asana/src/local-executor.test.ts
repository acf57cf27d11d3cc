import { PageLimitExceededError } from '@conduit/connector-kit';
import { ResponseValidationError } from '@conduit/protocol';
import { startAsanaSimulator } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { createAsana } from './asana';

const record = (gid: string) => ({
  gid,
  resource_type: 'task',
  name: `Task ${gid}`,
  resource_subtype: 'default_task',
  created_by: { gid: '9', resource_type: 'user' },
});

function asanaAnswering(body: unknown) {
  return createAsana({
    credentials: { token: 'token' },
    config: { base_url: 'http://asana.test/api/1.0' },
    rateLimit: false,
    retry: false,
    fetch: async () =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  });
}

describe('list pages of the local executor', () => {
  it('returns the records of a well-formed page as they came, extra fields included', async () => {
    const page = { data: [record('1'), { ...record('2'), notes: 'kept' }], next_page: { offset: 'next' } };
    const result = await asanaAnswering(page).project_tasks.list({ project_gid: '7' });
    expect(result.records).toEqual(page.data);
    expect(result.meta.next_page).toEqual({ offset: 'next' });
  });

  it('refuses a page longer than the limit asked for, before parsing it', async () => {
    const page = {
      data: Array.from({ length: 5 }, (_, index) => record(String(index + 1))),
      next_page: null,
    };
    const error = await asanaAnswering(page)
      .project_tasks.list({ project_gid: '7', limit: 2 })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(PageLimitExceededError);
    expect(error).toMatchObject({ code: 'page_limit_exceeded', limit: 2, received: 5 });
  });

  it('still rejects a page with a malformed record, naming the field', async () => {
    const page = { data: [record('1'), { ...record('2'), resource_subtype: 42 }], next_page: null };
    const error = await asanaAnswering(page)
      .project_tasks.list({ project_gid: '7' })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).details.map((detail) => detail.field)).toEqual([
      'data[1].resource_subtype',
    ]);
  });

  it('still rejects a malformed next_page', async () => {
    const error = await asanaAnswering({ data: [record('1')], next_page: { offset: 5 } })
      .project_tasks.list({ project_gid: '7' })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).details[0]?.field).toBe('next_page.offset');
  });
});

describe('get records of the local executor', () => {
  // A real upstream project record (a get record with many typed fields), as the simulator renders
  // it from the official contract.
  async function realProject(): Promise<Record<string, unknown>> {
    const sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 4 } });
    try {
      const asana = createAsana({
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      });
      const gid = sim.data.projects[0]?.gid as string;
      return (await asana.projects.get({ project_gid: gid })) as Record<string, unknown>;
    } finally {
      await sim.close();
    }
  }

  it('returns a well-formed record as it came, extra fields included', async () => {
    const project: Record<string, unknown> = { ...(await realProject()), not_in_the_seed: { kept: true } };
    const result = await asanaAnswering({ data: project }).projects.get({ project_gid: String(project.gid) });
    expect(result).toEqual(project);
  });

  it('still rejects a malformed record, naming the field', async () => {
    const project: Record<string, unknown> = { ...(await realProject()), archived: 'yes' };
    const error = await asanaAnswering({ data: project })
      .projects.get({ project_gid: String(project.gid) })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).details.map((detail) => detail.field)).toEqual([
      'data.archived',
    ]);
  });
});
