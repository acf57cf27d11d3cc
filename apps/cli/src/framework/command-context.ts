import type { SettingsResolver } from '../config/settings-resolver';
import type { Output } from '../output/output';
import type { CliRuntime } from './cli-runtime';
import type { CommandSpec } from './command-spec';
import type { GlobalOptions } from './global-flags';
import type { ParsedFlags } from './parsed-flags';

/** What a command's `run` receives: its parsed arguments and everything it may touch. */
export interface CommandContext {
  /** The names from the root to this command, e.g. `['profile', 'set']`. */
  readonly commandPath: readonly string[];
  readonly spec: CommandSpec;
  /** Positional arguments after the command name(s). */
  readonly args: readonly string[];
  readonly flags: ParsedFlags;
  readonly global: GlobalOptions;
  readonly output: Output;
  readonly runtime: CliRuntime;
  /** Aborted on Ctrl-C, SIGTERM, or when stdout is closed by its reader. */
  readonly signal: AbortSignal;
  /**
   * The config file, profile and environment, loaded on first use (commands that need no settings
   * never read the config file).
   */
  settings(): Promise<SettingsResolver>;
}
