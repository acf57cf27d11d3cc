// Hostile upstream (issue 12, "Security"): what the server process does under answers meant to
// exhaust it, under a login flood, and under fuzzed input on each store.
//  1. Peak memory of the server (its own process) while one execute meets a decompression bomb
//     (`gzip`, and `gzip, gzip`) or a 400 MB page, above its RSS just before; and its RSS a few
//     seconds after. A fresh server per attack, so one attack's heap does not hide the next's.
//  2. A legitimate login's p50 while 64 connections flood the token endpoint with wrong secrets
//     (half for the application's client id, half for unknown ones) from another address, against
//     the same logins with the server idle.
//  3. Fuzzed requests (hostile text in bodies, paths and queries) against a server on SQLite and
//     one on PostgreSQL: how many answered 500.
//  4. OAuth hosts (issue 28): sign-ins on the connect page with a Salesforce `instance_url` (and an
//     Asana `base_url`) meant to collect the operator's OAuth client: where the server redirects.
//  5. Behind a reverse proxy (issue 28): garbage logins (unknown ids) and wrong secrets from
//     clients sharing the proxy's address, then a legitimate login, with and without
//     `CONDUIT_TRUSTED_PROXIES`.
// The hostile upstream runs in the runner's process, the server in its own (`apps/server/dist`).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startHostileUpstream } from '@conduit/testkit';
import fc from 'fast-check';
import { fixed, median, table } from '../lib/stats.mjs';

export const title = 'Hostile upstream: memory under bombs, logins under a flood, fuzzed input (issue 12)';

const MiB = 1024 * 1024;
const TARGET_PEAK_MIB = 64;
const TARGET_LOGIN_RATIO = 2;
const LOGIN_SAMPLES = 30;
const FLOOD_CONNECTIONS = 64;
const FUZZ_RUNS = 1500;
const DATABASE_URL = process.env.CONDUIT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverScript = join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js');
const floodScript = join(import.meta.dirname, '..', 'variants', 'login-flood.mjs');
const log = (line) => process.stderr.write(`  hostile-upstream: ${line}\n`);

/** Resident and peak-resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

async function startServer(kind, extraEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'conduit-bench-hostile-'));
  const schema = `bench_hostile_${randomBytes(4).toString('hex')}`;
  const bootstrap = { clientId: 'bench-app', clientSecret: randomBytes(24).toString('base64url') };
  const env = {
    ...process.env,
    CONDUIT_PORT: '0',
    CONDUIT_DATA_DIR: dataDir,
    CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
    // The hostile upstream is on loopback: allowed, so what is measured is the response bounds.
    CONDUIT_EGRESS_ALLOW: '127.0.0.0/8',
    CONDUIT_BOOTSTRAP_CLIENT_ID: bootstrap.clientId,
    CONDUIT_BOOTSTRAP_CLIENT_SECRET: bootstrap.clientSecret,
    CONDUIT_RATE_LIMIT: 'off',
    CONDUIT_LOG_LEVEL: 'error',
    CONDUIT_SYNC_INTERVAL: '24h',
    ...(kind === 'postgres' ? { CONDUIT_DATABASE_URL: DATABASE_URL, CONDUIT_DATABASE_SCHEMA: schema } : {}),
    ...(kind === 'postgres' ? { CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
    ...extraEnv,
  };
  const child = spawn(process.execPath, [serverScript], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const found = /^listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (found) resolve(found);
      else reject(new Error(`unexpected first line from the server: ${line}`));
    });
  });
  return {
    url,
    pid: child.pid,
    bootstrap,
    async stop() {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
      await rm(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') {
        try {
          execFileSync('psql', [DATABASE_URL, '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`], {
            stdio: 'ignore',
          });
        } catch {
          log(`could not drop schema ${schema} (psql missing?)`);
        }
      }
    },
  };
}

/** One HTTP call from a chosen local address, with its time. */
function call(
  url,
  { method = 'POST', path, body, token, localAddress = '127.0.0.1', agent = false, headers: extra = {} },
) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = httpRequest(new URL(path, url), { method, localAddress, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({
          status: response.statusCode,
          json,
          location: response.headers.location,
          ms: performance.now() - started,
        });
      });
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

async function appToken(server, localAddress = '127.0.0.1') {
  const answer = await call(server.url, {
    path: '/api/v1/account/applications/token',
    body: { client_id: server.bootstrap.clientId, client_secret: server.bootstrap.clientSecret },
    localAddress,
  });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
  return answer.json.access_token;
}

async function connector(server, token, baseUrl) {
  const answer = await call(server.url, {
    path: '/v1/integrations/connectors',
    token,
    body: {
      external_user_id: 'bench',
      connector_type: 'asana',
      credentials: { token: 'pat' },
      config: { base_url: baseUrl },
    },
  });
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json.id;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function memoryUnderAttacks() {
  const attacks = [
    { name: '`gzip` bomb, 4 MiB on the wire → 4 GiB', options: { attack: 'gzip-bomb', decodedMiB: 4096 } },
    { name: '`gzip, gzip` bomb, a few KiB → 7 GiB', options: { attack: 'nested-gzip', decodedMiB: 7168 } },
    { name: '400 MB JSON page', options: { attack: 'huge-page', pageMiB: 400 } },
  ];
  const upstream = await startHostileUpstream({ attack: 'ok' });
  const rows = [];
  try {
    for (const attack of attacks) {
      const server = await startServer('sqlite');
      try {
        const token = await appToken(server);
        const id = await connector(server, token, upstream.url);
        const execute = () =>
          call(server.url, {
            path: `/api/v1/connectors/sources/${id}/execute`,
            token,
            body: { entity: 'workspaces', action: 'list' },
          });
        for (let warm = 0; warm < 20; warm += 1) await execute();
        await sleep(500);
        const before = memoryOf(server.pid);
        upstream.set(attack.options);
        let peak = before.rss;
        const sampler = setInterval(() => {
          peak = Math.max(peak, memoryOf(server.pid).rss);
        }, 5);
        const answer = await execute();
        clearInterval(sampler);
        const afterAnswer = memoryOf(server.pid);
        upstream.set({ attack: 'ok' });
        const health = await call(server.url, { method: 'GET', path: '/healthz' });
        await sleep(3000);
        const settled = memoryOf(server.pid);
        const peakAbove = (Math.max(peak, afterAnswer.rss) - before.rss) / MiB;
        const hwmAbove = (afterAnswer.hwm - before.rss) / MiB;
        log(
          `${attack.options.attack}: ${answer.status} ${answer.json?.errors?.[0]?.error_code}, peak +${fixed(peakAbove, 1)} MiB`,
        );
        rows.push({
          name: attack.name,
          answer: `${answer.status} \`${answer.json?.errors?.[0]?.error_code ?? '?'}\` in ${fixed(answer.ms, 0)} ms`,
          healthz: health.status,
          baseline: before.rss / MiB,
          peakAbove,
          hwmAbove,
          settledAbove: (settled.rss - before.rss) / MiB,
          sent: upstream.bodyBytesSent,
        });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await upstream.close();
  }
  return rows;
}

async function loginUnderFlood() {
  const server = await startServer('sqlite');
  try {
    const legitimate = () =>
      call(server.url, {
        path: '/api/v1/account/applications/token',
        body: { client_id: server.bootstrap.clientId, client_secret: server.bootstrap.clientSecret },
        localAddress: '127.0.0.2',
      });
    for (let warm = 0; warm < 5; warm += 1) await legitimate();
    const idle = [];
    for (let sample = 0; sample < LOGIN_SAMPLES; sample += 1) idle.push((await legitimate()).ms);

    // The attacker runs in a process of its own, as the bench's clients do.
    const attacker = spawn(
      process.execPath,
      [
        floodScript,
        '--url',
        server.url,
        '--client-id',
        server.bootstrap.clientId,
        '--connections',
        String(FLOOD_CONNECTIONS),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: attacker.stdout });
    const messages = [];
    let wake;
    lines.on('line', (line) => {
      messages.push(JSON.parse(line));
      wake?.();
    });
    const next = async () => {
      while (messages.length === 0) await new Promise((resolve) => (wake = resolve));
      return messages.shift();
    };
    await next();
    await sleep(1000);
    const during = [];
    const duringStatuses = [];
    for (let sample = 0; sample < LOGIN_SAMPLES; sample += 1) {
      const answer = await legitimate();
      during.push(answer.ms);
      duringStatuses.push(answer.status);
    }
    attacker.stdin.write('stop\n');
    const flood = await next();
    return {
      idleP50: median(idle),
      duringP50: median(during),
      legitimateOk: duringStatuses.filter((status) => status === 200).length,
      floodRate: flood.rate,
      statuses: flood.statuses.sort(([a], [b]) => a - b),
    };
  } finally {
    await server.stop();
  }
}

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d\ude00'),
  fc.integer({ min: 200, max: 3000 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 200, max: 600 }).map((length) => 'é'.repeat(length)),
);
const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const encode = (text) =>
  lone.test(text)
    ? `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
    : encodeURIComponent(text);

async function fuzz(kind) {
  const server = await startServer(kind);
  try {
    const token = await appToken(server);
    const created = await call(server.url, {
      path: '/v1/integrations/connectors',
      token,
      body: { external_user_id: 'fuzz', connector_type: 'asana', credentials: { token: 'pat' } },
    });
    const id = created.json.id;
    const statuses = new Map();
    const samples = fc.sample(
      fc.tuple(
        fc.constantFrom('create', 'eq', 'fuzzy', 'keyword', 'like', 'in', 'path', 'list', 'scoped'),
        hostileText,
      ),
      { numRuns: FUZZ_RUNS, seed: 12 },
    );
    for (const [where, text] of samples) {
      const search = (filter) => ({
        path: `/api/v1/connectors/sources/${id}/execute`,
        token,
        body: { entity: 'tasks', action: 'search', params: { query: { filter } } },
      });
      const requests = {
        create: {
          path: '/v1/integrations/connectors',
          token,
          body: {
            external_user_id: text.slice(0, 200) || 'u',
            name: text,
            connector_type: 'asana',
            credentials: { token: 'pat' },
          },
        },
        path: { method: 'GET', path: `/v1/integrations/connectors/${encode(text)}`, token },
        list: { method: 'GET', path: `/v1/integrations/connectors?external_user_id=${encode(text)}`, token },
        scoped: {
          path: '/api/v1/account/applications/scoped-token',
          token,
          body: { external_user_id: text },
        },
        in: search({ in: { name: [text, 'x'] } }),
      };
      const answer = await call(server.url, requests[where] ?? search({ [where]: { name: text } }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    return { kind, requests: samples.length, statuses: [...statuses.entries()].sort(([a], [b]) => a - b) };
  } finally {
    await server.stop();
  }
}

/** Instance URLs an end user could type to collect the operator's Salesforce OAuth client. */
const HOSTILE_INSTANCE_URLS = [
  'https://attacker.example',
  'https://my.salesforce.com.attacker.example',
  'https://login.salesforce.com.attacker.example',
  'https://evilmy.salesforce.com',
  'https://login.salesforce.com@attacker.example',
  'https://attacker.example#.my.salesforce.com',
  'http://acme.my.salesforce.com',
  'https://127.0.0.1',
  'https://169.254.169.254',
  'https://[::1]',
];
const GOOD_INSTANCE_URLS = ['https://login.salesforce.com', 'https://acme.my.salesforce.com'];
const IDENTITY_HOST =
  /^https:\/\/(login\.salesforce\.com|test\.salesforce\.com|[a-z0-9-]+(\.sandbox)?\.my\.salesforce\.com|app\.asana\.com)\//;

async function oauthHosts() {
  const server = await startServer('sqlite', {
    CONDUIT_OAUTH_SALESFORCE_CLIENT_ID: 'bench-operator-client',
    CONDUIT_OAUTH_SALESFORCE_CLIENT_SECRET: 'bench-operator-secret-0123456789',
    CONDUIT_OAUTH_ASANA_CLIENT_ID: 'bench-operator-client',
    CONDUIT_OAUTH_ASANA_CLIENT_SECRET: 'bench-operator-secret-0123456789',
    // Public addresses only, as in production; the override on, the worst case.
    CONDUIT_EGRESS_ALLOW: '',
  });
  try {
    const token = await appToken(server);
    const rows = [];
    const signIn = async (type, fields) => {
      const session = await call(server.url, {
        path: '/v1/integrations/connect-sessions',
        token,
        body: { external_user_id: 'bench', connector_types: [type] },
      });
      return call(server.url, {
        path: `${session.json.url}/oauth`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ connector_type: type, method: 'oauth', ...fields }).toString(),
      });
    };
    for (const instanceUrl of [...HOSTILE_INSTANCE_URLS, ...GOOD_INSTANCE_URLS]) {
      const answer = await signIn('crm', { 'config.instance_url': instanceUrl });
      rows.push({
        input: `Salesforce \`instance_url\` ${instanceUrl}`,
        hostile: HOSTILE_INSTANCE_URLS.includes(instanceUrl),
        answer,
      });
    }
    const asana = await signIn('task-management', { 'config.base_url': 'https://attacker.example/api/1.0' });
    rows.push({
      input: 'Asana `base_url` https://attacker.example (override on)',
      hostile: true,
      answer: asana,
    });
    return rows.map(({ input, hostile, answer }) => {
      const location = answer.location ?? '';
      const identity = IDENTITY_HOST.test(location);
      return {
        input,
        hostile,
        status: answer.status,
        redirect: location === '' ? '—' : new URL(location).origin,
        ok: answer.status >= 500 ? false : location === '' || identity,
      };
    });
  } finally {
    await server.stop();
  }
}

/** Garbage and wrong-secret logins through one proxy address, then the application's own login. */
async function behindProxy(trusted) {
  const server = await startServer('sqlite', trusted ? { CONDUIT_TRUSTED_PROXIES: '127.0.0.1' } : {});
  try {
    const login = (clientId, secret, forwardedFor) =>
      call(server.url, {
        path: '/api/v1/account/applications/token',
        body: { client_id: clientId, client_secret: secret },
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const statuses = new Map();
    // 150 unknown ids from 150 clients (past the 100 per address), then 15 wrong secrets for the
    // application from one client (past its 10), all through the proxy's address; the
    // application's own login from a third client after each.
    for (let index = 0; index < 150; index += 1) {
      const answer = await login(`nobody-${index}`, 'wrong-secret-0123456789', `198.51.100.${index % 200}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const own = () => login(server.bootstrap.clientId, server.bootstrap.clientSecret, '203.0.113.7');
    const afterGarbage = (await own()).status;
    for (let index = 0; index < 15; index += 1) {
      const answer = await login(server.bootstrap.clientId, 'wrong-secret-0123456789', '203.0.113.66');
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const afterGuessing = (await own()).status;
    return {
      trusted,
      statuses: [...statuses.entries()].sort(([a], [b]) => a - b),
      afterGarbage,
      afterGuessing,
    };
  } finally {
    await server.stop();
  }
}

export async function run() {
  log('memory under hostile answers');
  const memory = await memoryUnderAttacks();
  log('login flood');
  const login = await loginUnderFlood();
  log('fuzzing sqlite and postgres');
  const fuzzed = [await fuzz('sqlite'), await fuzz('postgres')];
  log('OAuth hosts');
  const oauth = await oauthHosts();
  log('logins behind a reverse proxy');
  const proxied = [await behindProxy(false), await behindProxy(true)];

  const memoryTable = table(
    [
      'upstream answer',
      'server answered',
      '/healthz after',
      'RSS before',
      'peak above (sampled 5 ms)',
      'peak above (VmHWM)',
      'RSS above, 3 s after',
      `target ≤ ${TARGET_PEAK_MIB} MiB`,
    ],
    memory.map((row) => [
      row.name,
      row.answer,
      String(row.healthz),
      `${fixed(row.baseline, 0)} MiB`,
      `${fixed(row.peakAbove, 1)} MiB`,
      `${fixed(row.hwmAbove, 1)} MiB`,
      `${fixed(row.settledAbove, 1)} MiB`,
      row.peakAbove <= TARGET_PEAK_MIB ? 'PASS' : 'MISS',
    ]),
  );
  const ratio = login.duringP50 / login.idleP50;
  const loginTable = table(
    ['legitimate login', 'p50', 'answered 200'],
    [
      ['server idle', `${fixed(login.idleP50, 1)} ms`, `${LOGIN_SAMPLES}/${LOGIN_SAMPLES}`],
      [
        `during the flood (${FLOOD_CONNECTIONS} connections, ${fixed(login.floodRate, 0)} req/s)`,
        `${fixed(login.duringP50, 1)} ms`,
        `${login.legitimateOk}/${LOGIN_SAMPLES}`,
      ],
    ],
  );
  const fuzzTable = table(
    ['store', 'fuzzed requests', 'statuses', 'answered 500'],
    fuzzed.map((result) => [
      result.kind,
      String(result.requests),
      result.statuses.map(([status, count]) => `${status}×${count}`).join(', '),
      `${result.statuses.find(([status]) => status === 500)?.[1] ?? 0} (${(result.statuses.find(([status]) => status === 500)?.[1] ?? 0) === 0 ? 'PASS' : 'MISS'})`,
    ]),
  );
  const leaked = oauth.filter((row) => row.hostile && !row.ok).length;
  const oauthTable = table(
    ['sign-in asked for', 'answered', 'redirected to', 'only an identity host'],
    oauth.map((row) => [row.input, String(row.status), row.redirect, row.ok ? 'PASS' : 'MISS']),
  );
  const proxyTable = table(
    [
      '`CONDUIT_TRUSTED_PROXIES`',
      'attack answers',
      'own login after the garbage (target 200)',
      'own login after the guessing',
    ],
    proxied.map((result) => [
      result.trusted ? '127.0.0.1 (the proxy)' : 'unset',
      result.statuses.map(([status, count]) => `${status}×${count}`).join(', '),
      `${result.afterGarbage} (${result.afterGarbage === 200 ? 'PASS' : 'MISS'})`,
      `${result.afterGuessing} (${result.trusted ? (result.afterGuessing === 200 ? 'PASS' : 'MISS') : 'expected 429: every client shares the proxy address'})`,
    ]),
  );
  return `Run once at the end on a shared, noisy machine: treat the figures as indicative.

### Server memory under hostile upstream answers

One \`workspaces list\` execute through a fresh server process (SQLite) whose connector points at
the hostile upstream (\`startHostileUpstream\` of the testkit; loopback allowed with
\`CONDUIT_EGRESS_ALLOW\`, so the response bounds are what is exercised: 16 MiB per answer,
decompression ratio 100). RSS is the server process's own (\`/proc/<pid>/status\`), sampled every
5 ms during the call; VmHWM is the process's lifetime peak, so it also includes start-up.

${memoryTable}

### Legitimate logins during a login flood

${FLOOD_CONNECTIONS} keep-alive connections from 127.0.0.1, in a process of their own, send wrong
secrets without pause, half for the application's client id and half for unknown ones; the
legitimate client logs in from 127.0.0.2, ${LOGIN_SAMPLES} times in a row. The server refuses a
flood before any hash once its buckets are full (the application's from that address, and the
unknown ids' of that address; since issue 28 one check in flight per bucket, so up to two of the
flood's hashes run at once where one did before) and holds each refusal 1 s. Flood answers: ${login.statuses.map(([status, count]) => `${status}×${count}`).join(', ')}.

${loginTable}

Ratio during / idle: **${fixed(ratio, 2)}** (target ≤ ${TARGET_LOGIN_RATIO}: ${ratio <= TARGET_LOGIN_RATIO ? 'PASS' : 'MISS'}).

### Fuzzed input on each store

${FUZZ_RUNS} requests per store (fast-check, seed 12): NUL, lone surrogates, long and accented
words in connector names, external user ids, path segments, query strings, scoped-token bodies and
every text operator of \`search\`.

${fuzzTable}

### OAuth hosts (issue 28)

A server with the operator's Salesforce and Asana OAuth clients, public addresses only and the
upstream override on; each row opens a connect session and posts its sign-in form. Before issue
28 every public https host was redirected to, and the code then exchanged there with the
operator's client id and secret. Hostile inputs redirected anywhere: **${leaked}** (target 0).

${oauthTable}

### Logins behind a reverse proxy (issue 28)

All requests come from 127.0.0.1 (the proxy), each with the \`X-Forwarded-For\` nginx would send:
150 unknown client ids from 150 clients, then 15 wrong secrets for the application from one
client; after each, the application's own login from a third client. Without the setting the
garbage no longer locks the application out (before issue 28 about 100 bad logins did), but one
guesser does, for everyone behind the proxy: the operator guide says to set it.

${proxyTable}
`;
}
