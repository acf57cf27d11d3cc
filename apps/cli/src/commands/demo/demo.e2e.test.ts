import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';

// `./run demo` runs exactly this: the built CLI's `demo`, offline, in a few seconds.

interface DemoDocument {
  ok: boolean;
  took_ms: number;
  steps: { step: number; name: string; ok: boolean; took_ms: number; result: Record<string, unknown> }[];
}

const KINDS = ['task-management', 'support-desk', 'crm'];

beforeAll(requireBuiltCli);

describe('conduit demo (built, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('runs every step of every kind for people, saying what each does, and exits 0', async () => {
    const { code, stdout, stderr } = await runChild(['demo']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const total = Number(/^✓ \[1\/(\d+)\] /m.exec(stdout)?.[1]);
    expect(total).toBe(20);
    for (let step = 1; step <= total; step += 1) {
      expect(stdout).toMatch(new RegExp(`^✓ \\[${step}/${total}\\] `, 'm'));
    }
    for (const kind of KINDS) expect(stdout).toContain(`$ conduit sync ${kind} --wait`);
    expect(stdout).toContain('page 3: ');
    expect(stdout).toMatch(/Fuzzy search for "onbording", a misspelt word: \d+ hits/);
    expect(stdout).toMatch(/Onboarding checklist inside the app/);
    expect(stdout).toMatch(/^ {4}sha256 [0-9a-f]{64}$/m);
    expect(stdout).toContain("$ conduit search tasks --connector task-management --where 'name~~onbording'");
    expect(stdout).toMatch(/urgent and high, not yet solved: \d+ hits?/);
    expect(stdout).toMatch(/^done in \d+\.\d s/m);
  });

  it('summarises each step’s results in one JSON document with --json', async () => {
    const { code, stdout } = await runChild(['demo', '--json']);
    expect(code).toBe(0);
    const document = JSON.parse(stdout) as DemoDocument;
    expect(document.ok).toBe(true);
    const part = (kind: string, download: boolean) => [
      `${kind}-simulator`,
      `${kind}-connector`,
      `${kind}-list`,
      `${kind}-sync`,
      `${kind}-search`,
      ...(download ? [`${kind}-download`] : []),
    ];
    expect(document.steps.map((step) => step.name)).toEqual([
      'service',
      'application',
      ...part('task-management', true),
      ...part('support-desk', true),
      ...part('crm', false),
      'cleanup',
    ]);
    expect(document.steps.every((step) => step.ok && step.took_ms >= 0)).toBe(true);
    const result = (name: string) => document.steps.find((step) => step.name === name)!.result;
    type Searches = { searches: { where: string; hits: { data: Record<string, unknown> }[] }[] };

    expect(result('application')).toMatchObject({
      client_secret: '[REDACTED]',
      external_user_id: 'demo-user',
    });
    expect(result('task-management-list')).toMatchObject({ page_size: 4, pages: expect.any(Number) });
    expect(result('task-management-list').pages as number).toBeGreaterThan(1);
    expect(result('task-management-sync')).toMatchObject({ state: 'idle', records: expect.any(Number) });
    const [fuzzy, filter] = (result('task-management-search') as Searches).searches;
    expect(fuzzy!.hits.every((hit) => /onboarding/i.test(String(hit.data.name)))).toBe(true);
    const dues = filter!.hits.map((hit) => String(hit.data.due_on));
    expect(dues).toEqual([...dues].sort());
    for (const kind of ['task-management', 'support-desk']) {
      const download = result(`${kind}-download`);
      expect(download).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(download.bytes).toBe(download.expected_bytes);
    }

    expect(result('support-desk-simulator')).toMatchObject({ tickets: 40 });
    expect(result('support-desk-sync').entities).toEqual(
      expect.arrayContaining([
        { entity: 'tickets', records: 40 },
        { entity: 'groups', records: 4 },
      ]),
    );
    const [urgent] = (result('support-desk-search') as Searches).searches;
    expect(urgent!.hits.length).toBeGreaterThan(0);
    expect(urgent!.hits.every((hit) => !['solved', 'closed'].includes(String(hit.data.status)))).toBe(true);

    expect(result('crm-list')).toMatchObject({ records: 2 });
    expect(result('crm-sync')).toMatchObject({ records: expect.any(Number) });
    const [byEmail] = (result('crm-search') as Searches).searches;
    expect(byEmail!.hits).toHaveLength(1);

    expect(result('cleanup')).toMatchObject({ connectors_deleted: true, connectors_left: 0 });
    // Everything started is gone, files included.
    expect(existsSync(result('service').data_dir as string)).toBe(false);
  });
});
