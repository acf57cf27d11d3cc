import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostedClient } from '@conduit/hosted';
import {
  parseRateLimit,
  registerApplication,
  type StartedServer,
  silentLogger,
  startServer,
} from '@conduit/server';
import { type AsanaSimulator, asanaAttachmentBytes, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildResult, E2E_TIMEOUT_MS, ndjson, requireBuiltCli, runChild } from '../testing/child-cli';
import { startLoopbackService } from '../testing/loopback-service';

// The built CLI as a child process, against a real hosted service (started here, on an ephemeral
// port with a temporary SQLite store) whose connectors call the Asana simulator.

let sim: AsanaSimulator;
let server: StartedServer;
let directory: string;
let clientId: string;
let clientSecret: string;
let connectorId: string;
/** Settings of the end user who owns the one task-management connector made in beforeAll. */
let env: Record<string, string>;

const USER = 'user-main';

function hostedEnv(user: string): Record<string, string> {
  return {
    CONDUIT_BASE_URL: server.url,
    CONDUIT_CLIENT_ID: clientId,
    CONDUIT_CLIENT_SECRET: clientSecret,
    CONDUIT_EXTERNAL_USER_ID: user,
  };
}

function expectNoSecrets(result: ChildResult): void {
  for (const secret of [clientSecret, sim.tokens.personalAccessToken]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

beforeAll(async () => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-hosted-e2e-'));
  sim = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
  server = await startLoopbackService(directory);
  ({ clientId, clientSecret } = await registerApplication(server.server.store));
  const client = new HostedClient({
    baseUrl: server.url,
    externalUserId: USER,
    platformClientId: clientId,
    platformClientSecret: clientSecret,
  });
  ({ id: connectorId } = await client.createConnector({
    connectorType: 'task-management',
    credentials: { token: sim.tokens.personalAccessToken },
    config: { base_url: sim.baseUrl },
  }));
  env = hostedEnv(USER);
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await server?.close();
  await sim?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
}, E2E_TIMEOUT_MS);

describe('conduit connectors (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('creates from ASANA_TOKEN, lists, gets by id and by type, and deletes with --yes', async () => {
    const user = hostedEnv('user-connectors');
    const created = await runChild(
      ['connectors', 'create', 'asana', '--name', 'Studio', '--config', `base_url=${sim.baseUrl}`, '--json'],
      { env: { ...user, ASANA_TOKEN: sim.tokens.personalAccessToken } },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const connector = JSON.parse(created.stdout) as { id: string; name: string; connector_type: string };
    expect(connector).toMatchObject({ name: 'Studio', connector_type: 'task-management', status: 'active' });

    const listed = await runChild(['connectors', 'list', '--json'], { env: user });
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((item) => item.id)).toEqual([connector.id]);
    const table = await runChild(['connectors', 'list'], { env: user });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +NAME +TYPE +STATUS +SYNC +LAST SYNCED +CREATED$/);
    expect(table.stdout).toContain('Studio');

    for (const reference of [connector.id, 'asana', 'task-management']) {
      const got = await runChild(['connectors', 'get', reference, '--json'], { env: user });
      expect(got.code).toBe(0);
      expect(JSON.parse(got.stdout)).toMatchObject({ id: connector.id, sync: { state: expect.any(String) } });
    }

    // Without a terminal, nothing prompts: a delete needs --yes.
    const refused = await runChild(['connectors', 'delete', connector.id], { env: user });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('confirm with --yes');
    const deleted = await runChild(['connectors', 'delete', connector.id, '--yes', '--json'], { env: user });
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: connector.id });
    expect((await runChild(['connectors', 'get', connector.id], { env: user })).code).toBe(4);
    const none = await runChild(['connectors', 'get', 'asana'], { env: user });
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('has no task-management connector');
  });

  it('takes credentials from a file or stdin, never argv, and checks their shape first', async () => {
    const user = hostedEnv('user-credentials');
    const file = join(directory, 'asana.json');
    writeFileSync(file, JSON.stringify({ token: sim.tokens.personalAccessToken }), { mode: 0o600 });
    const fromFile = await runChild(
      [
        'connectors',
        'create',
        'task-management',
        '--credentials-file',
        file,
        '--config',
        `base_url=${sim.baseUrl}`,
      ],
      { env: user },
    );
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toMatch(/^id +[0-9a-f-]{36}$/m);

    const malformed = await runChild(
      ['connectors', 'create', 'support-desk', '--credentials-stdin', '--config', 'subdomain=acme'],
      {
        env: user,
        input: JSON.stringify({ email: 'a@b.test', api_token: 'zendesk-secret-value-1', extra: 1 }),
      },
    );
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('invalid credentials in --credentials-stdin');
    expect(malformed.stderr + malformed.stdout).not.toContain('zendesk-secret-value-1');

    const none = await runChild(['connectors', 'create', 'asana'], { env: user });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('no Asana credentials');
    const unknown = await runChild(['connectors', 'create', 'crmm', '--credentials-stdin'], {
      env: user,
      input: '{}',
    });
    expect(unknown.code).toBe(2);
    const secretConfig = await runChild(['connectors', 'create', 'asana', '--config', 'client_secret=x'], {
      env: user,
    });
    expect(secretConfig.code).toBe(2);
    expect(secretConfig.stderr).toContain('a secret is never taken from the command line');
  });

  it('needs the hosted settings (exit 3) and names every way to give them', async () => {
    const missing = await runChild(['connectors', 'list'], { env: { CONDUIT_BASE_URL: server.url } });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(
      'error: the hosted service needs client_id, client_secret, external_user_id',
    );
    expect(missing.stderr).toContain(
      'client_secret: set CONDUIT_CLIENT_SECRET, pass --client-secret-file or --client-secret-stdin',
    );
    const secretFile = join(directory, 'client-secret');
    writeFileSync(secretFile, `${clientSecret}\n`, { mode: 0o600 });
    const fromFile = await runChild(
      [
        'connectors',
        'list',
        '--client-id',
        clientId,
        '--external-user-id',
        USER,
        '--client-secret-file',
        secretFile,
        '--json',
      ],
      { env: { CONDUIT_BASE_URL: server.url } },
    );
    expect(fromFile.code).toBe(0);
    expect((JSON.parse(fromFile.stdout) as { id: string }[]).map((item) => item.id)).toEqual([connectorId]);
    const fromStdin = await runChild(['connectors', 'list', '--client-secret-stdin', '--json'], {
      env: { ...env, CONDUIT_CLIENT_SECRET: '' },
      input: clientSecret,
    });
    expect(fromStdin.code).toBe(0);
    expectNoSecrets(fromStdin);
  });
});

describe('conduit exec --hosted (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('lists every page of a project as NDJSON, by type and by id', async () => {
    const project = sim.data.projects[0]!;
    const expected = sim.data.taskGids({ projectGid: project.gid });
    for (const reference of ['asana', connectorId]) {
      const result = await runChild(
        [
          'exec',
          '--hosted',
          reference,
          'project_tasks',
          'list',
          '-p',
          `project_gid=${project.gid}`,
          '-p',
          'limit=3',
          '--all',
          '--json',
        ],
        { env },
      );
      expect(result.code).toBe(0);
      expect(ndjson(result.stdout).map((record) => (record as { gid: string }).gid)).toEqual(expected);
    }
  });

  it('gets a record, and maps a missing one to exit 4 and an unknown or missing param to exit 5', async () => {
    const gid = sim.data.taskGids()[0]!;
    const got = await runChild(
      ['exec', '--hosted', 'asana', 'tasks', 'get', '-p', `task_gid=${gid}`, '--json'],
      { env },
    );
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout).gid).toBe(gid);
    expect(
      (await runChild(['exec', '--hosted', 'asana', 'tasks', 'get', '-p', 'task_gid=987654321'], { env }))
        .code,
    ).toBe(4);
    expect(
      (await runChild(['exec', '--hosted', 'asana', 'tasks', 'get', '-p', 'nope=1'], { env })).code,
    ).toBe(5);
    expect((await runChild(['exec', '--hosted', 'asana', 'tasks', 'list'], { env })).code).toBe(5);
    const local = await runChild(['exec', '--hosted', 'asana', 'tasks', 'get', '--base-url', sim.baseUrl], {
      env,
    });
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('--base-url applies to local mode');
  });
});

describe('conduit sync and search (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    const synced = await runChild(['sync', 'asana', '--wait', '--timeout', '60s', '--json'], { env });
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const summary = JSON.parse(synced.stdout) as {
      state: string;
      sync_id: string;
      entities: { entity: string; records: number }[];
    };
    expect(summary).toMatchObject({ connector_id: connectorId, state: 'idle', sync_id: expect.any(String) });
    expect(summary.entities.find((entity) => entity.entity === 'tasks')?.records).toBe(sim.data.taskCount);
  }, E2E_TIMEOUT_MS);

  it('prints the change feed as NDJSON, resumes from a cursor, and refuses a bad --limit', async () => {
    const all = await runChild(['changes', 'asana'], { env });
    expect(all.code).toBe(0);
    const changes = ndjson(all.stdout) as {
      entity: string;
      id: string;
      operation: string;
      next_cursor: string;
    }[];
    expect(changes.length).toBeGreaterThan(10);
    expect(changes.every((change) => change.operation === 'upsert')).toBe(true);
    expect(new Set(changes.map((change) => change.entity))).toContain('tasks');
    expect(all.stderr).toContain(`--cursor ${changes.at(-1)!.next_cursor}`);

    const rest = await runChild(['changes', connectorId, '--cursor', changes[4]!.next_cursor, '--json'], {
      env,
    });
    expect(rest.code).toBe(0);
    expect((ndjson(rest.stdout) as { id: string }[]).map((change) => change.id)).toEqual(
      changes.slice(5).map((change) => change.id),
    );
    expect(rest.stderr).toBe('');

    const bad = await runChild(['changes', 'asana', '--limit', '0'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--limit');
  });

  it('shows the sync state per entity', async () => {
    const status = await runChild(['sync', 'status', 'asana', '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'idle', last_success_at: expect.any(String) });
    const table = await runChild(['sync', 'status', connectorId], { env });
    expect(table.stdout).toMatch(/^state +idle$/m);
    expect(table.stdout).toMatch(/^tasks +\d+ +\S+/m);
    const started = await runChild(['sync', connectorId, '--json'], { env });
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({
      connector_id: connectorId,
      sync_id: expect.any(String),
    });
  });

  it('searches with --where, typed by the searchable fields, sorted and projected', async () => {
    const result = await runChild(
      [
        'search',
        'tasks',
        '--where',
        'completed=false and name~~onbording',
        '--sort',
        'name:desc',
        '--fields',
        'gid,name,completed',
        '--json',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    const page = JSON.parse(result.stdout) as {
      hits: { data: { name: string; completed: boolean } }[];
      next_cursor: string | null;
    };
    expect(page.hits.length).toBeGreaterThan(0);
    const names = page.hits.map((hit) => hit.data.name);
    expect(names.every((name) => /onboarding/i.test(name))).toBe(true);
    expect(names).toEqual([...names].sort().reverse());
    expect(page.hits.every((hit) => Object.keys(hit.data).sort().join() === 'completed,gid,name')).toBe(true);

    const table = await runChild(['search', 'tasks', '-w', 'name~~onbording', '-f', 'gid,name'], { env });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +SCORE +GID +NAME$/);

    // Without --fields the columns come from the hits' keys, which the service sorts: `name` sits
    // past the first eight of a task, yet it is what a person searching by name needs to see.
    const inferred = await runChild(['search', 'tasks', '-w', 'name~~onbording'], { env });
    expect(inferred.code).toBe(0);
    // The task's gid is the hit's id, shown once.
    expect(inferred.stdout.split('\n')[0]).toMatch(/^ID +SCORE +NAME /);
    expect(inferred.stdout).toMatch(/onboarding/i);
  });

  it('takes the DSL as JSON, and follows every cursor with --all as NDJSON', async () => {
    const query = JSON.stringify({ filter: { eq: { completed: false } }, sort: [{ gid: 'asc' }] });
    const first = await runChild(['search', 'tasks', '--query', query, '--limit', '5', '--json'], { env });
    expect(first.code).toBe(0);
    const page = JSON.parse(first.stdout) as { hits: unknown[]; next_cursor: string | null };
    expect(page.hits).toHaveLength(5);
    expect(page.next_cursor).not.toBeNull();
    const human = await runChild(['search', 'tasks', '--query', query, '--limit', '5'], { env });
    expect(human.stderr).toContain(`--cursor ${page.next_cursor}`);

    const file = join(directory, 'query.json');
    writeFileSync(file, query);
    const all = await runChild(['search', 'tasks', '--query-file', file, '--limit', '7', '--all', '--json'], {
      env,
    });
    expect(all.code).toBe(0);
    const hits = ndjson(all.stdout) as { id: string; data: { completed: boolean } }[];
    const everyOpen = await runChild(
      ['search', 'tasks', '--where', 'completed=false', '--limit', '1000', '--json'],
      { env },
    );
    const expected = (JSON.parse(everyOpen.stdout) as { hits: { id: string }[] }).hits
      .map((hit) => hit.id)
      .sort();
    expect(hits.map((hit) => hit.id)).toEqual(expected);
    expect(hits.every((hit) => hit.data.completed === false)).toBe(true);
  });

  it('refuses a bad --where with the column and a bad query with its path: one mistake, one exit code', async () => {
    const mistyped = await runChild(['search', 'tasks', '--where', 'completed=flase'], { env });
    expect(mistyped.code).toBe(5);
    expect(mistyped.stderr).toContain(
      'error: --where: "completed" (a boolean field) needs true or false, got "flase" (column 11)',
    );
    expect(mistyped.stderr).toContain('hint: completed=flase\n                ^');
    const unknownField = await runChild(['search', 'tasks', '--where', 'nope=1'], { env });
    expect(unknownField.code).toBe(5);
    const syntax = await runChild(['search', 'tasks', '--where', 'completed='], { env });
    expect(syntax.code).toBe(2);
    const query = await runChild(
      ['search', 'tasks', '--query', '{"filter": {"eq": {"nope": 1}}}', '--json'],
      { env },
    );
    expect(query.code).toBe(5);
    expect(JSON.parse(query.stdout)).toMatchObject({
      error: { code: 'invalid_query', details: [{ field: 'query.filter.eq.nope' }] },
    });
    const entity = await runChild(['search', 'workspace_tags', '--where', 'x=1'], { env });
    expect(entity.code).toBe(2);
  });

  it('sync --full asks for a full run (it removes what was deleted upstream); without, the service picks', async () => {
    const modeOf = async (syncId: string) =>
      (
        await server.server.store.db.query<{ mode: string }>('SELECT mode FROM sync_runs WHERE id = $1', [
          syncId,
        ])
      )[0]?.mode;
    const usual = await runChild(['sync', connectorId, '--wait', '--timeout', '60s', '--json'], { env });
    expect(usual.code).toBe(0);
    expect(await modeOf((JSON.parse(usual.stdout) as { sync_id: string }).sync_id)).toBe('incremental');
    const victim = sim.data.taskGids({ projectGid: sim.data.projects[0]!.gid })[0]!;
    const findVictim = () =>
      runChild(
        ['search', 'tasks', '--query', JSON.stringify({ filter: { eq: { gid: victim } } }), '--json'],
        {
          env,
        },
      );
    expect((await findVictim()).stdout).toContain(victim);
    sim.deleteTask(victim);
    const full = await runChild(['sync', connectorId, '--full', '--wait', '--timeout', '60s', '--json'], {
      env,
    });
    expect(full.stderr).toBe('');
    expect(full.code).toBe(0);
    const summary = JSON.parse(full.stdout) as {
      sync_id: string;
      entities: { entity: string; records: number }[];
    };
    expect(await modeOf(summary.sync_id)).toBe('full');
    // The full run removed the task deleted upstream, which an incremental run would not have listed.
    const after = await findVictim();
    expect(after.code).toBe(0);
    expect(after.stdout).not.toContain(victim);
    expect(summary.entities.find((entity) => entity.entity === 'tasks')?.records).toBeGreaterThan(0);
    const help = await runChild(['sync', '--help'], { env });
    expect(help.stdout).toContain('--full');
  });
});

describe('conduit download (built): progress, resume and checks', { timeout: E2E_TIMEOUT_MS }, () => {
  const file = () =>
    sim.data.attachments
      .filter((attachment) => attachment.host === 'asana')
      .sort((a, b) => b.size - a.size)[0]!;

  it('downloads through the service, then resumes a file cut short, byte for byte', async () => {
    const attachment = file();
    const expected = asanaAttachmentBytes(attachment.gid, attachment.name, 0, attachment.size);
    const target = join(directory, 'hosted-download.bin');
    const whole = await runChild(['download', attachment.gid, '-o', target, '--hosted', '--json'], { env });
    expect(whole.code).toBe(0);
    expect(readFileSync(target).equals(expected)).toBe(true);
    const report = JSON.parse(whole.stdout);
    expect(report).toMatchObject({
      attachment_gid: attachment.gid,
      name: attachment.name,
      bytes: attachment.size,
      expected_bytes: attachment.size,
      resumed_from: 0,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const half = Math.floor(attachment.size / 2);
    truncateSync(target, half);
    const resumed = await runChild(
      ['download', attachment.gid, '-o', target, '--hosted', '--resume', '--json'],
      { env },
    );
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      resumed_from: half,
      received: attachment.size - half,
      sha256: report.sha256,
    });
    expect(readFileSync(target).equals(expected)).toBe(true);

    // A .part left by an interrupted run is continued in preference, then renamed.
    writeFileSync(`${target}.part`, expected.subarray(0, 1000));
    const fromPart = await runChild(['download', attachment.gid, '-o', target, '--hosted', '--resume'], {
      env,
    });
    expect(fromPart.code).toBe(0);
    expect(fromPart.stdout).toMatch(/^resumed +from byte 1000/m);
    expect(readFileSync(target).equals(expected)).toBe(true);
  });

  it('downloads locally too, and refuses a partial file larger than the attachment', async () => {
    const attachment = file();
    const target = join(directory, 'local-download.bin');
    const local = { ASANA_TOKEN: sim.tokens.personalAccessToken, ASANA_BASE_URL: sim.baseUrl };
    const result = await runChild(['download', attachment.gid, '-o', target], { env: local });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^size +${attachment.size} bytes`, 'm'));
    expect(
      readFileSync(target).equals(asanaAttachmentBytes(attachment.gid, attachment.name, 0, attachment.size)),
    ).toBe(true);
    const complete = await runChild(['download', attachment.gid, '-o', target, '--resume', '--json'], {
      env: local,
    });
    expect(JSON.parse(complete.stdout)).toMatchObject({ received: 0, resumed_from: attachment.size });
    writeFileSync(target, Buffer.alloc(attachment.size + 10));
    const bigger = await runChild(['download', attachment.gid, '-o', target, '--resume'], { env: local });
    expect(bigger.code).toBe(2);
    expect(bigger.stderr).toContain('is not a partial copy of it');
  });
});

describe('exit codes and secrets (built, against a real service)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('maps each class of failure to its exit code', async () => {
    expect((await runChild(['search', 'tasks', '--limit', 'lots'], { env })).code).toBe(2);
    expect(
      (
        await runChild(['connectors', 'list'], {
          env: { ...env, CONDUIT_CLIENT_SECRET: 'wrong-secret-123456' },
        })
      ).code,
    ).toBe(3);
    expect(
      (await runChild(['connectors', 'get', '00000000-0000-4000-8000-000000000000'], { env })).code,
    ).toBe(4);
    expect(
      (await runChild(['search', 'tasks', '--query', '{"filter": {"gt": {"completed": true}}}'], { env }))
        .code,
    ).toBe(5);
    const down = await runChild(['connectors', 'list'], {
      env: { ...env, CONDUIT_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(down.code).toBe(7);
  });

  it('exits 6 when the service rate-limits the application beyond what is worth waiting for', async () => {
    // The limiter counts in fixed windows of the server's clock. On the wall clock the three runs
    // could straddle a window's end (CI once started this test at 05:49:5x and the count began
    // again at 05:50:00); a clock that starts at a window's start keeps them in one window.
    const windowMs = 600_000;
    const offset = Date.now() % windowMs;
    const limited = await startServer({
      env: {},
      logger: silentLogger,
      clock: { now: () => Date.now() - offset },
      config: {
        port: 0,
        dataDir: join(directory, 'limited'),
        rateLimit: parseRateLimit(`3/${windowMs / 1000}s`),
      },
    });
    try {
      const application = await registerApplication(limited.server.store);
      const limitedEnv = {
        CONDUIT_BASE_URL: limited.url,
        CONDUIT_CLIENT_ID: application.clientId,
        CONDUIT_CLIENT_SECRET: application.clientSecret,
        CONDUIT_EXTERNAL_USER_ID: USER,
      };
      const codes: (number | null)[] = [];
      for (let attempt = 0; attempt < 3 && !codes.includes(6); attempt += 1) {
        codes.push((await runChild(['connectors', 'list', '--json'], { env: limitedEnv })).code);
      }
      expect(codes[0]).toBe(0);
      expect(codes.at(-1)).toBe(6);
    } finally {
      await limited.close();
    }
  });

  it('never prints the client secret or the upstream token, even with --debug', async () => {
    const runs = await Promise.all([
      runChild(['connectors', 'list', '--debug'], { env }),
      runChild(['exec', '--hosted', 'asana', 'workspaces', 'list', '--debug', '--json'], { env }),
      runChild(['search', 'tasks', '--where', 'completed=true', '--debug'], { env }),
      runChild(['connectors', 'list', '--debug'], {
        env: { ...env, CONDUIT_CLIENT_SECRET: `${clientSecret}x` },
      }),
      runChild(
        ['connectors', 'create', 'asana', '--debug', '--json', '--config', 'base_url=http://127.0.0.1:9/api'],
        {
          env: { ...hostedEnv('user-secrets'), ASANA_TOKEN: sim.tokens.personalAccessToken },
        },
      ),
    ]);
    expect(runs.map((result) => result.code)).toEqual([0, 0, 0, 3, 0]);
    expect(runs[0]!.stderr).toContain('debug: hosted service');
    expect(runs[0]!.stderr).toMatch(/debug: POST .*\/applications\/token/);
    for (const result of runs) expectNoSecrets(result);
    expect(runs[3]!.stdout + runs[3]!.stderr).not.toContain(`${clientSecret}x`);
  });
});
