// The container engine the image is built and run with, shared by the image's test
// (apps/server/src/container-image.e2e.test.ts) and its bench (bench/suites/container.mjs), so the
// two build and start the image the same way. Plain ESM: it runs under node and vitest alike.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const SLIM_BASE = 'docker.io/library/node:24-bookworm-slim';

/**
 * Runs a command and returns its standard output, trimmed; standard error passes through.
 *
 * @example
 * ```js
 * const size = run('podman', ['image', 'inspect', tag, '--format', '{{.Size}}']);
 * ```
 */
export function run(command, args, options = {}) {
  return execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  }).trim();
}

/**
 * The engine that can build and run the image here: `CONTAINER_ENGINE`, else podman, else docker;
 * with the `run` flags this host needs and the base image to build on (made here when it cannot be
 * pulled: see {@link ensureBaseImage}), or why no container can run here.
 *
 * Podman raises a container's open-file and process limits above the host's by default; a host
 * (or sandbox) that forbids raising them refuses every container ("error setting rlimit …:
 * operation not permitted"). The engine is then given limits this host lets a container keep. `CONTAINER_RUN_FLAGS` adds flags of the operator's own.
 *
 * @example
 * ```js
 * const found = findContainerEngine();
 * if ('reason' in found) console.log(`skipped: ${found.reason}`);
 * ```
 */
export function findContainerEngine() {
  const engine =
    process.env.CONTAINER_ENGINE ?? (spawnSync('podman', ['--version']).status === 0 ? 'podman' : 'docker');
  if (spawnSync(engine, ['--version']).status !== 0) {
    return { reason: `no container engine (\`${engine}\` is not on the PATH; set CONTAINER_ENGINE)` };
  }
  const extra = (process.env.CONTAINER_RUN_FLAGS ?? '').split(' ').filter(Boolean);
  let base;
  try {
    base = ensureBaseImage(engine);
  } catch (error) {
    return { reason: `${engine} cannot make a base image here: ${String(error.message).split('\n')[0]}` };
  }
  const attempts = [extra, ...ulimitLadder().map((limits) => [...extra, ...limits])];
  let failure = '';
  // On the host's network, as the test and the bench run the image: a machine without podman's
  // network backend (netavark) runs such containers all the same.
  for (const runFlags of attempts) {
    const probe = spawnSync(
      engine,
      ['run', '--rm', '--network', 'host', ...runFlags, base, 'node', '-e', '0'],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (probe.status === 0) return { engine, runFlags, base };
    failure = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n').at(-1);
  }
  return { reason: `${engine} cannot run a container here: ${failure}` };
}

/**
 * `--ulimit` flag sets to try, from this process's hard limits (read from /proc/self/limits on
 * Linux, where podman runs) down to small ones. A sandbox may cap what its containers get below
 * what its processes hold (seen here: 20,000 open files held, 30,000 refused; 96,363 processes
 * held, 40,000 refused), so the host's figures alone are not enough.
 */
function ulimitLadder() {
  let limits = '';
  try {
    limits = readFileSync('/proc/self/limits', 'utf8');
  } catch {}
  const hard = (label) =>
    Number(new RegExp(`^${label}\\s+\\S+\\s+(\\d+)`, 'm').exec(limits)?.[1] ?? Infinity);
  const files = hard('Max open files');
  const processes = hard('Max processes');
  const flags = (nofile, nproc) => [
    ...['--ulimit', `nofile=${Math.min(nofile, files)}:${Math.min(nofile, files)}`],
    ...['--ulimit', `nproc=${Math.min(nproc, processes)}:${Math.min(nproc, processes)}`],
  ];
  return [flags(files, processes), flags(16_384, 16_384), flags(1_024, 4_096)].filter(
    (set) => !set.some((flag) => flag.includes('Infinity')),
  );
}

/**
 * The image's base: `NODE_IMAGE`; else Debian's Node.js slim image when it can be pulled; else
 * one made here from the local `node` binary (container/node-base.sh), for hosts that reach only
 * the npm and Debian registries.
 *
 * @example
 * ```js
 * const base = ensureBaseImage('podman'); // 'localhost/conduit-node-base:24' offline
 * ```
 */
export function ensureBaseImage(engine) {
  if (process.env.NODE_IMAGE) return process.env.NODE_IMAGE;
  if (spawnSync(engine, ['image', 'inspect', SLIM_BASE]).status === 0) return SLIM_BASE;
  if (spawnSync(engine, ['pull', '-q', SLIM_BASE], { timeout: 60_000 }).status === 0) return SLIM_BASE;
  return run(join(here, 'node-base.sh'), [], { env: { ...process.env, CONTAINER_ENGINE: engine } })
    .split('\n')
    .at(-1);
}

/**
 * Builds the server's image (container/build-image.sh: build, `pnpm deploy --prod`, the
 * Containerfile) on `base`, tagged `tag`; with `skipBuild`, from the packages' dist/ as it is.
 *
 * @example
 * ```js
 * buildServerImage({ engine: 'podman', base, tag: 'localhost/conduit-server:test' });
 * ```
 */
export function buildServerImage({ engine, base, tag, skipBuild = false }) {
  execFileSync(join(here, 'build-image.sh'), [tag], {
    env: {
      ...process.env,
      NODE_IMAGE: base,
      CONTAINER_ENGINE: engine,
      ...(skipBuild ? { CONDUIT_IMAGE_SKIP_BUILD: '1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the server image detached on the host's network (so it reaches PostgreSQL and the
 * upstream simulators on 127.0.0.1, which its egress policy then has to allow), with its data
 * volume, and returns the container's name. `env` is given to the engine by name only (`-e NAME`),
 * its values through the engine's own environment: secrets (the encryption key, the bootstrap
 * client secret) never appear in a process's argv.
 *
 * @example
 * ```js
 * startServerContainer({ engine, runFlags, tag, name, env: { CONDUIT_PORT: '8080' } });
 * ```
 */
export function startServerContainer({ engine, runFlags, tag, name, volume = `${name}-data`, env }) {
  const names = Object.keys(env).flatMap((key) => ['-e', key]);
  run(
    engine,
    [
      'run',
      '-d',
      '--name',
      name,
      '--network',
      'host',
      ...runFlags,
      ...names,
      '-v',
      `${volume}:/var/lib/conduit`,
      tag,
    ],
    { env: { ...process.env, ...env } },
  );
  return name;
}

/**
 * The environment of a server container on the host's network, as the image's test and bench run
 * it: PostgreSQL in its own schema, a fresh encryption key, one bootstrap application, and the
 * simulators on 127.0.0.1 allowed as upstreams (as an operator names them in
 * `CONDUIT_EGRESS_ALLOW`).
 *
 * @example
 * ```js
 * const env = hostNetworkServerEnv({ port: 8080, databaseUrl, schema, clientId, clientSecret });
 * ```
 */
export function hostNetworkServerEnv({ port, databaseUrl, schema, clientId, clientSecret }) {
  return {
    CONDUIT_PORT: String(port),
    CONDUIT_DATABASE_URL: databaseUrl,
    CONDUIT_DATABASE_SCHEMA: schema,
    CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CONDUIT_BOOTSTRAP_CLIENT_ID: clientId,
    CONDUIT_BOOTSTRAP_CLIENT_SECRET: clientSecret,
    CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
    CONDUIT_EGRESS_ALLOW: '127.0.0.1',
  };
}
