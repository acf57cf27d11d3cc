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
 * with wall time, whole-process CPU time, the main thread's share of it and peak RSS. A listing
 * calls the `page()` it is handed after each page (or each 100 records): the line then also holds
 * the CPU per page after the first `WARMUP_PAGES`, once the code on the path has been compiled
 * and optimized (`steady*`), whole process and main thread. The main thread's CPU leaves out what
 * V8's compiler and garbage-collector threads spend, which the whole-process figure includes.
 */
export async function reportProcess(work) {
  const startCpu = process.cpuUsage();
  const startThread = threadCpuUsage();
  const start = performance.now();
  let pages = 0;
  let warm;
  const page = () => {
    pages += 1;
    if (pages === WARMUP_PAGES) warm = { cpu: process.cpuUsage(), thread: threadCpuUsage() };
  };
  const extra = (await work(page)) ?? {};
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(startCpu);
  const thread = threadCpuUsage(startThread);
  const usage = process.resourceUsage();
  const steady =
    warm === undefined || pages <= WARMUP_PAGES
      ? {}
      : {
          steadyCpuPerPageUs: totalUs(process.cpuUsage(warm.cpu)) / (pages - WARMUP_PAGES),
          ...(warm.thread && {
            steadyMainThreadCpuPerPageUs: totalUs(threadCpuUsage(warm.thread)) / (pages - WARMUP_PAGES),
          }),
        };
  process.stdout.write(
    `${JSON.stringify({
      wallMs,
      cpuMs: totalUs(cpu) / 1000,
      ...(thread && { mainThreadCpuMs: totalUs(thread) / 1000 }),
      peakRssMb: usage.maxRSS / 1024,
      ...steady,
      ...extra,
    })}\n`,
  );
}

/** Pages a listing walks before its steady-state CPU is counted (`reportProcess`). */
export const WARMUP_PAGES = 100;

const totalUs = (usage) => usage.user + usage.system;

// `process.threadCpuUsage` came with Node.js 23.9: on an older Node the main-thread figures are left out.
const threadCpuUsage = (since) => process.threadCpuUsage?.(since);
