import { spawn } from 'node:child_process';

/**
 * Runs one benchmark variant in a child process of its own, so its CPU time and peak memory are
 * the whole process's, not shared with the runner. The child prints one JSON line last; its
 * `resourceUsage` is added here.
 */
export function measureProcess(script, args = [], { env = {}, timeoutMs = 600_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const last = output.trim().split('\n').at(-1);
      if (code !== 0 || !last) {
        reject(new Error(`${script} ${args.join(' ')} exited with ${code}: ${output.slice(-500)}`));
        return;
      }
      resolve(JSON.parse(last));
    });
  });
}

/**
 * Called inside a variant's process: runs `work` and prints the JSON line `measureProcess` reads,
 * with wall time, whole-process CPU time and peak RSS.
 */
export async function reportProcess(work) {
  const startCpu = process.cpuUsage();
  const start = performance.now();
  const extra = (await work()) ?? {};
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(startCpu);
  const usage = process.resourceUsage();
  process.stdout.write(
    `${JSON.stringify({
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMb: usage.maxRSS / 1024,
      ...extra,
    })}\n`,
  );
}
