import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { HostedClient } from '@conduit/hosted';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Plain ESM beside the Containerfile, shared with bench/suites/container.mjs.
import {
  buildServerImage,
  type ContainerEngine,
  findContainerEngine,
  hostNetworkServerEnv,
  run,
  startServerContainer,
} from '../container/container-engine.mjs';
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from './test-support/postgres-test-schema';

// The image as an operator runs it (apps/server/README.md, "Container image and compose"): built
// from the Containerfile, started against PostgreSQL, used through the SDK against a simulator.
// `./run test` installs podman where it can; without a runnable engine the suite is skipped, and
// says why on one line.
const found = findContainerEngine();
if ('reason' in found) process.stderr.write(`container image tests skipped: ${found.reason}\n`);

/** A port nobody listens on, for the container on the host's network. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf('reason' in found)('the container image (built and run)', () => {
  const { engine, runFlags, base } = found as ContainerEngine;
  const suffix = randomBytes(4).toString('hex');
  const tag = `localhost/conduit-server:test-${suffix}`;
  const name = `conduit-test-${suffix}`;
  const volume = `${name}-data`;
  const schema = uniqueSchemaName('container');
  const clientId = 'container-test';
  const clientSecret = randomBytes(24).toString('hex');
  let sim: AsanaSimulator;
  let url: string;

  beforeAll(async () => {
    // Built from dist/ as `./run test` left it: a build here could rewrite dist/ under other tests.
    buildServerImage({ engine, base, tag, skipBuild: true });
    sim = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // The host's network: the container reaches PostgreSQL and the simulator on 127.0.0.1, which
    // the egress policy refuses unless the operator names it.
    startServerContainer({
      engine,
      runFlags,
      tag,
      name,
      volume,
      env: hostNetworkServerEnv({ port, databaseUrl: TEST_DATABASE_URL, schema, clientId, clientSecret }),
    });
    await until(async () => (await fetch(`${url}/readyz`)).ok, 90_000);
  }, 600_000);

  afterAll(async () => {
    spawnSync(engine, ['rm', '-f', name]);
    spawnSync(engine, ['volume', 'rm', '-f', volume]);
    spawnSync(engine, ['rmi', '-f', tag]);
    await sim?.close();
    await dropSchema(schema);
  });

  it('creates a connector against a simulator and executes through it, on PostgreSQL', async () => {
    const client = new HostedClient({
      baseUrl: url,
      externalUserId: 'container-user',
      platformClientId: clientId,
      platformClientSecret: clientSecret,
    });
    const { id } = await client.createConnector({
      connectorType: 'task-management',
      credentials: { token: sim.tokens.personalAccessToken },
      config: { base_url: sim.baseUrl },
    });
    const workspaces = (await client.execute(id, 'workspaces', 'list')) as { records: unknown[] };
    expect(workspaces.records.length).toBeGreaterThan(0);
    // The container's call reached the simulator: the egress policy let the named host through.
    expect(sim.requests.count({ path: /\/workspaces$/, status: 200 })).toBeGreaterThan(0);
  });

  it('runs as the unprivileged node user, writes its data to the volume and passes its HEALTHCHECK', () => {
    expect(run(engine, ['exec', name, 'node', '-p', 'process.getuid()'])).toBe('1000');
    expect(run(engine, ['exec', name, 'node', '-p', 'process.env.CONDUIT_DATA_DIR'])).toBe(
      '/var/lib/conduit',
    );
    const mounts = run(engine, [
      'inspect',
      name,
      '--format',
      '{{range .Mounts}}{{.Name}} {{.Destination}};{{end}}',
    ]);
    expect(mounts).toContain(`${volume} /var/lib/conduit`);
    const healthcheck = run(engine, ['image', 'inspect', tag, '--format', '{{json .Config.Healthcheck}}']);
    expect(healthcheck).toContain('/readyz');
    if (engine.endsWith('podman')) {
      expect(spawnSync(engine, ['healthcheck', 'run', name]).status).toBe(0);
    }
  });

  it('stops on SIGTERM within its grace period, exiting cleanly', () => {
    run(engine, ['stop', '--time', '20', name]);
    const state = run(engine, ['inspect', name, '--format', '{{.State.ExitCode}}']);
    // 0, or 143 where the runtime reports the signal: never 137, the kill after the grace period.
    expect(['0', '143']).toContain(state);
  });
});
