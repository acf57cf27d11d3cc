import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SalesforceSimulator, startSalesforceSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild, spawnChild } from '../../testing/child-cli';

const BOOTSTRAP = {
  CONDUIT_BOOTSTRAP_CLIENT_ID: 'app-crm-test',
  CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'bootstrap-secret-crm-0123456789',
};

let directory: string;
let sim: SalesforceSimulator;
let server: ReturnType<typeof spawnChild>;
let env: Record<string, string>;

beforeAll(async () => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-crm-e2e-'));
  sim = await startSalesforceSimulator({ dataset: { seed: 6 } });
  server = spawnChild(['serve', '--port', '0', '--data-dir', join(directory, 'data')], {
    env: { ...BOOTSTRAP, CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1', CONDUIT_EGRESS_ALLOW: '127.0.0.0/8' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end !== -1) resolve(buffered.slice(0, end));
    });
    server.on('close', () => reject(new Error('conduit serve exited early')));
  });
  env = {
    CONDUIT_BASE_URL: line.slice('listening on '.length),
    CONDUIT_CLIENT_ID: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_ID,
    CONDUIT_CLIENT_SECRET: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_SECRET,
    CONDUIT_EXTERNAL_USER_ID: 'crm-user',
    SALESFORCE_REFRESH_TOKEN: sim.credentials.refreshToken,
    SALESFORCE_CLIENT_ID: sim.credentials.clientId,
    SALESFORCE_CLIENT_SECRET: sim.credentials.clientSecret,
  };
});

afterAll(async () => {
  server?.kill('SIGTERM');
  await sim?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('conduit and a hosted crm connector (built, child processes)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('creates it, syncs, searches, executes and downloads through the service', async () => {
    const created = await runChild(
      ['connectors', 'create', 'crm', '--config', `base_url=${sim.loginUrl}`, '--json'],
      { env },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const synced = await runChild(['sync', id, '--wait', '--json'], { env });
    expect(synced.code, synced.stderr).toBe(0);
    const contact = sim.data.records('Contact')[0]!;
    const found = await runChild(
      [
        'search',
        'contacts',
        '--connector',
        id,
        '--query',
        JSON.stringify({ filter: { eq: { Email: contact.Email } } }),
        '--json',
      ],
      { env },
    );
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain(contact.Id);
    const listed = await runChild(
      ['exec', id, 'opportunities', 'list', '-p', 'stage=Closed Won', '--hosted', '--json'],
      {
        env,
      },
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { records: unknown[] }).records).toHaveLength(2);
    const version = sim.data.records('ContentVersion').find((record) => record.FileExtension === 'csv')!;
    const out = join(directory, 'prices.csv');
    const downloaded = await runChild(
      ['exec', id, 'content_versions', 'download', '-p', `id=${version.Id}`, '--hosted', '--output', out],
      { env },
    );
    expect(downloaded.code, downloaded.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^Product,Price/);
  });
});
