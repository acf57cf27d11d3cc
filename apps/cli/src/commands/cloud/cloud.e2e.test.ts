import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CloudWorkspace } from '@conduit/cloud';
import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildResult, E2E_TIMEOUT_MS, requireBuiltCli, runChild } from '../../testing/child-cli';

// The built CLI as a child process against the cloud platform simulator. The simulator's clock
// only moves when told: each job poll advances it, so a sync runs through in a few polls.

let sim: CloudSimulator;
let workspace: CloudWorkspace;
let env: Record<string, string>;

async function deployConnection(name: string): Promise<string> {
  const suffix = randomBytes(3).toString('hex');
  const source = await workspace.deploySource({
    name: `faker ${suffix} (delete-me)`,
    source: { connectorName: 'source-faker', config: { count: 5, seed: 7 } },
  });
  const destination = await workspace.deployDestination({
    name: `sink ${suffix} (delete-me)`,
    destination: { destinationType: 'dev-null', test_destination: { test_destination_type: 'SILENT' } },
  });
  const connection = await workspace.deployConnection({
    connectionName: name,
    source,
    destination,
    selectedStreams: ['users', 'products'],
  });
  return connection.connectionId;
}

function expectNoSecrets(result: ChildResult): void {
  for (const secret of [sim.credentials.bearerToken, sim.credentials.clientSecret]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

beforeAll(async () => {
  requireBuiltCli();
  sim = await startCloudSimulator();
  workspace = new CloudWorkspace({
    workspaceId: sim.workspaceId,
    apiRoot: sim.selfManagedApiRoot,
    bearerToken: sim.credentials.bearerToken,
  });
  env = {
    PLATFORM_CLOUD_API_URL: sim.selfManagedApiRoot,
    PLATFORM_CLOUD_WORKSPACE_ID: sim.workspaceId,
    PLATFORM_CLOUD_BEARER_TOKEN: sim.credentials.bearerToken,
  };
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await sim?.close();
}, E2E_TIMEOUT_MS);

describe('conduit cloud workspace (built, against the simulator)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('checks the workspace with a bearer token or client credentials, and exits 3 without', async () => {
    const bearer = await runChild(['cloud', 'workspace', 'check', '--json'], { env });
    expect(bearer.code).toBe(0);
    expect(JSON.parse(bearer.stdout)).toEqual({
      workspace_id: sim.workspaceId,
      api_root: sim.selfManagedApiRoot,
      ok: true,
    });
    const client = await runChild(['cloud', 'workspace', 'info', '--debug'], {
      env: {
        PLATFORM_CLOUD_API_URL: sim.selfManagedApiRoot,
        PLATFORM_CLOUD_CLIENT_ID: sim.credentials.clientId,
        PLATFORM_CLOUD_CLIENT_SECRET: sim.credentials.clientSecret,
      },
      // The workspace from the flag, as the environment does not give it.
    });
    expect(client.code).toBe(3);
    expect(client.stderr).toContain('the cloud workspace needs workspace_id');
    const info = await runChild(
      ['cloud', 'workspace', 'info', '--workspace-id', sim.workspaceId, '--debug'],
      {
        env: {
          PLATFORM_CLOUD_API_URL: sim.selfManagedApiRoot,
          PLATFORM_CLOUD_CLIENT_ID: sim.credentials.clientId,
          PLATFORM_CLOUD_CLIENT_SECRET: sim.credentials.clientSecret,
        },
      },
    );
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^authentication +client credentials$/m);
    expect(info.stdout).toMatch(/^organization +Simulated Organization/m);
    expectNoSecrets(info);
    const revoked = await runChild(['cloud', 'workspace', 'check', '--debug'], {
      env: { ...env, PLATFORM_CLOUD_BEARER_TOKEN: 'sim-not-the-token-0123456789' },
    });
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).not.toContain('sim-not-the-token-0123456789');
  });
});

describe('conduit cloud connections (built, against the simulator)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('lists, shows, disables and enables a connection', async () => {
    const id = await deployConnection('faker to sink (delete-me)');
    const list = await runChild(['cloud', 'connections', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    expect(
      (JSON.parse(list.stdout) as { connection_id: string }[]).map((item) => item.connection_id),
    ).toContain(id);
    const got = await runChild(['cloud', 'connections', 'get', id], { env });
    expect(got.stdout).toMatch(/^streams +users, products$/m);

    const disabled = await runChild(['cloud', 'connections', 'disable', id, '--json'], { env });
    expect(JSON.parse(disabled.stdout)).toEqual({ connection_id: id, enabled: false, changed: true });
    expect(sim.state.connections.get(id)?.status).toBe('inactive');
    const again = await runChild(['cloud', 'connections', 'disable', id], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('was already disabled');
    await runChild(['cloud', 'connections', 'enable', id], { env });
    expect(sim.state.connections.get(id)?.status).toBe('active');
  });

  it('schedules with cron or manual, and sets streams, prefix and name', async () => {
    const id = await deployConnection('scheduling (delete-me)');
    const cron = await runChild(['cloud', 'connections', 'schedule', id, '0 0 0/6 * * ?', '--json'], { env });
    expect(cron.code).toBe(0);
    expect(JSON.parse(cron.stdout).schedule).toMatchObject({
      type: 'cron',
      cron_expression: expect.stringContaining('0 0 0/6 * * ?'),
    });
    const manual = await runChild(['cloud', 'connections', 'schedule', id, 'manual', '--json'], { env });
    expect(JSON.parse(manual.stdout).schedule).toMatchObject({ type: 'manual' });
    const bad = await runChild(['cloud', 'connections', 'schedule', id, 'every day'], { env });
    expect(bad.code).not.toBe(0);

    const streams = await runChild(['cloud', 'connections', 'streams', id, 'users'], { env });
    expect(streams.stdout).toBe('users\n');
    expect((await runChild(['cloud', 'connections', 'streams', id], { env })).stdout).toBe('users\n');
    await runChild(['cloud', 'connections', 'prefix', id, 'raw_'], { env });
    expect((await runChild(['cloud', 'connections', 'prefix', id], { env })).stdout).toBe('raw_\n');
    await runChild(['cloud', 'connections', 'prefix', id, '--clear'], { env });
    expect(
      JSON.parse((await runChild(['cloud', 'connections', 'prefix', id, '--json'], { env })).stdout),
    ).toEqual({
      connection_id: id,
      prefix: '',
    });
    const renamed = await runChild(['cloud', 'connections', 'rename', id, 'renamed (delete-me)', '--json'], {
      env,
    });
    expect(JSON.parse(renamed.stdout).name).toBe('renamed (delete-me)');
  });

  it('refuses to delete without delete-me in safe mode (exit 5), deleting nothing; --no-safe-mode deletes', async () => {
    const id = await deployConnection('production pipeline');
    const refused = await runChild(
      ['cloud', 'connections', 'delete', id, '--cascade-source', '--yes', '--json'],
      { env },
    );
    expect(refused.code).toBe(5);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'safe_mode_refused' } });
    expect(sim.state.connections.get(id)?.status).not.toBe('deprecated');
    const human = await runChild(['cloud', 'connections', 'delete', id, '--yes'], { env });
    expect(human.stderr).toContain('Safe mode refused to delete connection "production pipeline"');
    const unconfirmed = await runChild(['cloud', 'connections', 'delete', id, '--no-safe-mode'], { env });
    expect(unconfirmed.code).toBe(2);
    const forced = await runChild(
      ['cloud', 'connections', 'delete', id, '--no-safe-mode', '--yes', '--json'],
      { env },
    );
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('safe mode is off');
    expect(JSON.parse(forced.stdout)).toEqual({ deleted: { connection_id: id }, safe_mode: false });
    // The platform keeps a deleted connection, marked deprecated.
    expect(sim.state.connections.get(id)?.status ?? 'deprecated').toBe('deprecated');

    const safe = await deployConnection('scratch (delete-me)');
    const deleted = await runChild(['cloud', 'connections', 'delete', safe, '--yes'], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain(`deleted connection ${safe}`);
  });
});

describe('conduit cloud sources and destinations (built, against the simulator)', {
  timeout: E2E_TIMEOUT_MS,
}, () => {
  it('lists, shows and deletes them, safe mode first', async () => {
    const source = await workspace.deploySource({
      name: `warehouse feed ${randomBytes(3).toString('hex')}`,
      source: { connectorName: 'source-faker', config: { count: 1 } },
    });
    const list = await runChild(['cloud', 'sources', 'list'], { env });
    expect(list.stdout.split('\n')[0]).toMatch(/^ID +NAME +TYPE$/);
    expect(list.stdout).toContain(source.sourceId);
    const got = await runChild(['cloud', 'sources', 'get', source.sourceId, '--json'], { env });
    expect(JSON.parse(got.stdout)).toMatchObject({ source_id: source.sourceId, source_type: 'faker' });
    const refused = await runChild(['cloud', 'sources', 'delete', source.sourceId, '--yes'], { env });
    expect(refused.code).toBe(5);
    expect((await runChild(['cloud', 'sources', 'get', source.sourceId], { env })).code).toBe(0);
    const forced = await runChild(
      ['cloud', 'sources', 'delete', source.sourceId, '--no-safe-mode', '--yes'],
      { env },
    );
    expect(forced.code).toBe(0);
    expect((await runChild(['cloud', 'sources', 'get', source.sourceId], { env })).code).toBe(4);
    const destinations = await runChild(['cloud', 'destinations', 'list', '--json'], { env });
    expect(destinations.code).toBe(0);
    expect(Array.isArray(JSON.parse(destinations.stdout))).toBe(true);
  });
});

describe('conduit cloud sync, jobs and logs (built, against the simulator)', {
  timeout: E2E_TIMEOUT_MS,
}, () => {
  it('runs a sync with --wait to success as the simulated clock advances, then lists jobs and logs', async () => {
    const id = await deployConnection('synced (delete-me)');
    sim.setAutoAdvance({ perJobPollMs: 6_000 });
    const synced = await runChild(['cloud', 'sync', id, '--wait', '--poll-interval', '100ms', '--json'], {
      env,
    });
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const job = JSON.parse(synced.stdout) as { job_id: number; status: string; rows_synced: number };
    expect(job).toMatchObject({ connection_id: id, status: 'succeeded', job_type: 'sync' });
    expect(job.rows_synced).toBeGreaterThan(0);

    const plain = await runChild(['cloud', 'sync', id, '--wait', '--poll-interval', '100ms'], { env });
    expect(plain.code).toBe(0);
    // Without a terminal, each change of status is one line on stderr. Which statuses a poll sees
    // depends on how the simulated clock and the polls interleave (a loaded machine can skip
    // `running`), so the lines are checked for their form and for the first one.
    const statusLines = plain.stderr.split('\n').filter((line) => /^job \d+: /.test(line));
    expect(statusLines.length).toBeGreaterThan(0);
    expect(statusLines[0]).toMatch(/^job \d+: (pending|running)/);
    expect(new Set(statusLines).size).toBe(statusLines.length);
    expect(plain.stdout).toMatch(/^status +succeeded$/m);

    const jobs = await runChild(['cloud', 'jobs', id, '--json'], { env });
    const listed = JSON.parse(jobs.stdout) as { job_id: number; status: string }[];
    expect(listed).toHaveLength(2);
    expect(listed[1]).toMatchObject({ job_id: job.job_id, status: 'succeeded' });
    const table = await runChild(['cloud', 'jobs', id, '--oldest-first', '-n', '1'], { env });
    expect(table.stdout.split('\n')[1]).toMatch(new RegExp(`^ +${job.job_id} +succeeded +sync`));

    const logs = await runChild(['cloud', 'logs', id, String(job.job_id)], { env });
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/^=== attempt 0: succeeded/m);
    const asJson = await runChild(['cloud', 'logs', id, String(job.job_id), '--attempt', '0', '--json'], {
      env,
    });
    expect(JSON.parse(asJson.stdout)).toEqual([
      expect.objectContaining({ attempt: 0, status: 'succeeded', log: expect.any(String) }),
    ]);
    expect((await runChild(['cloud', 'logs', id, String(job.job_id), '--attempt', '7'], { env })).code).toBe(
      4,
    );

    // The platform's spec allows any int64 for an attempt's epoch seconds: one beyond JavaScript's
    // date range is shown as sent, not a crash ("Invalid time value").
    const answer = await fetch(`${sim.configApiRoot}/jobs/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.credentials.bearerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: job.job_id }),
    });
    const info = (await answer.json()) as { attempts: { attempt: { createdAt: number } }[] };
    const far = JSON.stringify(info).replace(/"createdAt":\d+/g, '"createdAt":9223372036854775807');
    sim.faults.add({ status: 200, body: JSON.parse(far), times: 2, match: { operationId: 'getJobInfo' } });
    const farText = await runChild(['cloud', 'logs', id, String(job.job_id)], { env });
    expect(farText.stderr).toBe('');
    expect(farText.code).toBe(0);
    expect(farText.stdout).toContain(
      '(started @9223372036854775808 (epoch seconds, outside the supported date range)',
    );
    const farJson = await runChild(['cloud', 'logs', id, String(job.job_id), '--json'], { env });
    expect(farJson.code).toBe(0);
    expect(JSON.parse(farJson.stdout)[0].created_at).toMatch(/^@9223372036854775808 /);
  });

  it('exits 7 with the platform’s failure when a job fails, and starts without waiting', async () => {
    const id = await deployConnection('failing (delete-me)');
    sim.setAutoAdvance({ perJobPollMs: 6_000 });
    sim.scriptJob(id, {
      finalStatus: 'failed',
      attempts: [{ failureMessage: 'the source refused the API key' }],
    });
    const failed = await runChild(['cloud', 'sync', id, '--wait', '--poll-interval', '100ms', '--debug'], {
      env,
    });
    expect(failed.code).toBe(7);
    expect(failed.stderr).toContain('ended failed');
    expect(failed.stderr).toContain('attempt 0: the source refused the API key');
    expectNoSecrets(failed);
    const started = await runChild(['cloud', 'sync', id, '--json'], { env });
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({ connection_id: id, job_id: expect.any(Number) });
  });
});

describe('conduit cloud create, definitions and results (built, against the simulator)', {
  timeout: E2E_TIMEOUT_MS,
}, () => {
  const postgres = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' };
  const schema = `cli_cloud_${randomBytes(5).toString('hex')}`;
  afterAll(async () => {
    const admin = new pg.Client({ ...postgres, user: postgres.username });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('deploys a source, a destination and a connection, syncs, and reads the rows back', async () => {
    const suffix = randomBytes(3).toString('hex');
    const source = await runChild(
      ['cloud', 'sources', 'create', `people ${suffix} (delete-me)`, '--config-stdin', '--json'],
      { env, input: JSON.stringify({ sourceType: 'faker', count: 7, seed: 3 }) },
    );
    expect(source.stderr).toBe('');
    expect(source.code).toBe(0);
    const sourceId = (JSON.parse(source.stdout) as { source_id: string }).source_id;
    const again = await runChild(
      ['cloud', 'sources', 'create', `people ${suffix} (delete-me)`, '--config-stdin'],
      {
        env,
        input: '{"sourceType": "faker"}',
      },
    );
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('already exists');

    const configFile = join(mkdtempSync(join(tmpdir(), 'conduit-cloud-config-')), 'warehouse.json');
    const secret = `pg-secret-${suffix}`;
    writeFileSync(
      configFile,
      JSON.stringify({ destinationType: 'postgres', ...postgres, schema, password: secret }),
      { mode: 0o600 },
    );
    const destination = await runChild(
      [
        'cloud',
        'destinations',
        'create',
        `warehouse ${suffix} (delete-me)`,
        '--config-file',
        configFile,
        '--json',
      ],
      { env },
    );
    expect(destination.code).toBe(0);
    expect(destination.stdout + destination.stderr).not.toContain(secret);
    const destinationId = (JSON.parse(destination.stdout) as { destination_id: string }).destination_id;

    const connection = await runChild(
      [
        'cloud',
        'connections',
        'create',
        `people → warehouse ${suffix} (delete-me)`,
        '--source',
        sourceId,
        '--destination',
        destinationId,
        '--stream',
        'users',
        '--json',
      ],
      { env },
    );
    expect(connection.code).toBe(0);
    const created = JSON.parse(connection.stdout) as { connection_id: string; streams: string[] };
    expect(created.streams).toEqual(['users']);
    const id = created.connection_id;

    sim.setAutoAdvance({ perJobPollMs: 6_000 });
    const synced = await runChild(['cloud', 'sync', id, '--wait', '--poll-interval', '100ms', '--json'], {
      env,
    });
    expect(synced.code).toBe(0);

    const streams = await runChild(['cloud', 'results', id, '--json'], { env });
    expect(streams.code).toBe(0);
    expect(JSON.parse(streams.stdout)).toEqual([
      expect.objectContaining({ stream: 'users', table: 'users' }),
    ]);
    const rows = await runChild(['cloud', 'results', id, 'users', '--limit', '3', '--json'], { env });
    expect(rows.stderr).toBe('');
    expect(rows.code).toBe(0);
    const parsed = rows.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toHaveProperty('id');
    const all = await runChild(['cloud', 'results', id, 'users', '--all', '--json'], { env });
    expect(all.stdout.trim().split('\n')).toHaveLength(7);
    const table = await runChild(['cloud', 'results', id, 'users', '-n', '2'], { env });
    expect(table.stdout.split('\n')[0]).toMatch(/^_AIRBYTE_RAW_ID +/);
    expect(table.stderr).toContain('first 2 rows of users');
  });

  it('publishes, lists, shows, updates and deletes a custom YAML source definition', async () => {
    const manifest = fileURLToPath(
      new URL(
        '../../../../../packages/cloud/src/manifest/__fixtures__/people-manifest.yaml',
        import.meta.url,
      ),
    );
    const name = `people def ${randomBytes(3).toString('hex')} (delete-me)`;
    const published = await runChild(
      ['cloud', 'definitions', 'publish', name, '--manifest', manifest, '--json'],
      {
        env,
      },
    );
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    const definition = JSON.parse(published.stdout) as { definition_id: string; manifest: { type: string } };
    expect(definition).toMatchObject({
      definition_type: 'yaml',
      name,
      manifest: { type: 'DeclarativeSource' },
    });
    const id = definition.definition_id;
    const listed = await runChild(['cloud', 'definitions', 'list', '--json'], { env });
    expect(
      (JSON.parse(listed.stdout) as { definition_id: string }[]).map((item) => item.definition_id),
    ).toContain(id);
    const shown = await runChild(['cloud', 'definitions', 'get', id], { env });
    expect(shown.stdout).toMatch(new RegExp(`^id +${id}$`, 'm'));
    const set = await runChild(['cloud', 'definitions', 'testing-values', id, '--values-stdin'], {
      env,
      input: '{"api_key": "test-key-123456"}',
    });
    expect(set.code, set.stderr).toBe(0);
    const values = await runChild(['cloud', 'definitions', 'testing-values', id, '--json'], { env });
    expect(JSON.parse(values.stdout)).toHaveProperty('api_key');
    const deleted = await runChild(['cloud', 'definitions', 'delete', id, '--yes', '--json'], { env });
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: { definition_id: id }, safe_mode: true });
    const gone = await runChild(['cloud', 'definitions', 'get', id], { env });
    expect(gone.code).toBe(4);
  });
});
