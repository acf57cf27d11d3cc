import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../registry';
import { bashCompletionScript } from './bash-completion-script';
import { completeWords } from './complete-words';
import { fishCompletionScript } from './fish-completion-script';
import { zshCompletionScript } from './zsh-completion-script';

const environment = { env: {}, homeDirectory: '/nonexistent' };
const values = async (words: string[], shell?: 'bash' | 'zsh' | 'fish') =>
  (await completeWords(words, COMMANDS, environment, shell)).candidates.map((candidate) => candidate.value);

describe('completeWords', () => {
  it('completes command names from the registry, hidden ones left out', async () => {
    const all = [
      'demo',
      'describe',
      'exec',
      'connectors',
      'search',
      'sync',
      'changes',
      'download',
      'serve',
      'apps',
      'mcp',
      'cloud',
      'profile',
      'completion',
      'help',
    ];
    expect(await values([''])).toEqual(all);
    expect(await values(['de'])).toEqual(['demo', 'describe']);
    expect(await values([])).toEqual(all);
  });

  it('offers a runnable group’s subcommands and its own first argument, then only its arguments', async () => {
    expect(await values(['sync', ''])).toEqual(['status', 'task-management', 'support-desk', 'crm']);
    expect(await values(['sync', 'st'])).toEqual(['status']);
    expect(await values(['sync', 'status', ''])).toEqual(['task-management', 'support-desk', 'crm']);
    // After its own argument, "status" is not a subcommand any more.
    expect(await values(['sync', 'asana', '--w'])).toEqual(['--wait']);
  });

  it('completes subcommands of a group', async () => {
    expect(await values(['profile', ''])).toEqual(['list', 'show', 'set', 'unset', 'delete', 'use']);
    expect(await values(['--json', 'profile', 'u'])).toEqual(['unset', 'use']);
  });

  it('completes the flags of the command and the global flags, with descriptions', async () => {
    const flags = await completeWords(['exec', 'asana', 'tasks', 'list', '--'], COMMANDS, environment);
    expect(flags.candidates.map((candidate) => candidate.value)).toEqual(
      expect.arrayContaining([
        '--param',
        '--params-json',
        '--all',
        '--limit-total',
        '--credentials-stdin',
        '--json',
        '--help',
      ]),
    );
    expect(flags.candidates.find((candidate) => candidate.value === '--all')?.description).toContain(
      'follow every page',
    );
    expect(await values(['exec', '--cred'])).toEqual(['--credentials-file', '--credentials-stdin']);
  });

  it('completes connectors, entities and actions from the connector definition', async () => {
    expect(await values(['exec', ''])).toEqual([
      'asana',
      'task-management',
      'zendesk-support',
      'support-desk',
      'zendesk',
      'salesforce',
      'crm',
    ]);
    expect(await values(['describe', 'asana', 'task_d'])).toEqual(['task_dependencies', 'task_dependents']);
    expect(await values(['exec', 'asana', 'attachments', ''])).toEqual(['list', 'get', 'download', 'search']);
    expect(await values(['exec', 'nope', ''])).toEqual([]);
    expect(await values(['exec', 'asana', 'nope', ''])).toEqual([]);
  });

  it('skips flags and their values when counting positional arguments', async () => {
    expect(await values(['exec', '--profile', 'work', 'asana', '-p', 'x=1', 'ta'])).toEqual([
      'tasks',
      'task_projects',
      'tags',
      'task_subtasks',
      'task_dependencies',
      'task_dependents',
    ]);
  });

  it('asks the shell for file names where a flag takes a path', async () => {
    expect(await completeWords(['exec', 'asana', 'x', 'download', '-o', ''], COMMANDS, environment)).toEqual({
      candidates: [],
      files: true,
    });
    expect((await completeWords(['exec', '--credentials-file', 'cr'], COMMANDS, environment)).files).toBe(
      true,
    );
  });

  it('completes fixed values and the commands help knows', async () => {
    expect(await values(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(await values(['help', 'pro'])).toEqual(['profile']);
    expect(await values(['help', 'profile', 's'])).toEqual(['show', 'set']);
  });

  it('rejoins the words bash splits at "=" before counting', async () => {
    expect(await values(['exec', 'asana', '--param', 'a', '=', 'b', 'ta'], 'bash')).toContain('tasks');
    expect(await values(['exec', '--profile', '=', ''], 'bash')).toEqual([]);
  });

  it("completes -p / --param with the action's param names, as NAME=", async () => {
    expect(await values(['exec', 'asana', 'tasks', 'get', '-p', ''])).toEqual(['task_gid=']);
    expect(await values(['exec', 'asana', 'tasks', 'list', '--param', 'pro'])).toEqual(['project=']);
    expect(await values(['exec', 'asana', 'tasks', 'list', '-p', 'l'])).toEqual(['limit=']);
    expect(await values(['exec', 'asana', 'nothing', 'list', '-p', ''])).toEqual([]);
  });

  it('completes settings for profile set, plain ones only as KEY=', async () => {
    const settings = await values(['profile', 'set', 'work', 'asana_']);
    expect(settings).toEqual(['asana_base_url=', 'asana_client_id=']);
    expect(await values(['profile', 'set', 'work', '--secret-stdin', 'asana_'])).toEqual([
      'asana_token',
      'asana_refresh_token',
      'asana_client_secret',
    ]);
  });
});

describe('completion scripts', () => {
  it.each([
    ['bash', bashCompletionScript('conduit'), 'complete -F _conduit_complete conduit'],
    ['zsh', zshCompletionScript('conduit'), 'compdef _conduit conduit'],
    ['fish', fishCompletionScript('conduit'), "complete -c conduit -f -a '(__conduit_complete)'"],
  ])('%s: asks conduit __complete and registers itself', (shell, script, registration) => {
    expect(script).toContain(`conduit __complete --shell ${shell} --`);
    expect(script).toContain(registration);
    expect(script).toContain('Install:');
  });

  it('makes a function name of any program name', () => {
    expect(bashCompletionScript('my-conduit')).toContain('_my_conduit_complete() {');
  });

  it('gives bash a script it parses', () => {
    expect(() => execFileSync('bash', ['-n'], { input: bashCompletionScript('conduit') })).not.toThrow();
  });
});
