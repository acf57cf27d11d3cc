import { parseArgs } from 'node:util';
import type { CommandSpec, FlagSpec } from './command-spec';
import { GLOBAL_FLAGS, type GlobalOptions } from './global-flags';
import { type FlagValue, ParsedFlags } from './parsed-flags';
import { didYouMean } from './suggest';
import { UsageError } from './usage-error';

/** A command line resolved against the registry. */
export interface Invocation {
  readonly global: GlobalOptions;
  /** The commands named, root first: `[profile, set]`. Empty when no command was given. */
  readonly path: readonly CommandSpec[];
  /** Positional arguments after the command name(s). */
  readonly args: readonly string[];
  readonly flags: ParsedFlags;
}

type Token = ReturnType<typeof parseArgs>['tokens'] extends (infer T)[] | undefined ? T : never;

function tokenize(argv: readonly string[], flags: readonly FlagSpec[]): Token[] {
  const options: Record<string, { type: 'boolean' | 'string'; short?: string; multiple?: boolean }> = {};
  for (const flag of flags) {
    options[flag.name] = { type: flag.type, ...(flag.short ? { short: flag.short } : {}) };
  }
  // Non-strict, so that unknown flags come back as tokens and get our own messages below.
  return (
    parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true }).tokens ?? []
  );
}

function firstPositional(tokens: readonly Token[]): { index: number; value: string } | undefined {
  for (const token of tokens) {
    if (token.kind === 'option-terminator') return undefined;
    if (token.kind === 'positional') return { index: token.index, value: token.value };
  }
  return undefined;
}

function flagLabel(flag: FlagSpec): string {
  return `--${flag.name}`;
}

function collectFlags(
  tokens: readonly Token[],
  flags: readonly FlagSpec[],
  commandLabel: string,
): { values: Map<string, FlagValue>; positionals: string[] } {
  const byName = new Map(flags.map((flag) => [flag.name, flag]));
  const values = new Map<string, FlagValue>();
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const flag = byName.get(token.name);
    const written = token.rawName;
    if (!flag) {
      const known = flags.flatMap((f) => [flagLabel(f), ...(f.short ? [`-${f.short}`] : [])]);
      const hint = didYouMean(written.startsWith('--') ? written : `--${token.name}`, known);
      throw new UsageError(`unknown flag ${written} for ${commandLabel}`, {
        code: 'unknown_flag',
        hint: hint ?? `run ${commandLabel} --help to see its flags`,
      });
    }
    if (flag.type === 'boolean') {
      if (token.value !== undefined) {
        throw new UsageError(`flag ${written} takes no value (got "${token.value}")`, {
          code: 'invalid_flag',
        });
      }
      values.set(flag.name, true);
      continue;
    }
    const value = token.value;
    const valueName = flag.valueName ?? 'VALUE';
    if (value === undefined) {
      throw new UsageError(`flag ${written} needs a value (${written} ${valueName})`, {
        code: 'missing_flag_value',
      });
    }
    // Non-strict parsing takes the next word as the value even when it is another flag; that is
    // almost always a forgotten value, so refuse it unless written inline (`--name=-x`).
    if (!token.inlineValue && /^-(-|[A-Za-z])/.test(value)) {
      throw new UsageError(`flag ${written} needs a value, but the next word is the flag ${value}`, {
        code: 'missing_flag_value',
        hint: `to pass a value that starts with "-", write --${flag.name}=${value}`,
      });
    }
    const previous = values.get(flag.name);
    if (flag.multiple) {
      values.set(flag.name, [...((previous as string[] | undefined) ?? []), value]);
    } else if (previous !== undefined) {
      throw new UsageError(`flag --${flag.name} is given more than once`, { code: 'repeated_flag' });
    } else {
      values.set(flag.name, value);
    }
  }
  return { values, positionals };
}

/** `conduit profile set` for messages. */
export function commandLabel(path: readonly CommandSpec[]): string {
  return ['conduit', ...path.map((command) => command.name)].join(' ');
}

/**
 * Resolves a command line against the registry: finds the command (and subcommand), then parses
 * global flags and the command's flags anywhere after it, and checks the positional arguments.
 * Global flags may appear before the command; a command's own flags come after its name.
 *
 * @example
 * ```ts
 * const invocation = parseInvocation(['describe', 'example', '--json'], COMMANDS);
 * invocation.path.map((c) => c.name); // ['describe']
 * invocation.global.json; // true
 * ```
 */
export function parseInvocation(argv: readonly string[], commands: readonly CommandSpec[]): Invocation {
  let remaining = [...argv];
  const path: CommandSpec[] = [];
  let available = commands;
  while (available.length > 0) {
    const found = firstPositional(tokenize(remaining, GLOBAL_FLAGS));
    if (!found) break;
    const command = available.find((candidate) => candidate.name === found.value);
    // A group that also runs by itself (`conduit sync <connector>` beside `conduit sync status`)
    // takes a word that names none of its subcommands as its own first argument.
    if (!command && path.at(-1)?.load) break;
    if (!command) {
      const visible = available.filter((candidate) => !candidate.hidden).map((candidate) => candidate.name);
      const where = path.length === 0 ? 'command' : `subcommand of ${commandLabel(path)}`;
      throw new UsageError(`unknown ${where} "${found.value}"`, {
        code: 'unknown_command',
        hint: didYouMean(found.value, visible) ?? `run ${commandLabel(path)} --help to see the commands`,
      });
    }
    path.push(command);
    remaining = remaining.filter((_, index) => index !== found.index);
    available = command.subcommands ?? [];
  }

  const leaf = path.at(-1);
  const flags = [...GLOBAL_FLAGS, ...(leaf?.flags ?? [])];
  const label = commandLabel(path);
  const { values, positionals } = collectFlags(tokenize(remaining, flags), flags, label);
  const global: GlobalOptions = {
    json: values.get('json') === true,
    debug: values.get('debug') === true,
    noColor: values.get('no-color') === true,
    profile: typeof values.get('profile') === 'string' ? (values.get('profile') as string) : undefined,
    help: values.get('help') === true,
    version: values.get('version') === true,
  };
  if (leaf && !global.help && !global.version) checkArguments(leaf, positionals, label);
  return {
    global,
    path,
    args: positionals,
    flags: new ParsedFlags(values, new Set(flags.map((flag) => flag.name))),
  };
}

function checkArguments(command: CommandSpec, positionals: readonly string[], label: string): void {
  if (!command.load) return;
  const specs = command.args ?? [];
  const missing = specs.filter((arg, index) => arg.required && positionals[index] === undefined);
  if (missing.length > 0) {
    throw new UsageError(`${label}: missing ${missing.map((arg) => `<${arg.name}>`).join(' ')}`, {
      code: 'missing_argument',
      hint: `run ${label} --help for usage and examples`,
    });
  }
  const variadic = specs.at(-1)?.variadic === true;
  if (!variadic && positionals.length > specs.length) {
    throw new UsageError(`${label}: unexpected argument "${positionals[specs.length]}"`, {
      code: 'unexpected_argument',
      hint: `run ${label} --help for usage and examples`,
    });
  }
}

/**
 * Reads `--json`, `--debug` and `--no-color` without the registry, so that even an error in
 * parsing the command line is printed in the format the caller asked for.
 *
 * @example
 * ```ts
 * scanOutputFlags(['bogus', '--json']); // { json: true, debug: false, noColor: false }
 * ```
 */
export function scanOutputFlags(argv: readonly string[]): {
  json: boolean;
  debug: boolean;
  noColor: boolean;
} {
  const end = argv.indexOf('--');
  const words = end === -1 ? argv : argv.slice(0, end);
  return {
    json: words.includes('--json'),
    debug: words.includes('--debug'),
    noColor: words.includes('--no-color'),
  };
}
