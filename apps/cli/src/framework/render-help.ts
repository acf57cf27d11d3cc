import { EXAMPLE_CONNECTOR } from '../connectors/connector-help';
import type { Style } from '../output/color';
import { displayWidth, padToWidth } from '../output/text-width';
import type { CommandSpec, FlagSpec } from './command-spec';
import { EXIT_CODE_TABLE } from './exit-codes';
import { GLOBAL_FLAGS } from './global-flags';

function usageLine(path: readonly CommandSpec[]): string {
  const leaf = path.at(-1);
  const words = ['conduit', ...path.map((command) => command.name)];
  if (!leaf) return 'conduit <command> [subcommand] [args] [flags]';
  if (leaf.subcommands && !leaf.load) return `${words.join(' ')} <subcommand> [args] [flags]`;
  for (const arg of leaf.args ?? []) {
    const name = arg.variadic ? `${arg.name}...` : arg.name;
    words.push(arg.required ? `<${name}>` : `[${name}]`);
  }
  words.push('[flags]');
  return words.join(' ');
}

function flagLabel(flag: FlagSpec): string {
  const long = `--${flag.name}${flag.type === 'string' ? ` ${flag.valueName ?? 'VALUE'}` : ''}`;
  return flag.short ? `-${flag.short}, ${long}` : `    ${long}`;
}

function section(title: string, rows: readonly (readonly [string, string])[], style: Style): string[] {
  if (rows.length === 0) return [];
  const width = Math.min(32, Math.max(...rows.map(([left]) => displayWidth(left))));
  const lines = [style.bold(title)];
  for (const [left, right] of rows) {
    // A label longer than the column gets its description on the next line instead of pushing it.
    if (displayWidth(left) > width) lines.push(`  ${left}`, `  ${' '.repeat(width)}  ${right}`);
    else lines.push(`  ${padToWidth(left, width)}  ${right}`.trimEnd());
  }
  return ['', ...lines];
}

function visible(commands: readonly CommandSpec[]): CommandSpec[] {
  return commands.filter((command) => !command.hidden);
}

/**
 * The help text of the root (`path` empty) or of a command, with its usage, arguments, flags,
 * subcommands and examples. The root's help also lists the exit codes and where configuration
 * comes from.
 *
 * @example
 * ```ts
 * process.stdout.write(renderHelp([], COMMANDS, createStyle(false)));
 * ```
 */
export function renderHelp(
  path: readonly CommandSpec[],
  commands: readonly CommandSpec[],
  style: Style,
): string {
  const leaf = path.at(-1);
  const lines: string[] = [];
  if (!leaf) {
    lines.push('conduit: act on third-party SaaS data through one interface of entities and actions.');
  } else {
    lines.push(leaf.description ?? leaf.summary);
  }
  lines.push('', style.bold('Usage'), `  ${usageLine(path)}`);
  if (leaf?.subcommands && leaf.load) {
    lines.push(
      `  ${['conduit', ...path.map((command) => command.name)].join(' ')} <subcommand> [args] [flags]`,
    );
  }

  if (leaf?.args?.length) {
    lines.push(
      ...section(
        'Arguments',
        leaf.args.map((arg) => [arg.name, arg.description] as const),
        style,
      ),
    );
  }
  const subcommands = leaf ? visible(leaf.subcommands ?? []) : visible(commands);
  lines.push(
    ...section(
      leaf ? 'Subcommands' : 'Commands',
      subcommands.map((command) => [command.name, command.summary] as const),
      style,
    ),
  );
  if (leaf?.flags?.length) {
    lines.push(
      ...section(
        'Flags',
        leaf.flags.map((flag) => [flagLabel(flag), flag.description] as const),
        style,
      ),
    );
  }
  lines.push(
    ...section(
      'Global flags',
      GLOBAL_FLAGS.map((flag) => [flagLabel(flag), flag.description] as const),
      style,
    ),
  );

  const examples = leaf ? (leaf.examples ?? []) : ROOT_EXAMPLES;
  if (examples.length > 0) {
    lines.push('', style.bold('Examples'));
    for (const example of examples)
      lines.push(`  ${style.dim(`# ${example.description}`)}`, `  $ ${example.command}`);
  }

  if (!leaf) {
    lines.push(
      ...section(
        'Exit codes',
        EXIT_CODE_TABLE.map((row) => [String(row.code), row.meaning] as const),
        style,
      ),
    );
    lines.push(
      '',
      style.bold('Configuration'),
      '  Profiles live in $CONDUIT_CONFIG, else $XDG_CONFIG_HOME/conduit/config.json, else',
      '  ~/.config/conduit/config.json. A setting comes from the environment first, then a flag,',
      '  then the profile (CONDUIT_PROFILE, else --profile, else the default profile).',
      '  Secrets are never taken from arguments: use environment variables, a file or stdin.',
      '',
      '  With --json, results are one JSON document on stdout (NDJSON, one record a line, for',
      '  --all), and errors are {"error": {...}} on stdout; without it, errors go to stderr.',
      '',
      'Run `conduit help <command>` (or `conduit <command> --help`) for its flags and examples.',
    );
  } else if (leaf.subcommands) {
    lines.push(
      '',
      `Run \`${['conduit', ...path.map((command) => command.name)].join(' ')} <subcommand> --help\` for details.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const ROOT_EXAMPLES = [
  { command: `conduit describe ${EXAMPLE_CONNECTOR.kind}`, description: 'what a connector offers' },
  {
    command: `conduit describe ${EXAMPLE_CONNECTOR.kind} tasks`,
    description: 'params and record fields of one entity',
  },
  {
    command: `conduit exec ${EXAMPLE_CONNECTOR.kind} workspaces list`,
    description: `run an action locally (with ${EXAMPLE_CONNECTOR.tokenEnv} in the environment)`,
  },
  {
    command: `conduit exec ${EXAMPLE_CONNECTOR.kind} project_tasks list -p project_gid=123 --all --json`,
    description: 'every record, as NDJSON',
  },
];

/**
 * The help of a command as data, for `--help --json`: what an agent or a docs generator reads.
 *
 * @example
 * ```ts
 * helpDocument([execCommand], COMMANDS).usage; // 'conduit exec <connector> <entity> <action> [flags]'
 * ```
 */
export function helpDocument(
  path: readonly CommandSpec[],
  commands: readonly CommandSpec[],
): Record<string, unknown> {
  const leaf = path.at(-1);
  const flag = (spec: FlagSpec) => ({
    name: spec.name,
    ...(spec.short ? { short: spec.short } : {}),
    type: spec.type,
    ...(spec.type === 'string' ? { value_name: spec.valueName ?? 'VALUE' } : {}),
    multiple: spec.multiple === true,
    description: spec.description,
  });
  return {
    command: ['conduit', ...path.map((command) => command.name)].join(' '),
    summary: leaf?.summary ?? 'act on third-party SaaS data through one interface of entities and actions',
    ...(leaf?.description ? { description: leaf.description } : {}),
    usage: usageLine(path),
    args: (leaf?.args ?? []).map((arg) => ({
      name: arg.name,
      description: arg.description,
      required: arg.required === true,
      variadic: arg.variadic === true,
    })),
    flags: (leaf?.flags ?? []).map(flag),
    global_flags: GLOBAL_FLAGS.map(flag),
    subcommands: visible(leaf ? (leaf.subcommands ?? []) : commands).map((command) => ({
      name: command.name,
      summary: command.summary,
    })),
    examples: leaf ? (leaf.examples ?? []) : ROOT_EXAMPLES,
    ...(leaf ? {} : { exit_codes: EXIT_CODE_TABLE }),
  };
}
