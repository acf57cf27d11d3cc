import type { CommandContext } from './command-context';

/** One completion candidate: the word, and a short description shells that can show one do. */
export interface CompletionCandidate {
  readonly value: string;
  readonly description?: string;
}

/** What the completer of an argument or flag value sees: the positional values typed before it. */
export interface CompletionRequest {
  /** Positional arguments of the command already typed, in order. */
  readonly previousArgs: readonly string[];
  /** The partial word being completed. */
  readonly partial: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDirectory: string;
}

/**
 * How to complete an argument or a flag's value: a fixed list, `files` (the shell completes
 * paths), or a function that may import what it needs lazily.
 */
export type Completer =
  | readonly string[]
  | 'files'
  | ((
      request: CompletionRequest,
    ) => Promise<readonly CompletionCandidate[]> | readonly CompletionCandidate[]);

/** A flag of a command (or a global flag). */
export interface FlagSpec {
  /** Long name in kebab-case, without dashes: `param` for `--param`. */
  readonly name: string;
  /** One-letter alias: `p` for `-p`. */
  readonly short?: string;
  /** `boolean` flags take no value; `string` flags take one (`--name VALUE` or `--name=VALUE`). */
  readonly type: 'boolean' | 'string';
  /** A `string` flag that may be repeated, collecting every value in order. */
  readonly multiple?: boolean;
  /** How help names the value: `KEY=VALUE`, `FILE`, `N`. */
  readonly valueName?: string;
  readonly description: string;
  readonly complete?: Completer;
}

/** A positional argument of a command. */
export interface ArgSpec {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
  /** The last argument may take any number of values. */
  readonly variadic?: boolean;
  readonly complete?: Completer;
}

/** One example in a command's help. */
export interface ExampleSpec {
  readonly command: string;
  readonly description: string;
}

/** What a command module exports: the code that runs once the command line is parsed. */
export interface CommandModule {
  /** Runs the command; resolves to the exit code (`undefined` means 0). Throws to fail. */
  run(context: CommandContext): Promise<number | undefined>;
}

/**
 * A command as the registry knows it: everything help, completion and the parser need, and a
 * lazy `load` for the code. Keeping the code behind a dynamic import is what keeps `conduit
 * --version` and help fast: nothing a command needs is loaded until that command runs.
 *
 * A group (`conduit profile …`) has `subcommands` and no `load`. A group with a `load` runs by
 * itself as well: a first argument that names none of its subcommands is its own argument
 * (`conduit sync <connector>` beside `conduit sync status <connector>`).
 */
export interface CommandSpec {
  readonly name: string;
  /** One line, for command lists. */
  readonly summary: string;
  /** Paragraphs for the command's own help; defaults to `summary`. */
  readonly description?: string;
  readonly args?: readonly ArgSpec[];
  readonly flags?: readonly FlagSpec[];
  readonly examples?: readonly ExampleSpec[];
  /** Left out of help and completion (internal commands such as `__complete`). */
  readonly hidden?: boolean;
  readonly subcommands?: readonly CommandSpec[];
  readonly load?: () => Promise<CommandModule>;
}

/**
 * Declares a command. An identity function, so specs are checked against {@link CommandSpec}
 * where they are written.
 *
 * @example
 * ```ts
 * export const echoCommand = defineCommand({
 *   name: 'echo',
 *   summary: 'Print the arguments',
 *   args: [{ name: 'words', description: 'what to print', variadic: true }],
 *   examples: [{ command: 'conduit echo hello', description: 'print hello' }],
 *   load: () => import('./run-echo'),
 * });
 * ```
 */
export function defineCommand(spec: CommandSpec): CommandSpec {
  return spec;
}
