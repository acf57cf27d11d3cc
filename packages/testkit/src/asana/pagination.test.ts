import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';

let sim: AsanaSimulator;
let other: AsanaSimulator;
let bigProject: string;

interface Page {
  data: Array<{ gid: string }>;
  next_page?: { offset: string; path: string; uri: string } | null;
  errors?: Array<{ message: string }>;
}

async function get(simulator: AsanaSimulator, path: string): Promise<{ status: number; body: Page }> {
  const response = await fetch(`${simulator.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${simulator.tokens.personalAccessToken}` },
  });
  return { status: response.status, body: (await response.json()) as Page };
}

beforeAll(async () => {
  sim = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 5, largeProject: { tasks: 5_000, sections: 4 } },
    clock: 'manual',
    startAt: '2025-06-02T00:00:00Z',
    rateLimit: false,
  });
  other = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 5, largeProject: { tasks: 5_000, sections: 4 } },
    rateLimit: false,
  });
  bigProject = sim.data.largeProject!.gid;
});

afterAll(async () => {
  await Promise.all([sim.close(), other.close()]);
});

describe('pagination', () => {
  it('walks thousands of tasks page by page through next_page.uri, in project order', async () => {
    const seen: string[] = [];
    let path: string | undefined = `/projects/${bigProject}/tasks?limit=100`;
    let pages = 0;
    while (path !== undefined) {
      const { status, body } = await get(sim, path);
      expect(status).toBe(200);
      seen.push(...body.data.map((task) => task.gid));
      pages += 1;
      if (body.next_page === null) {
        path = undefined;
      } else {
        expect(body.next_page).toBeDefined();
        const next = body.next_page!;
        expect(next.uri).toBe(`${sim.baseUrl}${next.path}`);
        expect(next.path).toMatch(new RegExp(`^/projects/${bigProject}/tasks\\?limit=100&offset=`));
        expect(new URL(next.uri).searchParams.get('offset')).toBe(next.offset);
        path = next.path;
      }
    }
    expect(pages).toBe(50);
    expect(seen).toEqual(sim.data.taskGids({ projectGid: bigProject }));
    expect(new Set(seen).size).toBe(5_000);
  });

  it('ends with next_page null exactly on the last page', async () => {
    const { body } = await get(sim, `/projects/${bigProject}/sections?limit=4`);
    expect(body.data).toHaveLength(4);
    expect(body.next_page).toBeNull();
    const first = await get(sim, `/projects/${bigProject}/sections?limit=3`);
    expect(first.body.next_page).not.toBeNull();
    const second = await get(sim, first.body.next_page!.path);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_page).toBeNull();
  });

  it('issues offsets shaped like an HS256 JWT with a 900 s lifetime', async () => {
    const { body } = await get(sim, `/projects/${bigProject}/tasks?limit=10`);
    const [header, payload, signature] = body.next_page!.offset.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(typeof claims.border_rank).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('leaves next_page out entirely when limit was not sent', async () => {
    const { status, body } = await get(sim, '/workspaces');
    expect(status).toBe(200);
    expect('next_page' in body).toBe(false);
  });

  it.each(['0', '101', '-1', '1.5', 'ten', ''])('rejects limit=%s with 400', async (limit) => {
    const { status, body } = await get(sim, `/projects/${bigProject}/tasks?limit=${limit}`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/^limit: /);
  });

  it('accepts limit 1 and 100', async () => {
    expect((await get(sim, `/projects/${bigProject}/tasks?limit=1`)).body.data).toHaveLength(1);
    expect((await get(sim, `/projects/${bigProject}/tasks?limit=100`)).body.data).toHaveLength(100);
  });

  it('expires offsets after the TTL on the simulator clock', async () => {
    const { body } = await get(sim, `/projects/${bigProject}/tasks?limit=50`);
    sim.clock.advance(899_000);
    expect((await get(sim, body.next_page!.path)).status).toBe(200);
    sim.clock.advance(1_000);
    const expired = await get(sim, body.next_page!.path);
    expect(expired.status).toBe(400);
    expect(expired.body.errors?.[0]?.message).toBe('offset: Your pagination token has expired.');
  });

  it('honours a shorter configured TTL', async () => {
    sim.setOffsetTtl(5);
    try {
      const { body } = await get(sim, `/projects/${bigProject}/tasks?limit=50`);
      sim.clock.advance(5_000);
      expect((await get(sim, body.next_page!.path)).body.errors?.[0]?.message).toBe(
        'offset: Your pagination token has expired.',
      );
    } finally {
      sim.setOffsetTtl(900);
    }
  });

  it('rejects offsets of another query: other path, other filters, other limit', async () => {
    const { body } = await get(sim, `/projects/${bigProject}/tasks?limit=50`);
    const offset = encodeURIComponent(body.next_page!.offset);
    const sectionGid = sim.data.largeProject!.sectionGids[0];
    for (const path of [
      `/sections/${sectionGid}/tasks?limit=50&offset=${offset}`,
      `/projects/${bigProject}/tasks?limit=20&offset=${offset}`,
      `/projects/${bigProject}/tasks?limit=50&completed_since=now&offset=${offset}`,
    ]) {
      const reply = await get(sim, path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.errors?.[0]?.message).toMatch(/^offset: /);
    }
    // Presentation options do not change the query: the offset stays valid with other opt_fields.
    expect(
      (await get(sim, `/projects/${bigProject}/tasks?limit=50&opt_fields=name&offset=${offset}`)).status,
    ).toBe(200);
  });

  it('rejects malformed, tampered and foreign offsets with an offset: message', async () => {
    const { body } = await get(sim, `/projects/${bigProject}/tasks?limit=50`);
    const [header, payload, signature] = body.next_page!.offset.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 10_000 })).toString(
      'base64url',
    );
    const foreign = (await get(other, `/projects/${bigProject}/tasks?limit=50`)).body.next_page!.offset;
    for (const offset of ['garbage', 'a.b', `${header}.${forged}.${signature}`, foreign, 'eyJ0.eyJ0.sig!']) {
      const reply = await get(
        sim,
        `/projects/${bigProject}/tasks?limit=50&offset=${encodeURIComponent(offset)}`,
      );
      expect(reply.status, offset).toBe(400);
      expect(reply.body.errors?.[0]?.message).toMatch(/^offset: /);
    }
  });

  it('keeps cursors stable when tasks are added to an earlier section meanwhile', async () => {
    const first = await get(sim, `/projects/${bigProject}/tasks?limit=100`);
    const added = sim.addTask({ sectionGid: sim.data.largeProject!.sectionGids[0]!, name: 'Late arrival' });
    const second = await get(sim, first.body.next_page!.path);
    const firstGids = first.body.data.map((t) => t.gid);
    const secondGids = second.body.data.map((t) => t.gid);
    const expected = sim.data.taskGids({ projectGid: bigProject });
    expect(secondGids).toEqual(expected.slice(100, 200));
    expect(firstGids).not.toContain(added.gid);
    sim.deleteTask(added.gid);
  });

  it('returns everything up to 1,000 without limit, else 400 "The result is too large"', async () => {
    const small = sim.data.projects.find((p) => p !== sim.data.largeProject)!;
    expect((await get(sim, `/projects/${small.gid}/tasks`)).status).toBe(200);
    const tooLarge = await get(sim, `/projects/${bigProject}/tasks`);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors?.[0]?.message).toBe(
      'The result is too large. You should use pagination (may require specifying a workspace)!',
    );
    const section = sim.data.largeProject!.sectionGids[0]!;
    expect((await get(sim, `/sections/${section}/tasks`)).status).toBe(400);
  });
});
