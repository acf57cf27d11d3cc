import { homedir } from 'node:os';
import type { SettingDefinition } from '../config/settings';
import type { ConnectorEntry } from '../connectors/connector-catalog';

/** A stream the CLI writes to: `process.stdout`, `process.stderr`, or a test double. */
export interface CliOutputStream extends NodeJS.WritableStream {
  /** True when the stream is a terminal; decides colours, tables and progress. */
  isTTY?: boolean;
  /** Terminal width in columns, when known. */
  columns?: number;
}

/** The stream the CLI reads piped input (credentials, secrets) from. */
export interface CliInputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

/**
 * Everything the CLI touches outside its own code. `main` takes one so that tests run it
 * in-process with captured streams, a fake environment and a private config directory.
 */
export interface CliRuntime {
  readonly stdout: CliOutputStream;
  readonly stderr: CliOutputStream;
  readonly stdin: CliInputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory, for the default config location. */
  readonly homeDirectory: string;
  readonly platform: NodeJS.Platform;
  /** Passed to connectors and clients instead of the global `fetch`, when set. */
  readonly fetch?: typeof globalThis.fetch;
  /** The connectors commands may use; default: the built-in catalog. Tests pass their own. */
  readonly connectors?: readonly ConnectorEntry[];
  /** The settings there are, with those of `connectors`; default those of the built-in catalog. */
  readonly settings?: readonly SettingDefinition[];
  /**
   * Whether `main` installs SIGINT/SIGTERM handlers that abort the running command. Only the real
   * process should: handlers installed by in-process tests would leak between them.
   */
  readonly handleSignals: boolean;
}

/**
 * The runtime of the real process.
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2), processRuntime());
 * ```
 */
export function processRuntime(): CliRuntime {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    homeDirectory: homedir(),
    platform: process.platform,
    handleSignals: true,
  };
}
