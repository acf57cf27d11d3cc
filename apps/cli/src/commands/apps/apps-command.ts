import { type ArgSpec, defineCommand, type FlagSpec } from '../../framework/command-spec';
import { ADMIN_FLAGS, ADMIN_SETTINGS_HELP } from '../../hosted/open-admin-client';

const CLIENT_ID_ARG: ArgSpec = {
  name: 'client_id',
  description: 'the application’s client id',
  required: true,
};
const YES_FLAG: FlagSpec = {
  name: 'yes',
  short: 'y',
  type: 'boolean',
  description: 'do not ask for confirmation',
};

const create = defineCommand({
  name: 'create',
  summary: 'Register an application and print its client id and secret (shown once)',
  description: [
    'Register an application on the hosted service. Its client_id and client_secret are printed',
    'on standard output this once: the service keeps only a hash of the secret.',
    '',
    ADMIN_SETTINGS_HELP,
  ].join('\n'),
  args: [{ name: 'name', description: 'display name of the application', required: true }],
  flags: [
    {
      name: 'client-id',
      type: 'string',
      valueName: 'ID',
      description: 'the client id to give it (default: generated, app_…)',
    },
    ...ADMIN_FLAGS,
  ],
  examples: [
    {
      command: 'conduit apps create "Billing app" --json',
      description: 'client_id and client_secret as JSON',
    },
  ],
  load: () => import('./run-apps-create'),
});

const list = defineCommand({
  name: 'list',
  summary: 'List the registered applications, active and revoked',
  flags: ADMIN_FLAGS,
  examples: [{ command: 'conduit apps list', description: 'every application with its status' }],
  load: () => import('./run-apps-list'),
});

const revoke = defineCommand({
  name: 'revoke',
  summary: 'Revoke an application: its tokens stop working at once',
  description: [
    'Revoke an application: its live tokens are refused from their next request and its secret gets',
    'no new ones. Its connectors stay until deleted. Asks first at a terminal; without one it needs --yes.',
    '',
    ADMIN_SETTINGS_HELP,
  ].join('\n'),
  args: [CLIENT_ID_ARG],
  flags: [YES_FLAG, ...ADMIN_FLAGS],
  examples: [{ command: 'conduit apps revoke app_0f3c9a1b2c3d4e5f --yes', description: 'in a script' }],
  load: () => import('./run-apps-revoke'),
});

const rotateSecret = defineCommand({
  name: 'rotate-secret',
  summary: 'Give an application a new secret (shown once); the old one stops getting tokens',
  args: [CLIENT_ID_ARG],
  flags: [YES_FLAG, ...ADMIN_FLAGS],
  examples: [
    {
      command: 'conduit apps rotate-secret app_0f3c9a1b2c3d4e5f --yes --json',
      description: 'the new secret as JSON',
    },
  ],
  load: () => import('./run-apps-rotate-secret'),
});

/** `conduit apps create|list|revoke|rotate-secret`: the hosted service's applications (admin API). */
export const appsCommand = defineCommand({
  name: 'apps',
  summary: 'Register, list and revoke applications of the hosted service (operator)',
  description: [
    "Manage the applications of a self-hosted service through its admin API, with the operator's token.",
    '',
    ADMIN_SETTINGS_HELP,
  ].join('\n'),
  subcommands: [create, list, revoke, rotateSecret],
  examples: [
    { command: 'conduit apps create "Billing app" --json', description: 'a new application' },
    { command: 'conduit apps list', description: 'every application' },
  ],
});
