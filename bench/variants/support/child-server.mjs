// Starts a server script (the fixture server, the Asana simulator) in a child process and waits
// for the one JSON line it prints when ready.
import { spawn } from 'node:child_process';

/**
 * @param {string} script absolute path of the server's entry
 * @param {string[]} args its flags
 * @returns {Promise<{ ready: Record<string, unknown>, pid: number, stop: () => Promise<void> }>}
 */
export function startServerProcess(script, args = [], { env = {}, readyTimeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    let settled = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} was not ready after ${readyTimeoutMs} ms`));
    }, readyTimeoutMs);
    const fail = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code} before it was ready`)));
    child.stdout.on('data', (chunk) => {
      if (settled) return;
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      settled = true;
      clearTimeout(timer);
      const ready = JSON.parse(buffered.slice(0, newline));
      child.stdout.resume();
      resolve({
        ready,
        pid: child.pid,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(forced);
        },
      });
    });
  });
}

/**
 * Starts a server script as `startServerProcess` does, calls `use(ready)` with its ready line and
 * stops the process when `use` settles, whatever it did; answers what `use` answered.
 *
 * @template T
 * @param {string} script absolute path of the server's entry
 * @param {string[]} args its flags
 * @param {{ env?: Record<string, string>, readyTimeoutMs?: number }} options
 * @param {(ready: Record<string, unknown>) => Promise<T> | T} use
 * @returns {Promise<T>}
 */
export async function withServerProcess(script, args, options, use) {
  const server = await startServerProcess(script, args, options);
  try {
    return await use(server.ready);
  } finally {
    await server.stop();
  }
}
