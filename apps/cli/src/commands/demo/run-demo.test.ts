import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS } from '../../testing/child-cli';
import { runInProcess } from '../../testing/test-runtime';

describe('conduit demo (in process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('stops at the step that fails, with its exit code, and still removes everything it started', async () => {
    // The service answers everything but the sync: the demo must fail at step 6, clearly.
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
      ['simulator', true],
      ['service', true],
      ['application', true],
      ['connector', true],
      ['list', true],
      ['sync', false],
    ]);
    expect(document.error.message).toBe('sync is switched off');
    expect(existsSync(document.steps[1]!.result!.data_dir!)).toBe(false);

    const human = await runInProcess(['demo'], { fetch: failingSync });
    expect(human.code).toBe(4);
    expect(human.stdout).toMatch(
      /^✗ \[6\/15\] Sync the searchable entities into the service and wait \(failed after \d+ ms\)$/m,
    );
    expect(human.stderr).toContain('error: sync is switched off');
  });
});
