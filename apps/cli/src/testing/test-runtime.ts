import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { ConnectorEntry } from '../connectors/connector-catalog';
import type { CliInputStream, CliOutputStream, CliRuntime } from '../framework/cli-runtime';
import type { CommandSpec } from '../framework/command-spec';

/** A writable that keeps everything written to it, posing as a terminal or not. */
export class CaptureStream extends Writable implements CliOutputStream {
  readonly chunks: Buffer[] = [];
  isTTY: boolean;
  columns: number | undefined;

  constructor(isTTY = false, columns?: number) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
  }

  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    callback();
  }

  /** Everything written, as bytes. */
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Everything written, as text. */
  text(): string {
    return this.bytes().toString('utf8');
  }
}

/** Options of {@link createTestRuntime}. */
export interface TestRuntimeOptions {
  env?: Record<string, string | undefined>;
  stdin?: string | Buffer;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  columns?: number;
  fetch?: typeof globalThis.fetch;
  connectors?: readonly ConnectorEntry[];
  /** Home directory; default a fresh temporary directory, so no test reads the real config. */
  homeDirectory?: string;
  platform?: NodeJS.Platform;
}

/** A runtime for in-process runs, with captured streams. */
export interface TestRuntime {
  runtime: CliRuntime;
  stdout: CaptureStream;
  stderr: CaptureStream;
  homeDirectory: string;
}

/**
 * A runtime with captured stdout/stderr, a given environment (nothing inherited) and a private
 * home directory.
 */
export function createTestRuntime(options: TestRuntimeOptions = {}): TestRuntime {
  const homeDirectory = options.homeDirectory ?? mkdtempSync(join(tmpdir(), 'conduit-cli-test-'));
  const stdout = new CaptureStream(options.stdoutIsTTY ?? false, options.columns);
  const stderr = new CaptureStream(options.stderrIsTTY ?? false, options.columns);
  const stdin = Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]) as Readable &
    CliInputStream;
  stdin.isTTY = options.stdinIsTTY ?? false;
  const runtime: CliRuntime = {
    stdout,
    stderr,
    stdin,
    env: { ...options.env },
    homeDirectory,
    platform: options.platform ?? process.platform,
    handleSignals: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.connectors ? { connectors: options.connectors } : {}),
  };
  return { runtime, stdout, stderr, homeDirectory };
}

/** The result of one in-process run. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
  homeDirectory: string;
}

/**
 * Runs the CLI in this process and captures what it printed.
 *
 * @example
 * ```ts
 * const { code, stdout } = await runInProcess(['--version']);
 * ```
 */
export async function runInProcess(
  argv: readonly string[],
  options: TestRuntimeOptions = {},
  commands?: readonly CommandSpec[],
): Promise<RunResult> {
  const [{ runCli }, { COMMANDS }] = await Promise.all([import('../main'), import('../commands/registry')]);
  const test = createTestRuntime(options);
  const code = await runCli(argv, test.runtime, commands ?? COMMANDS);
  return {
    code,
    stdout: test.stdout.text(),
    stderr: test.stderr.text(),
    stdoutBytes: test.stdout.bytes(),
    homeDirectory: test.homeDirectory,
  };
}
