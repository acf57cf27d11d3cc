import { CONNECTOR_KINDS } from '@conduit/connectors';
import { CREDENTIAL_ENV_HELP, EXAMPLE_CONNECTOR } from '../../connectors/connector-help';
import { defineCommand } from '../../framework/command-spec';
import { HOSTED_CONNECTOR_ARG, HOSTED_FLAGS, HOSTED_SETTINGS_HELP } from '../../hosted/hosted-flags';

const CONNECTOR_TYPE_WORDS = CONNECTOR_KINDS.flatMap((kind) => [kind.type, ...kind.aliases]);

/** `task-management (<alias>), …`, for help. */
const TYPES_HELP = CONNECTOR_KINDS.map((kind) => `${kind.type} (${kind.aliases.join(', ')})`).join(', ');

const create = defineCommand({
  name: 'create',
  summary: 'Store upstream credentials as a new connector',
  description: [
    'Store the upstream credentials of the end user as a new connector of the hosted service.',
    'Credentials never go on the command line. For a type this CLI runs locally they come, in this',
    `order, from the environment (${CREDENTIAL_ENV_HELP}),`,
    '--credentials-file or --credentials-stdin, then the profile; for the other types from',
    'the file or stdin. The JSON is checked against the type before it is sent:',
    '  task-management  {"token": …} or {"refresh_token": …, "client_id": …, "client_secret": …}',
    '  support-desk     {"email": …, "api_token": …} or {"access_token": …, "refresh_token"?: …}',
    '  crm              {"refresh_token": …, "client_id": …, "client_secret": …}',
    'Configuration variables go in --config (subdomain, instance_url; base_url replaces the',
    'upstream address when the service allows it).',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [
    {
      name: 'type',
      description: TYPES_HELP,
      required: true,
      complete: CONNECTOR_TYPE_WORDS,
    },
  ],
  flags: [
    {
      name: 'name',
      type: 'string',
      valueName: 'NAME',
      description: 'display name (default "<type> - <user>")',
    },
    {
      name: 'config',
      type: 'string',
      multiple: true,
      valueName: 'KEY=VALUE',
      description: 'a configuration variable of the type (repeat for several)',
    },
    {
      name: 'credentials-file',
      type: 'string',
      valueName: 'PATH',
      description: 'read the upstream credentials (JSON) from a file',
      complete: 'files',
    },
    {
      name: 'credentials-stdin',
      type: 'boolean',
      description: 'read the upstream credentials (JSON) from stdin',
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: `${EXAMPLE_CONNECTOR.tokenEnv}=… conduit connectors create ${EXAMPLE_CONNECTOR.kind}`,
      description: 'a task-management connector from a personal access token in the environment',
    },
    {
      command:
        'conduit connectors create support-desk --config subdomain=acme --credentials-file credentials.json',
      description: 'a support-desk connector, credentials from a file',
    },
    {
      command: `conduit connectors create ${EXAMPLE_CONNECTOR.kind} --config base_url=http://127.0.0.1:4010/api/1.0 --json`,
      description: 'against a simulator (the service must allow upstream overrides)',
    },
  ],
  load: () => import('./run-connectors-create'),
});

const list = defineCommand({
  name: 'list',
  summary: 'List the connectors of the end user',
  flags: [
    {
      name: 'type',
      type: 'string',
      valueName: 'TYPE',
      description: 'only connectors of this type',
      complete: CONNECTOR_TYPE_WORDS,
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    { command: 'conduit connectors list', description: 'every connector with its status and sync state' },
    {
      command: `conduit connectors list --type ${EXAMPLE_CONNECTOR.kind} --json`,
      description: 'task-management ones, as JSON',
    },
  ],
  load: () => import('./run-connectors-list'),
});

const get = defineCommand({
  name: 'get',
  summary: 'Show one connector with its sync state per entity',
  args: [HOSTED_CONNECTOR_ARG],
  flags: HOSTED_FLAGS,
  examples: [
    { command: 'conduit connectors get 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb', description: 'by id' },
    {
      command: `conduit connectors get ${EXAMPLE_CONNECTOR.kind} --json`,
      description: 'the user’s only task-management connector',
    },
  ],
  load: () => import('./run-connectors-get'),
});

const update = defineCommand({
  name: 'update',
  summary: 'Replace the credentials (and config or name) of a connector, keeping its data',
  description: [
    'Re-authorize a connector: its credentials are replaced (and its config or name when given),',
    'its synced data is kept, and a needs_reauth connector becomes active again. The credentials',
    'are read like `connectors create` reads them (environment, --credentials-file, --credentials-stdin,',
    'profile); with only --name or --config none are needed.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [HOSTED_CONNECTOR_ARG],
  flags: [
    { name: 'name', type: 'string', valueName: 'NAME', description: 'a new display name' },
    {
      name: 'config',
      type: 'string',
      multiple: true,
      valueName: 'KEY=VALUE',
      description: 'a configuration variable of the type (repeat for several; replaces the stored config)',
    },
    {
      name: 'credentials-file',
      type: 'string',
      valueName: 'PATH',
      description: 'read the new upstream credentials (JSON) from a file',
      complete: 'files',
    },
    {
      name: 'credentials-stdin',
      type: 'boolean',
      description: 'read the new upstream credentials (JSON) from stdin',
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: `${EXAMPLE_CONNECTOR.tokenEnv}=… conduit connectors update ${EXAMPLE_CONNECTOR.kind}`,
      description: 'a new personal access token for the user’s task-management connector',
    },
    {
      command:
        'conduit connectors update 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb --credentials-file credentials.json',
      description: 'new support-desk credentials from a file',
    },
  ],
  load: () => import('./run-connectors-update'),
});

const remove = defineCommand({
  name: 'delete',
  summary: 'Delete a connector, its stored credentials and its synced data',
  description: [
    'Delete a connector: the service erases its credentials and its synced data. Asks first at a',
    'terminal; without one (or under CI) it needs --yes.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [HOSTED_CONNECTOR_ARG],
  flags: [
    { name: 'yes', short: 'y', type: 'boolean', description: 'do not ask for confirmation' },
    ...HOSTED_FLAGS,
  ],
  examples: [
    { command: 'conduit connectors delete 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb', description: 'asks first' },
    {
      command: 'conduit connectors delete 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb --yes',
      description: 'in a script',
    },
  ],
  load: () => import('./run-connectors-delete'),
});

/** `conduit connectors create|list|get|update|delete`: the end user's connectors on the hosted service. */
export const connectorsCommand = defineCommand({
  name: 'connectors',
  summary: 'Create, list, show, update and delete connectors of the hosted service',
  description: [
    'Manage the connectors the hosted service keeps for one end user.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  subcommands: [create, list, get, update, remove],
  examples: [
    { command: 'conduit connectors list', description: 'the end user’s connectors' },
    {
      command: `${EXAMPLE_CONNECTOR.tokenEnv}=… conduit connectors create ${EXAMPLE_CONNECTOR.kind}`,
      description: 'a new task-management connector',
    },
  ],
});
