import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';

// `./run demo` runs exactly this: the built CLI's `demo`, offline, in a few seconds.

interface DemoDocument {
  ok: boolean;
  took_ms: number;
  steps: { step: number; name: string; ok: boolean; took_ms: number; result: Record<string, unknown> }[];
}

beforeAll(requireBuiltCli);

describe('conduit demo (built, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('runs every step for people, saying what each does, and exits 0', async () => {
    const started = Date.now();
    const { code, stdout, stderr } = await runChild(['demo']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    for (let step = 1; step <= 15; step += 1) expect(stdout).toMatch(new RegExp(`^✓ \\[${step}/15\\] `, 'm'));
    expect(stdout).toContain('page 3: ');
    expect(stdout).toMatch(/tasks match despite the typo/);
    expect(stdout).toMatch(/Onboarding checklist inside the app/);
    expect(stdout).toMatch(/^ {4}sha256 [0-9a-f]{64}$/m);
    expect(stdout).toContain("$ conduit search tasks --where 'name~~onbording'");
    expect(stdout).toMatch(/urgent or high tickets, \d+ not solved/);
    expect(stdout).toMatch(/which got no Authorization/);
    expect(stdout).toMatch(/^done in \d+\.\d s/m);
  });

  it('summarises each step’s results in one JSON document with --json', async () => {
    const { code, stdout } = await runChild(['demo', '--json']);
    expect(code).toBe(0);
    const document = JSON.parse(stdout) as DemoDocument;
    expect(document.ok).toBe(true);
    expect(document.steps.map((step) => step.name)).toEqual([
      'simulator',
      'service',
      'application',
      'connector',
      'list',
      'sync',
      'fuzzy',
      'filter',
      'download',
      'support-desk',
      'support-sync',
      'support-search',
      'support-download',
      'crm',
      'cleanup',
    ]);
    expect(document.steps.every((step) => step.ok && step.took_ms >= 0)).toBe(true);
    const [
      ,
      service,
      application,
      ,
      list,
      sync,
      fuzzy,
      filter,
      download,
      support,
      supportSync,
      supportSearch,
      supportDownload,
      crm,
      cleanup,
    ] = document.steps.map((step) => step.result);
    expect(support).toMatchObject({ connector_type: 'support-desk', tickets: 40 });
    expect(supportSync!.entities).toEqual(
      expect.arrayContaining([
        { entity: 'tickets', records: 40 },
        { entity: 'groups', records: 4 },
      ]),
    );
    expect(supportSearch!.unsolved as number).toBeGreaterThan(0);
    expect(supportDownload).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(application).toMatchObject({ client_secret: '[REDACTED]', external_user_id: 'demo-user' });
    expect(list).toMatchObject({ page_size: 4, pages: expect.any(Number) });
    expect(list!.pages as number).toBeGreaterThan(1);
    expect(sync).toMatchObject({ state: 'idle', records: expect.any(Number) });
    expect(crm).toMatchObject({ synced: expect.any(Number) });
    expect(crm!.closed_won as unknown[]).toHaveLength(2);
    expect((fuzzy!.hits as { name: string }[]).every((hit) => /onboarding/i.test(hit.name))).toBe(true);
    expect(filter!.where).toMatch(/^completed=false and assignee\.gid=\d+$/);
    const dues = (filter!.hits as { due_on: string | null }[])
      .map((hit) => hit.due_on)
      .filter((due) => due !== null);
    expect(dues).toEqual([...dues].sort());
    expect(download).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(download!.bytes).toBe(download!.expected_bytes);
    expect(cleanup).toMatchObject({ connector_deleted: true, connectors_left: 0 });
    // Everything started is gone, files included.
    expect(existsSync(service!.data_dir as string)).toBe(false);
  });
});
