import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI's directory (`apps/cli`). */
export const CLI_DIRECTORY = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI's executable, as users run it. */
export const CLI_BIN = join(CLI_DIRECTORY, 'bin.js');
const DIST_ENTRY = join(CLI_DIRECTORY, 'dist', 'index.js');

/**
 * Throws unless the CLI is built: child-process tests run `bin.js`, which loads `dist/`.
 *
 * @example
 * ```ts
 * beforeAll(requireBuiltCli);
 * ```
 */
export function requireBuiltCli(): void {
  if (!existsSync(DIST_ENTRY)) {
    throw new Error(
      `the CLI is not built (${DIST_ENTRY} is missing): run \`pnpm build\` first; CI builds before testing`,
    );
  }
}

/** What a child run of the CLI printed, and how it ended. */
export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutBytes: Buffer;
}

/** Options of {@link runChild} and {@link spawnChild}. */
export interface ChildOptions {
  /** Added to a clean environment (PATH and a private HOME only). */
  readonly env?: Record<string, string>;
  /** Written to stdin, which is then closed. */
  readonly input?: string;
  readonly cwd?: string;
  /** The program to run instead of `bin.js` (a user's own `bin` over `main`). */
  readonly bin?: string;
  /** Killed with SIGKILL after this long (the test then fails on its exit code). Default 60 s. */
  readonly timeoutMs?: number;
}

/**
 * Starts `node bin.js …` as users run it, with a clean environment (PATH and a private HOME,
 * removed when the process ends: nothing of the developer's own config, tokens or colours leaks
 * in); the caller reads its streams.
 *
 * @example
 * ```ts
 * const child = spawnChild(['serve', '--port', '0']);
 * ```
 */
export function spawnChild(
  args: readonly string[],
  options: ChildOptions = {},
): ChildProcessWithoutNullStreams {
  const home = mkdtempSync(join(tmpdir(), 'conduit-child-home-'));
  const child = spawn(process.execPath, [options.bin ?? CLI_BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
    cwd: options.cwd ?? CLI_DIRECTORY,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.on('close', () => rmSync(home, { recursive: true, force: true }));
  return child;
}

/**
 * Runs `node bin.js …` to the end and collects what it printed.
 *
 * @example
 * ```ts
 * const { code, stdout } = await runChild(['connectors', 'list', '--json'], { env });
 * ```
 */
export function runChild(args: readonly string[], options: ChildOptions = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(args, options);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const bytes = Buffer.concat(stdout);
      resolve({
        code,
        signal,
        stdout: bytes.toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        stdoutBytes: bytes,
      });
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * The lines of NDJSON output, parsed.
 *
 * @example
 * ```ts
 * const records = ndjson(result.stdout) as { gid: string }[];
 * ```
 */
export function ndjson(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/**
 * The time an end-to-end test may take: each starts several Node processes, and the machine may
 * be shared with other work.
 */
export const E2E_TIMEOUT_MS = 90_000;
