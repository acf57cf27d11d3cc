import { defineCommand } from '../../framework/command-spec';

/** `conduit completion <shell>`: prints a completion script. */
export const completionCommand = defineCommand({
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish',
  description: [
    'Print a completion script for your shell. It completes commands, subcommands, flags,',
    'connector, entity and action names, profile names and file arguments, asking the installed',
    'conduit for the candidates, so it never goes out of date.',
  ].join('\n'),
  args: [
    { name: 'shell', description: 'bash, zsh or fish', required: true, complete: ['bash', 'zsh', 'fish'] },
  ],
  examples: [
    {
      command: 'conduit completion bash > ~/.local/share/bash-completion/completions/conduit',
      description: 'bash (with the bash-completion package)',
    },
    {
      command: "echo 'source <(conduit completion bash)' >> ~/.bashrc",
      description: 'bash, without bash-completion',
    },
    {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh expansion, shown to the user as is.
      command: 'conduit completion zsh > "${fpath[1]}/_conduit"',
      description: 'zsh (then start a new shell)',
    },
    { command: 'conduit completion fish > ~/.config/fish/completions/conduit.fish', description: 'fish' },
  ],
  load: () => import('./run-completion'),
});

/** `conduit __complete [--shell S] -- <words…>`: the candidates the completion scripts ask for. */
export const completeCommand = defineCommand({
  name: '__complete',
  summary: 'Print completion candidates (used by the completion scripts)',
  hidden: true,
  args: [
    {
      name: 'words',
      description: 'the words after the program name; the last is the one to complete',
      variadic: true,
    },
  ],
  flags: [
    { name: 'shell', type: 'string', valueName: 'SHELL', description: 'the shell asking: bash, zsh or fish' },
  ],
  load: () => import('./run-complete'),
});
