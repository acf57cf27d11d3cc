import type { CommandSpec, Completer, CompletionCandidate, FlagSpec } from '../../framework/command-spec';
import { GLOBAL_FLAGS } from '../../framework/global-flags';

/** What to offer for the word under the cursor. */
export interface CompletionResult {
  readonly candidates: readonly CompletionCandidate[];
  /** True when the shell should complete file names instead. */
  readonly files: boolean;
}

/** The environment a completer may read (the config file location, for profile names). */
export interface CompletionEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDirectory: string;
}

const NOTHING: CompletionResult = { candidates: [], files: false };

// bash splits words at COMP_WORDBREAKS, so `--param key=value` arrives as `key`, `=`, `value`.
function joinBashWordbreaks(words: readonly string[]): { words: string[]; lastWasJoined: boolean } {
  const joined: string[] = [];
  let glue = false;
  let lastWasJoined = false;
  for (const word of words) {
    if ((word === '=' || word === ':') && joined.length > 0) {
      joined[joined.length - 1] += word;
      glue = true;
      lastWasJoined = true;
    } else if (glue) {
      joined[joined.length - 1] += word;
      glue = false;
      lastWasJoined = true;
    } else {
      joined.push(word);
      lastWasJoined = false;
    }
  }
  return { words: joined, lastWasJoined };
}

function findFlag(word: string, flags: readonly FlagSpec[]): FlagSpec | undefined {
  if (word.startsWith('--')) {
    const name = word.slice(2).split('=')[0];
    return flags.find((flag) => flag.name === name);
  }
  return word.length === 2 ? flags.find((flag) => flag.short === word[1]) : undefined;
}

async function run(
  completer: Completer | undefined,
  previousArgs: readonly string[],
  partial: string,
  environment: CompletionEnvironment,
): Promise<CompletionResult> {
  if (completer === undefined) return NOTHING;
  if (completer === 'files') return { candidates: [], files: true };
  if (typeof completer !== 'function')
    return { candidates: completer.map((value) => ({ value })), files: false };
  try {
    const candidates = await completer({
      previousArgs,
      partial,
      env: environment.env,
      homeDirectory: environment.homeDirectory,
    });
    return { candidates, files: false };
  } catch {
    // A completer that fails (say, a connector that cannot load) must not break the shell.
    return NOTHING;
  }
}

/**
 * Completes the last of `words` (the words after the program name, the last one being the partial
 * word under the cursor, possibly empty), from the command registry: command and subcommand names,
 * flags, flag values and positional arguments, each through its completer.
 *
 * @example
 * ```ts
 * await completeWords(['desc'], COMMANDS, environment); // { candidates: [{ value: 'describe', … }], files: false }
 * await completeWords(['describe', 'example', 'ta'], COMMANDS, environment); // tasks, task_projects, …
 * ```
 */
export async function completeWords(
  input: readonly string[],
  commands: readonly CommandSpec[],
  environment: CompletionEnvironment,
  shell?: 'bash' | 'zsh' | 'fish',
): Promise<CompletionResult> {
  const joined = shell === 'bash' ? joinBashWordbreaks(input) : { words: [...input], lastWasJoined: false };
  // A value after `=` would need its prefix re-split for bash; values are completed as separate words only.
  if (joined.lastWasJoined) return NOTHING;
  const words = joined.words.length === 0 ? [''] : joined.words;
  const partial = words.at(-1)!;
  const path: CommandSpec[] = [];
  let level = commands;
  const positionals: string[] = [];
  let pending: FlagSpec | undefined;
  let afterTerminator = false;

  for (const word of words.slice(0, -1)) {
    const flags = [...GLOBAL_FLAGS, ...(path.at(-1)?.flags ?? [])];
    if (pending) {
      pending = undefined;
      continue;
    }
    if (!afterTerminator && word === '--') {
      afterTerminator = true;
      continue;
    }
    if (!afterTerminator && word.startsWith('-') && word !== '-') {
      const flag = findFlag(word, flags);
      if (flag?.type === 'string' && !word.includes('=')) pending = flag;
      continue;
    }
    const leaf = path.at(-1);
    // Once a runnable group has taken an argument of its own, later words are not subcommands.
    const command =
      !leaf || (leaf.subcommands && positionals.length === 0)
        ? level.find((candidate) => candidate.name === word && !candidate.hidden)
        : undefined;
    if (command) {
      path.push(command);
      level = command.subcommands ?? [];
      continue;
    }
    positionals.push(word);
  }

  const leaf = path.at(-1);
  let result: CompletionResult;
  if (pending) {
    result = await run(pending.complete, positionals, partial, environment);
  } else if (!afterTerminator && partial.startsWith('-')) {
    const flags = [...(leaf?.flags ?? []), ...GLOBAL_FLAGS];
    result = {
      candidates: flags.map((flag) => ({ value: `--${flag.name}`, description: flag.description })),
      files: false,
    };
  } else if (!leaf || (leaf.subcommands && !leaf.load)) {
    result = {
      candidates: level
        .filter((command) => !command.hidden)
        .map((command) => ({ value: command.name, description: command.summary })),
      files: false,
    };
  } else if (leaf.subcommands && positionals.length === 0) {
    // A runnable group: its subcommands, or its own first argument.
    const own = await run(leaf.args?.[0]?.complete, positionals, partial, environment);
    result = {
      candidates: [
        ...level
          .filter((command) => !command.hidden)
          .map((command) => ({ value: command.name, description: command.summary })),
        ...own.candidates,
      ],
      files: own.files,
    };
  } else {
    const args = leaf.args ?? [];
    const last = args.at(-1);
    const spec = args[positionals.length] ?? (last?.variadic ? last : undefined);
    result = await run(spec?.complete, positionals, partial, environment);
  }
  if (result.files) return result;
  return {
    candidates: result.candidates.filter((candidate) => candidate.value.startsWith(partial)),
    files: false,
  };
}
