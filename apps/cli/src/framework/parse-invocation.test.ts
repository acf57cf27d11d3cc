import { describe, expect, it } from 'vitest';
import { type CommandSpec, defineCommand } from './command-spec';
import { parseInvocation, scanOutputFlags } from './parse-invocation';
import { UsageError } from './usage-error';

const load = async () => ({ run: async () => 0 });

const commands: readonly CommandSpec[] = [
  defineCommand({
    name: 'exec',
    summary: 'run',
    args: [
      { name: 'connector', description: 'c', required: true },
      { name: 'entity', description: 'e', required: true },
      { name: 'action', description: 'a', required: true },
    ],
    flags: [
      { name: 'param', short: 'p', type: 'string', multiple: true, description: 'p' },
      { name: 'all', type: 'boolean', description: 'a' },
      { name: 'output', short: 'o', type: 'string', description: 'o' },
    ],
    load,
  }),
  defineCommand({
    name: 'profile',
    summary: 'profiles',
    subcommands: [
      defineCommand({
        name: 'set',
        summary: 's',
        args: [
          { name: 'name', description: 'n', required: true },
          { name: 'pairs', description: 'p', variadic: true },
        ],
        load,
      }),
      defineCommand({ name: 'list', summary: 'l', load }),
    ],
  }),
  defineCommand({
    name: 'sync',
    summary: 'runs by itself, and has subcommands',
    args: [{ name: 'connector', description: 'c', required: true }],
    flags: [{ name: 'wait', type: 'boolean', description: 'w' }],
    subcommands: [
      defineCommand({
        name: 'status',
        summary: 's',
        args: [{ name: 'connector', description: 'c', required: true }],
        load,
      }),
    ],
    load,
  }),
  defineCommand({
    name: '__complete',
    summary: 'c',
    hidden: true,
    args: [{ name: 'words', description: 'w', variadic: true }],
    load,
  }),
];

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a usage error');
}

describe('parseInvocation', () => {
  it('finds the command and its positional arguments', () => {
    const invocation = parseInvocation(['exec', 'asana', 'tasks', 'list'], commands);
    expect(invocation.path.map((command) => command.name)).toEqual(['exec']);
    expect(invocation.args).toEqual(['asana', 'tasks', 'list']);
    expect(invocation.global).toMatchObject({ json: false, debug: false, help: false, version: false });
  });

  it('accepts global flags before the command and anywhere after it', () => {
    const invocation = parseInvocation(
      ['--json', '--profile', 'work', 'exec', 'asana', '--debug', 'tasks', 'list', '--no-color'],
      commands,
    );
    expect(invocation.args).toEqual(['asana', 'tasks', 'list']);
    expect(invocation.global).toMatchObject({ json: true, debug: true, noColor: true, profile: 'work' });
  });

  it('collects repeated flags and reads short forms and inline values', () => {
    const invocation = parseInvocation(
      ['exec', 'a', 'b', 'c', '-p', 'x=1', '--param=y=2', '-o', '-', '--all'],
      commands,
    );
    expect(invocation.flags.strings('param')).toEqual(['x=1', 'y=2']);
    expect(invocation.flags.string('output')).toBe('-');
    expect(invocation.flags.boolean('all')).toBe(true);
  });

  it('resolves subcommands', () => {
    const invocation = parseInvocation(['profile', 'set', 'work', 'a=b', 'c=d'], commands);
    expect(invocation.path.map((command) => command.name)).toEqual(['profile', 'set']);
    expect(invocation.args).toEqual(['work', 'a=b', 'c=d']);
  });

  it('runs a group by itself when its first argument names none of its subcommands', () => {
    const own = parseInvocation(['sync', 'conn-1', '--wait'], commands);
    expect(own.path.map((command) => command.name)).toEqual(['sync']);
    expect(own.args).toEqual(['conn-1']);
    expect(own.flags.boolean('wait')).toBe(true);
    const sub = parseInvocation(['sync', 'status', 'conn-1'], commands);
    expect(sub.path.map((command) => command.name)).toEqual(['sync', 'status']);
    expect(sub.args).toEqual(['conn-1']);
    expect(usageError(() => parseInvocation(['sync'], commands)).message).toBe(
      'conduit sync: missing <connector>',
    );
    expect(usageError(() => parseInvocation(['sync', 'status'], commands)).message).toBe(
      'conduit sync status: missing <connector>',
    );
  });

  it('treats everything after -- as positional', () => {
    const invocation = parseInvocation(['__complete', '--', 'exec', '--param', ''], commands);
    expect(invocation.args).toEqual(['exec', '--param', '']);
  });

  it('suggests the closest command for a typo', () => {
    const error = usageError(() => parseInvocation(['exce'], commands));
    expect(error.message).toBe('unknown command "exce"');
    expect(error.hint).toBe('did you mean exec?');
    expect(error.exitCode).toBe(2);
  });

  it('names an unknown subcommand with its group', () => {
    const error = usageError(() => parseInvocation(['profile', 'sett'], commands));
    expect(error.message).toBe('unknown subcommand of conduit profile "sett"');
    expect(error.hint).toBe('did you mean set?');
  });

  it('refuses unknown flags with a suggestion', () => {
    const error = usageError(() => parseInvocation(['exec', 'a', 'b', 'c', '--pram', 'x=1'], commands));
    expect(error.message).toBe('unknown flag --pram for conduit exec');
    expect(error.hint).toBe('did you mean --param?');
  });

  it('refuses a missing flag value, and a flag taken for a value', () => {
    expect(usageError(() => parseInvocation(['exec', 'a', 'b', 'c', '--param'], commands)).message).toBe(
      'flag --param needs a value (--param VALUE)',
    );
    const error = usageError(() => parseInvocation(['exec', 'a', 'b', 'c', '--param', '--all'], commands));
    expect(error.message).toContain('the next word is the flag --all');
    expect(error.hint).toBe('to pass a value that starts with "-", write --param=--all');
    // Written inline it is the caller's explicit choice.
    expect(
      parseInvocation(['exec', 'a', 'b', 'c', '--param=--all'], commands).flags.strings('param'),
    ).toEqual(['--all']);
  });

  it('refuses a value given to a boolean flag, and a repeated single flag', () => {
    expect(usageError(() => parseInvocation(['exec', 'a', 'b', 'c', '--all=yes'], commands)).message).toBe(
      'flag --all takes no value (got "yes")',
    );
    expect(
      usageError(() => parseInvocation(['exec', 'a', 'b', 'c', '-o', 'x', '-o', 'y'], commands)).message,
    ).toBe('flag --output is given more than once');
  });

  it('checks the number of positional arguments', () => {
    expect(usageError(() => parseInvocation(['exec', 'asana'], commands)).message).toBe(
      'conduit exec: missing <entity> <action>',
    );
    expect(usageError(() => parseInvocation(['exec', 'a', 'b', 'c', 'd'], commands)).message).toBe(
      'conduit exec: unexpected argument "d"',
    );
    expect(parseInvocation(['profile', 'set', 'a', 'b', 'c', 'd'], commands).args).toHaveLength(4);
  });

  it('does not check arguments when help or the version is asked for', () => {
    expect(parseInvocation(['exec', '--help'], commands).global.help).toBe(true);
    expect(parseInvocation(['exec', '-h'], commands).global.help).toBe(true);
    expect(parseInvocation(['-v'], commands).global.version).toBe(true);
  });

  it('hides nothing from the parser: hidden commands still run', () => {
    expect(parseInvocation(['__complete', 'x'], commands).path[0]?.name).toBe('__complete');
  });
});

describe('scanOutputFlags', () => {
  it('reads the output flags before any parsing, ignoring those after --', () => {
    expect(scanOutputFlags(['nonsense', '--json', '--debug'])).toEqual({
      json: true,
      debug: true,
      noColor: false,
    });
    expect(scanOutputFlags(['x', '--', '--json', '--no-color'])).toEqual({
      json: false,
      debug: false,
      noColor: false,
    });
  });
});
