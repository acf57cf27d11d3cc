import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../commands/registry';
import { createStyle } from '../output/color';
import type { CommandSpec } from './command-spec';
import { EXIT_CODE_TABLE } from './exit-codes';
import { GLOBAL_FLAGS } from './global-flags';
import { helpDocument, renderHelp } from './render-help';

const plain = createStyle(false);

function walk(commands: readonly CommandSpec[], path: CommandSpec[] = []): CommandSpec[][] {
  return commands.flatMap((command) => [
    [...path, command],
    ...walk(command.subcommands ?? [], [...path, command]),
  ]);
}

const visiblePaths = walk(COMMANDS).filter((path) => !path.some((command) => command.hidden));

describe('the command registry', () => {
  it.each(visiblePaths.map((path) => [path.map((command) => command.name).join(' '), path] as const))(
    'conduit %s has help with a usage line and examples',
    (_name, path) => {
      const leaf = path.at(-1)!;
      expect(leaf.summary.length).toBeGreaterThan(0);
      expect(leaf.examples?.length ?? 0).toBeGreaterThan(0);
      for (const example of leaf.examples ?? []) expect(example.command).toMatch(/conduit /);
      const text = renderHelp(path, COMMANDS, plain);
      expect(text).toContain(`Usage\n  conduit ${path.map((command) => command.name).join(' ')}`);
      expect(text).toContain('Examples');
      expect(text).toContain('Global flags');
    },
  );

  it('gives every command a load, subcommands, or both (a group that also runs by itself)', () => {
    for (const path of walk(COMMANDS)) {
      const leaf = path.at(-1)!;
      expect(Boolean(leaf.load) || Boolean(leaf.subcommands?.length), leaf.name).toBe(true);
      // A runnable group's own arguments would be ambiguous with a variadic first argument.
      if (leaf.load && leaf.subcommands) expect(leaf.args?.[0]?.variadic, leaf.name).not.toBe(true);
    }
  });

  it('has no flag that clashes with another or with a global flag', () => {
    for (const path of walk(COMMANDS)) {
      const flags = [...GLOBAL_FLAGS, ...(path.at(-1)!.flags ?? [])];
      const names = flags.map((flag) => flag.name);
      const shorts = flags.flatMap((flag) => (flag.short ? [flag.short] : []));
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(shorts).size).toBe(shorts.length);
    }
  });

  it('has unique command names at each level, and only the last argument variadic', () => {
    for (const level of [COMMANDS, ...walk(COMMANDS).map((path) => path.at(-1)!.subcommands ?? [])]) {
      const names = level.map((command) => command.name);
      expect(new Set(names).size).toBe(names.length);
    }
    for (const path of walk(COMMANDS)) {
      const args = path.at(-1)!.args ?? [];
      for (const arg of args.slice(0, -1)) expect(arg.variadic ?? false).toBe(false);
      const firstOptional = args.findIndex((arg) => !arg.required);
      if (firstOptional !== -1) {
        for (const arg of args.slice(firstOptional)) expect(arg.required ?? false).toBe(false);
      }
    }
  });
});

describe('renderHelp', () => {
  it('prints the exit-code table in the root help', () => {
    const text = renderHelp([], COMMANDS, plain);
    for (const row of EXIT_CODE_TABLE)
      expect(text).toContain(`  ${String(row.code).padEnd(3)}  ${row.meaning}`);
  });

  it('writes optional, required and variadic arguments and value names in usage', () => {
    const describe = COMMANDS.find((command) => command.name === 'describe')!;
    expect(renderHelp([describe], COMMANDS, plain)).toContain(
      'conduit describe <connector> [entity] [action] [flags]',
    );
    const profile = COMMANDS.find((command) => command.name === 'profile')!;
    const set = profile.subcommands!.find((command) => command.name === 'set')!;
    const text = renderHelp([profile, set], COMMANDS, plain);
    expect(text).toContain('conduit profile set <name> [settings...] [flags]');
    expect(text).toContain('    --secret-stdin KEY');
  });
});

describe('helpDocument', () => {
  it('describes a command as data', () => {
    const exec = COMMANDS.find((command) => command.name === 'exec')!;
    const document = helpDocument([exec], COMMANDS);
    expect(document).toMatchObject({
      command: 'conduit exec',
      args: [
        { name: 'connector', required: true, variadic: false },
        { name: 'entity', required: true, variadic: false },
        { name: 'action', required: true, variadic: false },
      ],
    });
    expect(document.flags).toContainEqual({
      name: 'param',
      short: 'p',
      type: 'string',
      value_name: 'KEY=VALUE',
      multiple: true,
      description: expect.any(String),
    });
    expect(helpDocument([], COMMANDS)).toHaveProperty('exit_codes', EXIT_CODE_TABLE);
  });
});
