import { SETTINGS } from '../../config/settings';
import { EXAMPLE_CONNECTOR } from '../../connectors/connector-help';
import type { CompletionRequest } from '../../framework/command-spec';
import { defineCommand } from '../../framework/command-spec';

// The settings a profile takes, for help, from the one list parsing and completion use too.
function settingsList(): string[] {
  const lines = ['Settings (* secret):'];
  for (const setting of SETTINGS) {
    lines.push(
      `  ${`${setting.key}${setting.secret ? ' *' : ''}`.padEnd(22)}${setting.description} (env ${setting.env.join(', ')})`,
    );
  }
  return lines;
}

async function completeProfile(request: CompletionRequest) {
  const { listProfileNames } = await import('../../config/config-file');
  return (await listProfileNames(request.env, request.homeDirectory)).map((value) => ({
    value,
    description: 'profile',
  }));
}

async function completeSetting() {
  const { SETTINGS } = await import('../../config/settings');
  // Secrets are not offered: they are never given as KEY=VALUE.
  return SETTINGS.filter((setting) => !setting.secret).map((setting) => ({
    value: `${setting.key}=`,
    description: setting.description,
  }));
}

async function completeSettingKey() {
  const { SETTINGS } = await import('../../config/settings');
  return SETTINGS.map((setting) => ({ value: setting.key, description: setting.description }));
}

async function completeSecretKey() {
  const { SETTINGS } = await import('../../config/settings');
  return SETTINGS.filter((setting) => setting.secret).map((setting) => ({
    value: setting.key,
    description: setting.description,
  }));
}

const list = defineCommand({
  name: 'list',
  summary: 'List the profiles of the config file',
  examples: [{ command: 'conduit profile list', description: 'every profile, the default marked' }],
  load: () => import('./run-profile-list'),
});

const show = defineCommand({
  name: 'show',
  summary: 'Show the settings of a profile (secrets redacted)',
  description:
    'Show the settings of a profile, the active one when no name is given. Secrets show as [REDACTED].',
  args: [{ name: 'name', description: 'the profile (default: the active one)', complete: completeProfile }],
  examples: [
    { command: 'conduit profile show', description: 'the active profile' },
    { command: 'conduit profile show staging --json', description: 'one profile as JSON' },
  ],
  load: () => import('./run-profile-show'),
});

const set = defineCommand({
  name: 'set',
  summary: 'Create a profile or change its settings',
  description: [
    'Create a profile or change its settings. Plain settings are given as KEY=VALUE; a secret',
    `(${EXAMPLE_CONNECTOR.tokenSetting}, client_secret, …) is never taken from the command line: name it with`,
    '--secret-stdin and pipe its value on stdin (or type it at the hidden prompt). The config',
    'file is always written with mode 0600.',
    '',
    ...settingsList(),
  ].join('\n'),
  args: [
    {
      name: 'name',
      description: 'the profile to create or change',
      required: true,
      complete: completeProfile,
    },
    { name: 'settings', description: 'KEY=VALUE pairs', variadic: true, complete: completeSetting },
  ],
  flags: [
    {
      name: 'secret-stdin',
      type: 'string',
      valueName: 'KEY',
      description: 'read the value of the secret KEY from stdin',
      complete: completeSecretKey,
    },
    { name: 'default', type: 'boolean', description: 'also make it the default profile' },
  ],
  examples: [
    {
      command:
        'conduit profile set work hosted_base_url=https://conduit.example.com client_id=app-1 --default',
      description: 'a profile for the hosted service, used by default',
    },
    {
      command: `printf %s "$${EXAMPLE_CONNECTOR.tokenEnv}" | conduit profile set work --secret-stdin ${EXAMPLE_CONNECTOR.tokenSetting}`,
      description: 'store a secret from stdin',
    },
    {
      command: `conduit profile set sim ${EXAMPLE_CONNECTOR.baseUrlSetting}=http://127.0.0.1:4010/api/1.0`,
      description: 'point local mode at a simulator',
    },
  ],
  load: () => import('./run-profile-set'),
});

const unset = defineCommand({
  name: 'unset',
  summary: 'Remove settings from a profile',
  args: [
    { name: 'name', description: 'the profile', required: true, complete: completeProfile },
    {
      name: 'keys',
      description: 'the settings to remove',
      required: true,
      variadic: true,
      complete: completeSettingKey,
    },
  ],
  examples: [
    {
      command: `conduit profile unset work ${EXAMPLE_CONNECTOR.tokenSetting}`,
      description: 'forget a stored token',
    },
  ],
  load: () => import('./run-profile-unset'),
});

const remove = defineCommand({
  name: 'delete',
  summary: 'Delete a profile',
  args: [{ name: 'name', description: 'the profile', required: true, complete: completeProfile }],
  examples: [{ command: 'conduit profile delete staging', description: 'delete a profile' }],
  load: () => import('./run-profile-delete'),
});

const use = defineCommand({
  name: 'use',
  summary: 'Make a profile the default',
  args: [{ name: 'name', description: 'the profile', required: true, complete: completeProfile }],
  examples: [{ command: 'conduit profile use work', description: 'use "work" when no profile is named' }],
  load: () => import('./run-profile-use'),
});

/** `conduit profile …`: named profiles in the config file. */
export const profileCommand = defineCommand({
  name: 'profile',
  summary: 'Manage named profiles of settings in the config file',
  description: [
    'Manage named profiles in the config file ($CONDUIT_CONFIG, else',
    '$XDG_CONFIG_HOME/conduit/config.json, else ~/.config/conduit/config.json). A setting is taken',
    'from the environment first, then a flag, then the profile; the profile is CONDUIT_PROFILE,',
    'else --profile, else the default profile.',
  ].join('\n'),
  subcommands: [list, show, set, unset, remove, use],
  examples: [
    {
      command: 'conduit profile set work hosted_base_url=https://conduit.example.com --default',
      description: 'create a profile and make it the default',
    },
    { command: 'conduit profile list', description: 'the profiles, the active one marked' },
    {
      command: `CONDUIT_PROFILE=work conduit exec ${EXAMPLE_CONNECTOR.kind} workspaces list`,
      description: 'use a profile for one command',
    },
  ],
});
