import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AsanaSimulator,
  type ConnectProxy,
  createSelfSignedCertificate,
  type ReceivedSpan,
  type SalesforceSimulator,
  type SelfSignedCertificate,
  startAsanaSimulator,
  startConnectProxy,
  startOtlpReceiver,
  startSalesforceSimulator,
} from '@conduit/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLI_DIRECTORY,
  E2E_TIMEOUT_MS,
  ndjson,
  requireBuiltCli,
  runChild,
  spawnChild,
} from '../../testing/child-cli';

// The built CLI and `conduit serve` as child processes, as operators run them: behind a real
// forward proxy (the egress policy still refusing what it refuses), and traced to a local OTLP
// receiver.

const BOOTSTRAP = {
  CONDUIT_BOOTSTRAP_CLIENT_ID: 'app-operate-test',
  CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'bootstrap-secret-operate-0123456789',
};

/** `conduit serve` in a child process; resolves once it prints where it listens. */
async function serve(directory: string, env: Record<string, string>) {
  const child = spawnChild(['serve', '--port', '0', '--data-dir', join(directory, 'data')], {
    env: { ...BOOTSTRAP, CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end !== -1) resolve(buffered.slice(0, end));
    });
    child.on('close', () => reject(new Error(`conduit serve exited early: ${stderr}`)));
  });
  const url = line.slice('listening on '.length);
  return {
    url,
    client: (user: string) => ({
      CONDUIT_BASE_URL: url,
      CONDUIT_CLIENT_ID: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_ID,
      CONDUIT_CLIENT_SECRET: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_SECRET,
      CONDUIT_EXTERNAL_USER_ID: user,
    }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let directory: string;
let proxy: ConnectProxy;
let asana: AsanaSimulator;
let salesforce: SalesforceSimulator;
let tls: SelfSignedCertificate;

beforeAll(async () => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-operate-e2e-'));
  // The proxy on 127.0.0.2, the upstreams on 127.0.0.1; CONDUIT_EGRESS_ALLOW names 127.0.0.1 only.
  proxy = await startConnectProxy('127.0.0.2');
  asana = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
  tls = createSelfSignedCertificate();
  salesforce = await startSalesforceSimulator({ dataset: { seed: 6 }, tls });
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.close();
  await asana?.close();
  await salesforce?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
}, E2E_TIMEOUT_MS);

beforeEach(() => {
  proxy.connects.length = 0;
});

describe('behind an HTTP proxy (built, child processes)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('conduit serve reaches http and https upstreams through the proxy, OAuth exchange included', async () => {
    const service = await serve(join(directory, 'proxied'), {
      HTTP_PROXY: proxy.url,
      HTTPS_PROXY: proxy.url,
      CONDUIT_EGRESS_ALLOW: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: tls.certPath,
    });
    try {
      const env = service.client('proxied-user');
      const created = await runChild(
        ['connectors', 'create', 'asana', '--config', `base_url=${asana.baseUrl}`, '--json'],
        { env: { ...env, ASANA_TOKEN: asana.tokens.personalAccessToken } },
      );
      expect(created.code, created.stderr).toBe(0);
      const workspaces = await runChild(['exec', '--hosted', 'asana', 'workspaces', 'list', '--json'], {
        env,
      });
      expect(workspaces.code, workspaces.stderr).toBe(0);
      expect(proxy.connects).toContain(new URL(asana.baseUrl).host);

      // A CRM connector over https: its refresh-token exchange and its API calls are tunnelled.
      const crm = await runChild(
        ['connectors', 'create', 'crm', '--config', `base_url=${salesforce.loginUrl}`, '--json'],
        {
          env: {
            ...env,
            SALESFORCE_REFRESH_TOKEN: salesforce.credentials.refreshToken,
            SALESFORCE_CLIENT_ID: salesforce.credentials.clientId,
            SALESFORCE_CLIENT_SECRET: salesforce.credentials.clientSecret,
          },
        },
      );
      expect(crm.code, crm.stderr).toBe(0);
      const { id } = JSON.parse(crm.stdout) as { id: string };
      const accounts = await runChild(['exec', '--hosted', id, 'accounts', 'list', '--json'], { env });
      expect(accounts.code, accounts.stderr).toBe(0);
      expect(proxy.connects).toContain(new URL(salesforce.loginUrl).host);
      expect(proxy.connects).toContain(new URL(salesforce.instanceUrl).host);

      // A target the policy refuses is refused by the service, and never asked of the proxy.
      const before = proxy.connects.length;
      const refusedConnector = await runChild(
        [
          'connectors',
          'create',
          'asana',
          '--name',
          'internal',
          '--config',
          'base_url=http://10.1.2.3:8080',
          '--json',
        ],
        { env: { ...service.client('refused-user'), ASANA_TOKEN: 'any-token' } },
      );
      // Refused when it is created (a literal private address) or, at the latest, when it is used.
      const refused =
        refusedConnector.code === 0
          ? await runChild(['exec', '--hosted', 'asana', 'workspaces', 'list', '--json'], {
              env: service.client('refused-user'),
            })
          : refusedConnector;
      expect(refused.code).not.toBe(0);
      expect(refused.stdout + refused.stderr).toContain('egress_denied');
      expect(proxy.connects.slice(before).some((target) => target.startsWith('10.1.2.3'))).toBe(false);
    } finally {
      await service.stop();
    }
  });

  it('conduit exec in local mode goes through the proxy; NO_PROXY hosts go direct', async () => {
    const args = ['exec', 'asana', 'workspaces', 'list', '--base-url', asana.baseUrl, '--json'];
    const env = {
      ASANA_TOKEN: asana.tokens.personalAccessToken,
      HTTPS_PROXY: proxy.url,
      HTTP_PROXY: proxy.url,
    };
    const proxied = await runChild(args, { env });
    expect(proxied.code, proxied.stderr).toBe(0);
    expect(proxy.connects).toEqual([new URL(asana.baseUrl).host]);
    const direct = await runChild(args, { env: { ...env, NO_PROXY: '127.0.0.1' } });
    expect(direct.code, direct.stderr).toBe(0);
    expect(proxy.connects).toHaveLength(1);
  });

  it('the SDK goes through the proxy under NODE_USE_ENV_PROXY=1', async () => {
    const script = [
      "import { createAsana } from '@conduit/asana';",
      `const asana = createAsana({ auth: { token: process.env.ASANA_TOKEN }, baseUrl: ${JSON.stringify(asana.baseUrl)} });`,
      'const workspaces = await asana.workspaces.list();',
      'process.stdout.write(JSON.stringify(workspaces));',
    ].join('\n');
    const output = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        {
          cwd: CLI_DIRECTORY,
          env: {
            PATH: process.env.PATH ?? '',
            NODE_USE_ENV_PROXY: '1',
            HTTP_PROXY: proxy.url,
            ASANA_TOKEN: asana.tokens.personalAccessToken,
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
      );
    });
    expect(output.code, output.stderr).toBe(0);
    expect(output.stdout).toContain('gid');
    expect(proxy.connects).toEqual([new URL(asana.baseUrl).host]);
  });
});

describe('traces (built, child processes, a local OTLP receiver)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('conduit exec --hosted … --all and the service’s work on every page are one trace', async () => {
    const receiver = await startOtlpReceiver();
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    const service = await serve(join(directory, 'traced'), { ...otel, CONDUIT_EGRESS_ALLOW: '127.0.0.1' });
    try {
      const env = service.client('traced-user');
      const created = await runChild(
        ['connectors', 'create', 'asana', '--config', `base_url=${asana.baseUrl}`, '--json'],
        { env: { ...env, ASANA_TOKEN: asana.tokens.personalAccessToken } },
      );
      expect(created.code, created.stderr).toBe(0);
      receiver.spans.length = 0;
      const project = asana.data.projects[0]!;
      const listed = await runChild(
        [
          'exec',
          '--hosted',
          'asana',
          'project_tasks',
          'list',
          '-p',
          `project_gid=${project.gid}`,
          '-p',
          'limit=3',
          '--all',
          '--json',
        ],
        { env: { ...env, ...otel } },
      );
      expect(listed.code, listed.stderr).toBe(0);
      expect(ndjson(listed.stdout).length).toBe(asana.data.taskGids({ projectGid: project.gid }).length);
    } finally {
      // The server flushes its spans as it stops.
      await service.stop();
      await receiver.close();
    }
    const root = receiver.spans.find(
      (span) => span.service === 'conduit-cli' && span.name === 'conduit exec',
    );
    expect(root).toBeDefined();
    const tree = receiver.spans.filter((span) => span.traceId === root?.traceId);
    const byId = new Map(tree.map((span) => [span.spanId, span]));
    const pathToRoot = (span: ReceivedSpan): string[] => {
      const names = [span.name];
      let current = span;
      while (current.parentSpanId && byId.has(current.parentSpanId)) {
        current = byId.get(current.parentSpanId)!;
        names.push(current.name);
      }
      return names;
    };
    const executes = tree.filter((span) => span.name === 'conduit.execute project_tasks.list');
    // More than one page: one hosted execute per page, each under the command's root span.
    expect(executes.length).toBeGreaterThan(1);
    for (const execute of executes) {
      expect(pathToRoot(execute).at(-1)).toBe('conduit exec');
      expect(pathToRoot(execute)).toContain('POST /api/v1/connectors/sources/:id/execute');
    }
    const upstream = tree.filter(
      (span) => span.service === 'conduit-server' && span.name.startsWith('GET /api/1.0/'),
    );
    expect(upstream.length).toBeGreaterThanOrEqual(executes.length);
    for (const call of upstream) expect(pathToRoot(call)[1]).toBe('conduit.execute project_tasks.list');
  });
});
