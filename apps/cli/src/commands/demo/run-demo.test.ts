import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS } from '../../testing/child-cli';
import { runInProcess } from '../../testing/test-runtime';

describe('conduit demo (in process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('stops at the step that fails, with its exit code, and still removes everything it started', async () => {
    // The service answers everything but the sync: the demo must fail at the first sync, step 6.
    const failingSync: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/sync$/.test(new URL(url).pathname)) {
        return new Response(JSON.stringify({ message: 'sync is switched off', errors: [] }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      }
      return fetch(input, init);
    };
    const json = await runInProcess(['demo', '--json'], { fetch: failingSync });
    expect(json.code).toBe(4);
    const document = JSON.parse(json.stdout) as {
      ok: boolean;
      steps: { name: string; ok: boolean; result?: { data_dir?: string } }[];
      error: { message: string };
    };
    expect(document.ok).toBe(false);
    expect(document.steps.map((step) => [step.name, step.ok])).toEqual([
      ['service', true],
      ['application', true],
      ['task-management-simulator', true],
      ['task-management-connector', true],
      ['task-management-list', true],
      ['task-management-sync', false],
    ]);
    expect(document.error.message).toBe('sync is switched off');
    expect(existsSync(document.steps[0]!.result!.data_dir!)).toBe(false);

    const human = await runInProcess(['demo'], { fetch: failingSync });
    expect(human.code).toBe(4);
    expect(human.stdout).toMatch(
      /^✗ \[6\/\d+\] Sync the searchable entities into the service and wait \(failed after \d+ ms\)$/m,
    );
    expect(human.stderr).toContain('error: sync is switched off');
  });

  it('runs one kind’s part with --kind, and refuses a kind it has no demo for', async () => {
    const json = await runInProcess(['demo', '--kind', 'crm', '--json']);
    expect(json.code).toBe(0);
    const document = JSON.parse(json.stdout) as { ok: boolean; steps: { name: string; ok: boolean }[] };
    expect(document.steps.map((step) => step.name)).toEqual([
      'service',
      'application',
      'crm-simulator',
      'crm-connector',
      'crm-list',
      'crm-sync',
      'crm-search',
      'cleanup',
    ]);
    expect(document.steps.every((step) => step.ok)).toBe(true);

    const unknown = await runInProcess(['demo', '--kind', 'crn']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no connector demo for "crn"');
    expect(unknown.stderr).toContain('crm');
  });
});
