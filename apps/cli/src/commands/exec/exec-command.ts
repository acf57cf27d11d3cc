import { completeAction, completeConnector, completeEntity } from '../../connectors/connector-completers';
import {
  CONNECTOR_NAMES_HELP,
  CREDENTIAL_ENV_HELP,
  EXAMPLE_CONNECTOR,
} from '../../connectors/connector-help';
import { defineCommand } from '../../framework/command-spec';
import { HOSTED_FLAGS } from '../../hosted/hosted-flags';

/**
 * `conduit exec <connector> <entity> <action>`: run one action in this process (local mode), or
 * through the hosted service with `--hosted`.
 */
export const execCommand = defineCommand({
  name: 'exec',
  summary: 'Run one action of a connector, locally or through the hosted service (--hosted)',
  description: [
    'Run one action of a connector in this process, against the upstream API, with your own',
    'upstream credentials (local mode). Params are typed by the connector definition: see',
    '`conduit describe <connector> <entity>`.',
    '',
    'Credentials never go on the command line. They come from, in this order: the environment',
    `(${CREDENTIAL_ENV_HELP}), then`,
    '--credentials-file or --credentials-stdin (JSON: the credentials object of one method, e.g.',
    '{"token": …}), then the profile. No credentials exits with code 3.',
    '',
    'list prints one page (add --all to follow every page, streamed; NDJSON with --json); get',
    'prints the record; download writes the bytes to -o FILE or to stdout when it is not a',
    'terminal; search runs only in hosted mode and exits with code 5 here.',
    '',
    'With --hosted the action runs through the hosted service instead, which holds the',
    `credentials: <connector> is then a connector id, or a type (${CONNECTOR_NAMES_HELP}) when the`,
    'end user has one connector of it. The service is reached with CONDUIT_BASE_URL,',
    'CONDUIT_CLIENT_ID, CONDUIT_CLIENT_SECRET (or --client-secret-file / --client-secret-stdin, or a',
    'private profile) and CONDUIT_EXTERNAL_USER_ID; search works there, over the synced data.',
  ].join('\n'),
  args: [
    {
      name: 'connector',
      description: `connector name or alias: ${CONNECTOR_NAMES_HELP}; with --hosted, a connector id or type`,
      required: true,
      complete: completeConnector,
    },
    {
      name: 'entity',
      description: 'entity, e.g. tasks, projects, workspaces',
      required: true,
      complete: completeEntity,
    },
    {
      name: 'action',
      description: 'list, get, search or download',
      required: true,
      complete: completeAction,
    },
  ],
  flags: [
    {
      name: 'param',
      short: 'p',
      type: 'string',
      multiple: true,
      valueName: 'KEY=VALUE',
      description: 'a param, typed by the definition (repeat for several; wins over --params-json)',
    },
    { name: 'params-json', type: 'string', valueName: 'JSON', description: 'params as one JSON object' },
    { name: 'all', type: 'boolean', description: 'list: follow every page and stream the records' },
    {
      name: 'limit-total',
      type: 'string',
      valueName: 'N',
      description: 'list: stop after N records (implies --all)',
    },
    {
      name: 'output',
      short: 'o',
      type: 'string',
      valueName: 'FILE',
      description: 'download: write the bytes to FILE (- for stdout)',
      complete: 'files',
    },
    {
      name: 'base-url',
      type: 'string',
      valueName: 'URL',
      description:
        'upstream API root, for a self-managed upstream or a simulator (env <CONNECTOR>_BASE_URL wins)',
    },
    {
      name: 'credentials-file',
      type: 'string',
      valueName: 'PATH',
      description: 'read upstream credentials (JSON) from a file',
      complete: 'files',
    },
    {
      name: 'credentials-stdin',
      type: 'boolean',
      description: 'read upstream credentials (JSON) from stdin',
    },
    { name: 'hosted', type: 'boolean', description: 'run through the hosted service (see above)' },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} users get -p user_gid=me`,
      description: `who the token belongs to (${EXAMPLE_CONNECTOR.tokenEnv} exported beforehand)`,
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} workspaces list`,
      description: 'the first page of workspaces, as a table',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} tasks get -p task_gid=1204306707626567 --json`,
      description: 'one task, as JSON',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} project_tasks list -p project_gid=12 --all --json > tasks.ndjson`,
      description: 'every task of a project, one JSON object a line',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} tasks list -p workspace=1 -p assignee=me --limit-total 50`,
      description: 'at most 50 of my tasks',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} attachments download -p attachment_gid=42 -o report.pdf`,
      description: 'download an attachment to a file',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} workspaces list --credentials-stdin < credentials.json`,
      description: 'credentials as JSON on stdin',
    },
    {
      command: `conduit exec ${EXAMPLE_CONNECTOR.kind} workspaces list --base-url http://127.0.0.1:4010/api/1.0`,
      description: 'against a local simulator',
    },
    {
      command: `conduit exec --hosted ${EXAMPLE_CONNECTOR.kind} project_tasks list -p project_gid=12 -p limit=5`,
      description: 'through the hosted service, on the end user’s task-management connector',
    },
    {
      command: `conduit exec --hosted 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb tasks search -p 'query={"filter":{"eq":{"completed":false}}}'`,
      description: 'search the synced data of a connector named by id',
    },
  ],
  load: () => import('./run-exec'),
});
