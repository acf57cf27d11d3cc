import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/test-runtime';

let sim: SalesforceSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 4 } });
  env = {
    SALESFORCE_REFRESH_TOKEN: sim.credentials.refreshToken,
    SALESFORCE_CLIENT_ID: sim.credentials.clientId,
    SALESFORCE_CLIENT_SECRET: sim.credentials.clientSecret,
    SALESFORCE_BASE_URL: sim.loginUrl,
  };
});

afterAll(async () => {
  await sim.close();
});

const exec = (args: string[]) => runInProcess(['exec', 'salesforce', ...args], { env });

describe('conduit and the CRM kind (Salesforce simulator, in process)', () => {
  it('describes the crm kind', async () => {
    const { code, stdout, stderr } = await runInProcess(['describe', 'crm', '--json'], { env });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const description = JSON.parse(stdout) as { entities?: unknown };
    expect(JSON.stringify(description)).toContain('opportunity_stages');
    expect(JSON.stringify(description)).toContain('content_versions');
  });

  it('lists with an escaped filter and gets one record', async () => {
    const listed = await exec(['opportunities', 'list', '-p', 'stage=Closed Won', '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const page = JSON.parse(listed.stdout) as {
      records: Array<{ Id: string }>;
      meta: { next_page: unknown };
    };
    const ids = page.records.map((record) => record.Id);
    expect(ids).toHaveLength(2);
    expect(page.meta.next_page).toBeNull();
    const one = await exec(['opportunities', 'get', '-p', `id=${ids[0]}`, '--json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ Id: ids[0], StageName: 'Closed Won' });
    const injection = await exec(['accounts', 'list', '-p', "name=x' OR Name != 'x", '--json']);
    expect(injection.code).toBe(0);
    expect((JSON.parse(injection.stdout) as { records: unknown[] }).records).toEqual([]);
  });

  it('runs a caller SOQL and reports a refused one as a bad q', async () => {
    const rows = await exec([
      'query',
      'list',
      '-p',
      'q=SELECT Id, Name FROM Account ORDER BY Name',
      '--json',
    ]);
    expect(rows.code).toBe(0);
    expect((JSON.parse(rows.stdout) as { records: unknown[] }).records).toHaveLength(
      sim.data.count('Account'),
    );
    const refused = await exec(['query', 'list', '-p', 'q=SELECT Id FRM Account', '--json']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('unexpected token: FRM');
  });

  it('downloads a file version', async () => {
    const version = sim.data.records('ContentVersion').find((record) => record.FileExtension === 'csv')!;
    const out = join(mkdtempSync(join(tmpdir(), 'conduit-crm-')), 'prices.csv');
    const { code, stderr } = await exec([
      'content_versions',
      'download',
      '-p',
      `id=${version.Id}`,
      '--output',
      out,
    ]);
    expect(stderr).toMatch(/^wrote \d+ bytes to /);
    expect(code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^Product,Price/);
  });
});
