// The server's container image (issue 31): built with apps/server/container/build-image.sh, started
// against PostgreSQL, then used: an application token, a task-management connector against the
// Asana simulator, an execute through it, the image's HEALTHCHECK. Figures: the image's size,
// the time from `run` to a 200 on /readyz, and to the first execute answered.
//
// The container runtime is podman (Debian's, no daemon) or docker. Where docker.io cannot be
// reached, the base is made here (apps/server/container/node-base.sh: the local `node` binary and
// the libraries it links). The engine, its run flags and the base come from
// apps/server/container/container-engine.mjs, as for the image's test.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { HostedClient } from '@conduit/hosted';
import { startAsanaSimulator } from '@conduit/testkit';
import {
  buildServerImage,
  findContainerEngine,
  hostNetworkServerEnv,
  run as sh,
  startServerContainer,
} from '../../apps/server/container/container-engine.mjs';

export const title = 'Container image: size, start time, an execute through it (issue 31)';

const DATABASE_URL = process.env.CONDUIT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TAG = 'localhost/conduit-server:bench';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check, timeoutMs) {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(50);
  }
}

export async function run() {
  const found = findContainerEngine();
  if ('reason' in found) return `Not run: ${found.reason}.`;
  const { engine, runFlags, base } = found;
  const buildStart = performance.now();
  buildServerImage({ engine, base, tag: TAG });
  const buildSeconds = (performance.now() - buildStart) / 1000;
  const sizeBytes = Number(sh(engine, ['image', 'inspect', TAG, '--format', '{{.Size}}']));
  const baseBytes = Number(sh(engine, ['image', 'inspect', base, '--format', '{{.Size}}']));

  const sim = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
  const schema = `bench_container_${randomBytes(4).toString('hex')}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const clientId = 'bench-container';
  const clientSecret = randomBytes(24).toString('hex');
  const name = `conduit-bench-${randomBytes(3).toString('hex')}`;
  const started = performance.now();
  // The host's network: the container reaches PostgreSQL and the simulator on 127.0.0.1.
  startServerContainer({
    engine,
    runFlags,
    tag: TAG,
    name,
    env: hostNetworkServerEnv({ port, databaseUrl: DATABASE_URL, schema, clientId, clientSecret }),
  });
  let result;
  try {
    const readyMs = await waitFor(async () => (await fetch(`${url}/readyz`)).ok, 60_000);
    const client = new HostedClient({
      baseUrl: url,
      externalUserId: 'bench-user',
      platformClientId: clientId,
      platformClientSecret: clientSecret,
    });
    const { id } = await client.createConnector({
      connectorType: 'task-management',
      credentials: { token: sim.tokens.personalAccessToken },
      config: { base_url: sim.baseUrl },
    });
    const workspaces = await client.execute(id, 'workspaces', 'list');
    const firstExecuteMs = performance.now() - started;
    const user = sh(engine, ['exec', name, 'node', '-p', 'process.getuid()']);
    const health = spawnSync(engine, ['healthcheck', 'run', name], { encoding: 'utf8' });
    result = {
      readyMs,
      firstExecuteMs,
      user,
      healthy: health.status === 0,
      records: workspaces.records.length,
    };
  } finally {
    spawnSync(engine, ['rm', '-f', name]);
    spawnSync(engine, ['volume', 'rm', '-f', `${name}-data`]);
    await sim.close();
    spawnSync('psql', [DATABASE_URL, '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`]);
  }
  const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  return [
    `Measured on a loaded 2-core machine shared with other engineers: times vary run to run.`,
    `Engine: ${engine}${runFlags.length ? ` (\`${runFlags.join(' ')}\`)` : ''}; base \`${base}\`${
      base.startsWith('localhost/')
        ? ' (made by apps/server/container/node-base.sh from the `node` binary of the npm package `node` and the Debian libraries it links: docker.io cannot be reached from this machine, only the npm and Debian registries)'
        : ''
    }.`,
    'The server reaches PostgreSQL (a fresh schema) and the Asana simulator on the host network.',
    '',
    '| figure | value |',
    '|---|---|',
    `| image size | ${mib(sizeBytes)} (base ${mib(baseBytes)}, the server and its production dependencies ${mib(sizeBytes - baseBytes)}) |`,
    `| build (deploy + image) | ${buildSeconds.toFixed(0)} s |`,
    `| \`run\` to \`/readyz\` 200 (PostgreSQL, migrations on a fresh schema) | ${(result.readyMs / 1000).toFixed(2)} s |`,
    `| \`run\` to the first execute answered (token, connector, \`workspaces list\`) | ${(result.firstExecuteMs / 1000).toFixed(2)} s |`,
    `| workspaces listed through the container | ${result.records} |`,
    `| process uid in the container | ${result.user} |`,
    `| \`HEALTHCHECK\` (\`${engine} healthcheck run\`) | ${result.healthy ? 'healthy' : 'unhealthy'} |`,
  ].join('\n');
}
