// The hosted service as the benches start it: `node apps/server/dist/main.js` in a process of its
// own, ready once it prints `listening on http://HOST:PORT`, and the wait for a connector's first
// sync (a one-off read of the whole account that would otherwise run under the measured calls).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const serverScript = join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server with `env` added to this process's environment. With `keepWarnings`,
 * its log lines at warn level and above are kept (up to 200) in `warnings`, for a bench to
 * report; otherwise its logs are discarded unread, so reading them costs the measuring process
 * nothing.
 *
 * @param {Record<string, string>} env
 * @param {{ keepWarnings?: boolean }} [options]
 * @returns {Promise<{ url: string, pid: number, warnings: string[], stop: () => Promise<void> }>}
 */
export function startConduitServer(env, { keepWarnings = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverScript], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', keepWarnings ? 'pipe' : 'ignore'],
    });
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    const warnings = [];
    // Logs are JSON lines, as in production.
    const keep = (line) => {
      if (/"level":"(warn|error|fatal)"|"level":(40|50|60)\b/.test(line) && warnings.length < 200)
        warnings.push(line);
    };
    if (keepWarnings) createInterface({ input: child.stderr }).on('line', keep);
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened`)));
    lines.once('line', (line) => {
      const url = /^listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (!url) {
        reject(new Error(`unexpected first line from the server: ${line}`));
        return;
      }
      if (keepWarnings) lines.on('line', keep);
      resolve({
        url,
        pid: child.pid,
        warnings,
        stop: async () => {
          child.kill('SIGTERM');
          const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(forced);
        },
      });
    });
  });
}

/**
 * Waits for a connector's first sync (the server starts one on creation) to end.
 *
 * @param {{ getSyncStatus(id: string): Promise<{ state: string, last_success_at: string | null }> }} hosted
 * @param {string} connectorId
 */
export async function firstSync(hosted, connectorId, timeoutMs = 300_000) {
  const started = Date.now();
  for (;;) {
    const status = await hosted.getSyncStatus(connectorId);
    if (status.state === 'failed') throw new Error(`the first sync failed: ${JSON.stringify(status)}`);
    if (status.state === 'idle' && status.last_success_at !== null) return;
    if (Date.now() - started > timeoutMs) throw new Error('the first sync did not finish in time');
    await sleep(200);
  }
}

/**
 * Creates an Asana connector for `bench-user` on the server at `baseUrl` (the simulator as its
 * upstream) and waits for its first sync; answers the connector's id.
 *
 * @param {{ baseUrl: string, clientId: string, clientSecret: string, simulator: { token: string, baseUrl: string } }} options
 */
export async function syncedAsanaConnector({ baseUrl, clientId, clientSecret, simulator }) {
  const { HostedClient } = await import('@conduit/hosted');
  const hosted = new HostedClient({
    externalUserId: 'bench-user',
    platformClientId: clientId,
    platformClientSecret: clientSecret,
    baseUrl,
  });
  const connector = await hosted.createConnector({
    connectorType: 'asana',
    credentials: { token: simulator.token },
    config: { base_url: simulator.baseUrl },
  });
  await firstSync(hosted, connector.id);
  return connector.id;
}
