import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built server: what `node apps/server/dist/main.js` runs in production. The build runs before
 * the tests (CI builds first); tests of a real process cannot say anything without it.
 */
export const SERVER_MAIN = join(import.meta.dirname, '../../dist/main.js');

/** A server started as its own process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

/**
 * Throws, naming the build command, when the built server is missing.
 *
 * @example
 * ```ts
 * beforeAll(() => requireBuiltServer());
 * ```
 */
export function requireBuiltServer(): void {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(
      `${SERVER_MAIN} is missing: build the server first (pnpm exec turbo run build --filter=@conduit/server...)`,
    );
  }
}

/**
 * Starts the built server on 127.0.0.1 and an ephemeral port with `env` (the test's own
 * `CONDUIT_*` variables are left out), resolving once it prints its `listening on` line.
 *
 * @example
 * ```ts
 * const server = await startServerProcess({ CONDUIT_DATA_DIR: dataDir });
 * server.child.kill('SIGKILL');
 * await server.exited;
 * ```
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('CONDUIT_')) childEnv[name] = value;
  }
  Object.assign(childEnv, { CONDUIT_HOST: '127.0.0.1', CONDUIT_PORT: '0', ...env });
  const child = spawn(process.execPath, [SERVER_MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${errors}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening: ${errors}`));
    });
  });
}

/**
 * A JSON request to a server process: its status and parsed body.
 *
 * @example
 * ```ts
 * const { body } = await json(`${server.url}/api/v1/account/applications/token`, { method: 'POST', body: { client_id, client_secret } });
 * ```
 */
export async function json(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The bootstrap application of {@link serverTestEnv}. */
export const TEST_SERVER_CLIENT = {
  clientId: 'server-process-test',
  clientSecret: 'server-process-test-secret-0123456789',
} as const;

/**
 * What a test's server process runs with: the bootstrap application {@link TEST_SERVER_CLIENT},
 * upstream overrides and loopback egress (the simulators listen there), no inbound rate limit and
 * only error logs; `extra` adds to it or overrides it.
 *
 * @example
 * ```ts
 * const server = await startServerProcess(serverTestEnv({ CONDUIT_DATA_DIR: dataDir }));
 * ```
 */
export function serverTestEnv(extra: Record<string, string>): Record<string, string> {
  return {
    CONDUIT_BOOTSTRAP_CLIENT_ID: TEST_SERVER_CLIENT.clientId,
    CONDUIT_BOOTSTRAP_CLIENT_SECRET: TEST_SERVER_CLIENT.clientSecret,
    CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
    CONDUIT_EGRESS_ALLOW: '127.0.0.0/8',
    CONDUIT_RATE_LIMIT: 'off',
    CONDUIT_LOG_LEVEL: 'error',
    ...extra,
  };
}

/**
 * An application token of {@link TEST_SERVER_CLIENT} from a server process.
 *
 * @example
 * ```ts
 * const token = await applicationToken(server);
 * ```
 */
export async function applicationToken(server: ServerProcess): Promise<string> {
  const { body } = await json(`${server.url}/api/v1/account/applications/token`, {
    method: 'POST',
    body: { client_id: TEST_SERVER_CLIENT.clientId, client_secret: TEST_SERVER_CLIENT.clientSecret },
  });
  return body.access_token as string;
}
