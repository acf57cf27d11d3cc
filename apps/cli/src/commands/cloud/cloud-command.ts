import {
  type CommandModule,
  type CommandSpec,
  defineCommand,
  type FlagSpec,
} from '../../framework/command-spec';
import { CLOUD_FLAGS, CLOUD_SETTINGS_HELP, DELETE_FLAGS } from './cloud-flags';
import type { DefinitionsAction } from './run-definitions';

const connectionArg = { name: 'connection', description: 'the connection id', required: true } as const;

const SAFE_MODE_HELP = [
  'Safe mode is on unless --no-safe-mode is given: the name of everything deleted must contain',
  '"delete-me" or "deleteme" (any case), checked before the first delete, so a refusal (exit 5,',
  'code safe_mode_refused) deletes nothing. Asks first at a terminal; without one it needs --yes.',
].join('\n');

function workspaceCommands(): CommandSpec {
  return defineCommand({
    name: 'workspace',
    summary: 'Check the workspace and its credentials, or show what it is',
    subcommands: [
      defineCommand({
        name: 'check',
        summary: 'Check that the workspace is reachable and the credentials work',
        flags: CLOUD_FLAGS,
        examples: [
          {
            command: 'conduit cloud workspace check',
            description: 'exit 0 when all is well, 3 on bad credentials',
          },
        ],
        load: () => import('./run-workspace-check'),
      }),
      defineCommand({
        name: 'info',
        summary: 'Show the workspace: id, web address, API root, authentication, organization',
        flags: CLOUD_FLAGS,
        examples: [{ command: 'conduit cloud workspace info --json', description: 'as JSON' }],
        load: () => import('./run-workspace-info'),
      }),
    ],
    examples: [{ command: 'conduit cloud workspace check', description: 'are the settings right?' }],
  });
}

const CONFIG_INPUT_FLAGS = (what: string): FlagSpec[] => [
  {
    name: `${what}-file`,
    type: 'string',
    valueName: 'PATH',
    description: `read the ${what.replace('-', ' ')} (a JSON object, may hold secrets) from a file`,
    complete: 'files',
  },
  {
    name: `${what}-stdin`,
    type: 'boolean',
    description: `read the ${what.replace('-', ' ')} (a JSON object) from stdin`,
  },
];

const NAME_FLAGS: FlagSpec[] = [
  {
    name: 'allow-duplicate-name',
    type: 'boolean',
    description: 'create it even when the name is taken (refused by default)',
  },
];

function actorCommands(kind: 'source' | 'destination'): CommandSpec {
  const plural = `${kind}s`;
  const load = (name: 'list' | 'get' | 'delete') => async (): Promise<CommandModule> => {
    const module = await import('./run-actors');
    return { run: (context) => module.runActor(context, kind, name) };
  };
  const idArg = { name: kind, description: `the ${kind} id`, required: true } as const;
  return defineCommand({
    name: plural,
    summary: `Create, list, show and delete the ${plural} of the workspace`,
    subcommands: [
      defineCommand({
        name: 'create',
        summary: `Deploy a ${kind} from its configuration (JSON, from a file or stdin)`,
        description: [
          `Deploy a ${kind}. Its configuration is a JSON object with "${kind}Type" (the connector's`,
          `short name) and the connector's settings, or {"connectorName": "${kind}-…", "config": {…}}.`,
          'It may hold secrets, so it is read from --config-file or --config-stdin, never from argv.',
          'A taken name is refused (exit 5) unless --allow-duplicate-name or --random-name-suffix.',
        ].join('\n'),
        args: [{ name: 'name', description: `the ${kind}'s name`, required: true }],
        flags: [
          ...CONFIG_INPUT_FLAGS('config'),
          ...NAME_FLAGS,
          {
            name: 'random-name-suffix',
            type: 'boolean',
            description: 'append " (ID: …)" to the name, so it is unique',
          },
          ...CLOUD_FLAGS,
        ],
        examples: [
          {
            command: `conduit cloud ${plural} create 'people (delete-me)' --config-file ${kind}.json`,
            description: `deploy a ${kind}`,
          },
          {
            command: `printf '%s' '{"${kind}Type": "${kind === 'source' ? 'faker' : 'dev-null'}"}' | conduit cloud ${plural} create tmp --config-stdin --json`,
            description: 'from stdin, printed as JSON',
          },
        ],
        load: async () => {
          const module = await import('./run-actors-create');
          return { run: (context) => module.runActorCreate(context, kind) };
        },
      }),
      defineCommand({
        name: 'list',
        summary: `List the ${plural} of the workspace`,
        flags: [
          { name: 'name', type: 'string', valueName: 'NAME', description: 'only this exact name' },
          ...CLOUD_FLAGS,
        ],
        examples: [{ command: `conduit cloud ${plural} list`, description: `every ${kind}` }],
        load: load('list'),
      }),
      defineCommand({
        name: 'get',
        summary: `Show one ${kind} (secrets in its configuration masked by the platform)`,
        args: [idArg],
        flags: CLOUD_FLAGS,
        examples: [
          { command: `conduit cloud ${plural} get 9b1c… --json`, description: `one ${kind} as JSON` },
        ],
        load: load('get'),
      }),
      defineCommand({
        name: 'delete',
        summary: `Delete a ${kind} permanently (safe mode: its name must contain delete-me)`,
        description: [`Delete a ${kind} permanently.`, '', SAFE_MODE_HELP].join('\n'),
        args: [idArg],
        flags: [...DELETE_FLAGS, ...CLOUD_FLAGS],
        examples: [
          {
            command: `conduit cloud ${plural} delete 9b1c… --yes`,
            description: 'only if its name contains delete-me',
          },
          {
            command: `conduit cloud ${plural} delete 9b1c… --no-safe-mode --yes`,
            description: 'whatever its name',
          },
        ],
        load: load('delete'),
      }),
    ],
    examples: [{ command: `conduit cloud ${plural} list`, description: `every ${kind} of the workspace` }],
  });
}

function connectionCommands(): CommandSpec {
  const enable = (enabled: boolean) => async (): Promise<CommandModule> => {
    const module = await import('./run-connections-enable');
    return { run: (context) => module.runEnable(context, enabled) };
  };
  return defineCommand({
    name: 'connections',
    summary: 'Create, list, inspect and change the connections of the workspace',
    subcommands: [
      defineCommand({
        name: 'create',
        summary: 'Pair a source and a destination into a connection (manual schedule)',
        args: [{ name: 'name', description: 'the connection’s name', required: true }],
        flags: [
          { name: 'source', type: 'string', valueName: 'ID', description: 'the source id (required)' },
          {
            name: 'destination',
            type: 'string',
            valueName: 'ID',
            description: 'the destination id (required)',
          },
          {
            name: 'stream',
            type: 'string',
            multiple: true,
            valueName: 'NAME',
            description: 'a stream to sync (repeat for several; at least one)',
          },
          { name: 'prefix', type: 'string', valueName: 'PREFIX', description: 'put before every table name' },
          ...CLOUD_FLAGS,
        ],
        examples: [
          {
            command:
              "conduit cloud connections create 'faker → pg (delete-me)' --source 9b1c… --destination 77d0… --stream users --stream purchases",
            description: 'sync two streams',
          },
        ],
        load: () => import('./run-connections-create'),
      }),
      defineCommand({
        name: 'list',
        summary: 'List the connections with their status, schedule and streams',
        flags: [
          { name: 'name', type: 'string', valueName: 'NAME', description: 'only this exact name' },
          ...CLOUD_FLAGS,
        ],
        examples: [{ command: 'conduit cloud connections list', description: 'every connection' }],
        load: () => import('./run-connections-list'),
      }),
      defineCommand({
        name: 'get',
        summary: 'Show one connection',
        args: [connectionArg],
        flags: CLOUD_FLAGS,
        examples: [{ command: 'conduit cloud connections get 4f2a… --json', description: 'as JSON' }],
        load: () => import('./run-connections-get'),
      }),
      defineCommand({
        name: 'enable',
        summary: 'Enable a connection (its schedule runs again)',
        args: [connectionArg],
        flags: CLOUD_FLAGS,
        examples: [
          { command: 'conduit cloud connections enable 4f2a…', description: 'no-op when already enabled' },
        ],
        load: enable(true),
      }),
      defineCommand({
        name: 'disable',
        summary: 'Disable a connection (no scheduled syncs)',
        args: [connectionArg],
        flags: CLOUD_FLAGS,
        examples: [
          { command: 'conduit cloud connections disable 4f2a…', description: 'no-op when already disabled' },
        ],
        load: enable(false),
      }),
      defineCommand({
        name: 'schedule',
        summary: 'Schedule syncs with a cron expression, or make them manual',
        description: [
          'Schedule syncs with a Quartz cron expression in UTC (6 or 7 fields, seconds first, "?" in',
          'one of day-of-month and day-of-week, at most hourly), or turn scheduled syncs off with',
          '"manual" (syncs then run only when started).',
        ].join('\n'),
        args: [
          connectionArg,
          { name: 'schedule', description: 'a cron expression, or manual', required: true },
        ],
        flags: CLOUD_FLAGS,
        examples: [
          {
            command: `conduit cloud connections schedule 4f2a… '0 0 0 * * ?'`,
            description: 'daily at midnight UTC',
          },
          {
            command: `conduit cloud connections schedule 4f2a… '0 0 0/6 * * ?'`,
            description: 'every 6 hours',
          },
          { command: 'conduit cloud connections schedule 4f2a… manual', description: 'only when started' },
        ],
        load: () => import('./run-connections-schedule'),
      }),
      defineCommand({
        name: 'streams',
        summary: 'Show the selected streams, or replace the selection',
        description: [
          'Without stream names, print the selected streams. With names, replace the selection: each',
          'stream gets the platform’s default sync mode (incremental settings of streams selected',
          'before are lost), and a wrong list can break the connection.',
        ].join('\n'),
        args: [connectionArg, { name: 'streams', description: 'the streams to select', variadic: true }],
        flags: CLOUD_FLAGS,
        examples: [
          { command: 'conduit cloud connections streams 4f2a…', description: 'the selected streams' },
          {
            command: 'conduit cloud connections streams 4f2a… users purchases',
            description: 'select these two',
          },
        ],
        load: () => import('./run-connections-streams'),
      }),
      defineCommand({
        name: 'prefix',
        summary: 'Show the table prefix, or set it',
        args: [connectionArg, { name: 'prefix', description: 'the new prefix' }],
        flags: [{ name: 'clear', type: 'boolean', description: 'remove the prefix' }, ...CLOUD_FLAGS],
        examples: [
          { command: 'conduit cloud connections prefix 4f2a…', description: 'the current prefix' },
          {
            command: 'conduit cloud connections prefix 4f2a… raw_',
            description: 'tables become raw_<stream>',
          },
          { command: 'conduit cloud connections prefix 4f2a… --clear', description: 'no prefix' },
        ],
        load: () => import('./run-connections-prefix'),
      }),
      defineCommand({
        name: 'rename',
        summary: 'Rename a connection',
        args: [connectionArg, { name: 'name', description: 'the new name', required: true }],
        flags: CLOUD_FLAGS,
        examples: [
          {
            command: `conduit cloud connections rename 4f2a… 'faker → warehouse (delete-me)'`,
            description: 'rename',
          },
        ],
        load: () => import('./run-connections-rename'),
      }),
      defineCommand({
        name: 'delete',
        summary: 'Delete a connection permanently, optionally with its source and destination',
        description: [
          'Delete a connection permanently; with --cascade-source / --cascade-destination its source',
          'and destination too.',
          '',
          SAFE_MODE_HELP,
        ].join('\n'),
        args: [connectionArg],
        flags: [
          { name: 'cascade-source', type: 'boolean', description: 'also delete the connection’s source' },
          {
            name: 'cascade-destination',
            type: 'boolean',
            description: 'also delete the connection’s destination',
          },
          ...DELETE_FLAGS,
          ...CLOUD_FLAGS,
        ],
        examples: [
          {
            command: 'conduit cloud connections delete 4f2a… --yes',
            description: 'safe mode: the name must contain delete-me',
          },
          {
            command: 'conduit cloud connections delete 4f2a… --cascade-source --cascade-destination --yes',
            description: 'the connection, its source and its destination',
          },
          {
            command: 'conduit cloud connections delete 4f2a… --no-safe-mode --yes',
            description: 'whatever its name',
          },
        ],
        load: () => import('./run-connections-delete'),
      }),
    ],
    examples: [
      { command: 'conduit cloud connections list', description: 'every connection of the workspace' },
    ],
  });
}

function definitionCommands(): CommandSpec {
  const load = (action: DefinitionsAction) => async (): Promise<CommandModule> => {
    const module = await import('./run-definitions');
    return { run: (context) => module.runDefinitions(context, action) };
  };
  const idArg = { name: 'definition', description: 'the definition id', required: true } as const;
  const typeFlag: FlagSpec = {
    name: 'type',
    type: 'string',
    valueName: 'yaml|docker',
    description: 'YAML manifests (default) or Docker images',
    complete: ['yaml', 'docker'],
  };
  return defineCommand({
    name: 'definitions',
    summary: 'Publish, list, show and delete custom source definitions (YAML or Docker)',
    subcommands: [
      defineCommand({
        name: 'list',
        summary: 'List the custom source definitions of a type',
        flags: [typeFlag, ...CLOUD_FLAGS],
        examples: [{ command: 'conduit cloud definitions list', description: 'the YAML definitions' }],
        load: load('list'),
      }),
      defineCommand({
        name: 'get',
        summary: 'Show one definition (its manifest with --json)',
        args: [idArg],
        flags: [typeFlag, ...CLOUD_FLAGS],
        examples: [
          { command: 'conduit cloud definitions get 5e1f… --json', description: 'with its manifest' },
        ],
        load: load('get'),
      }),
      defineCommand({
        name: 'publish',
        summary: 'Publish a YAML manifest (--manifest) or a Docker image (--docker-image, --docker-tag)',
        description: [
          'Publish a custom source definition: a declarative YAML manifest (checked locally first',
          'unless --no-validate), or a Docker image with its tag. A taken name is refused (exit 5)',
          'unless --allow-duplicate-name. --testing-values-file / --testing-values-stdin replace the',
          'builder project’s testing values (they may hold secrets: never from argv).',
        ].join('\n'),
        args: [{ name: 'name', description: 'the definition’s name', required: true }],
        flags: [
          {
            name: 'manifest',
            type: 'string',
            valueName: 'FILE',
            description: 'the YAML (or JSON) manifest',
            complete: 'files',
          },
          { name: 'docker-image', type: 'string', valueName: 'IMAGE', description: 'a Docker repository' },
          { name: 'docker-tag', type: 'string', valueName: 'TAG', description: 'with --docker-image' },
          {
            name: 'documentation-url',
            type: 'string',
            valueName: 'URL',
            description: 'Docker definitions: the documentation page',
          },
          { name: 'no-validate', type: 'boolean', description: 'skip the local check of the manifest' },
          ...CONFIG_INPUT_FLAGS('testing-values'),
          ...NAME_FLAGS,
          ...CLOUD_FLAGS,
        ],
        examples: [
          {
            command: "conduit cloud definitions publish 'people (delete-me)' --manifest people.yaml",
            description: 'a declarative source',
          },
        ],
        load: load('publish'),
      }),
      defineCommand({
        name: 'testing-values',
        summary: 'Show the testing values of a YAML definition, or replace them (--values-file/-stdin)',
        args: [idArg],
        flags: [...CONFIG_INPUT_FLAGS('values'), ...CLOUD_FLAGS],
        examples: [
          { command: 'conduit cloud definitions testing-values 5e1f…', description: 'secrets masked' },
          {
            command: 'conduit cloud definitions testing-values 5e1f… --values-file values.json',
            description: 'replace them',
          },
        ],
        load: load('testing-values'),
      }),
      defineCommand({
        name: 'delete',
        summary: 'Delete a definition permanently (safe mode: its name must contain delete-me)',
        description: ['Delete a custom source definition permanently.', '', SAFE_MODE_HELP].join('\n'),
        args: [idArg],
        flags: [typeFlag, ...DELETE_FLAGS, ...CLOUD_FLAGS],
        examples: [
          { command: 'conduit cloud definitions delete 5e1f… --yes', description: 'if named delete-me' },
        ],
        load: load('delete'),
      }),
    ],
    examples: [{ command: 'conduit cloud definitions list', description: 'the YAML definitions' }],
  });
}

/** `conduit cloud …`: a data-movement platform's cloud workspace, over `@conduit/cloud`. */
export const cloudCommand = defineCommand({
  name: 'cloud',
  summary: 'Drive a cloud workspace: sources, destinations, connections, definitions, syncs, results',
  description: ['Drive a data-movement platform’s cloud workspace.', '', CLOUD_SETTINGS_HELP].join('\n'),
  subcommands: [
    workspaceCommands(),
    actorCommands('source'),
    actorCommands('destination'),
    connectionCommands(),
    definitionCommands(),
    defineCommand({
      name: 'sync',
      summary: 'Start a sync job of a connection (and wait for it, with its status live)',
      description: [
        'Start a sync job of a connection. With --wait, follow it until it is final: its status,',
        'records and bytes are drawn live on a terminal; a failed or cancelled job exits 7 with',
        'the failure the platform reports, and so does a wait that runs out (--timeout, default',
        '30m) while the job goes on.',
        '',
        CLOUD_SETTINGS_HELP,
      ].join('\n'),
      args: [connectionArg],
      flags: [
        { name: 'wait', type: 'boolean', description: 'wait until the job is final' },
        {
          name: 'timeout',
          type: 'string',
          valueName: 'DURATION',
          description: 'with --wait: give up waiting after this long, e.g. 10m (default 30m)',
        },
        {
          name: 'poll-interval',
          type: 'string',
          valueName: 'DURATION',
          description: 'with --wait: the longest time between two status reads (default 2s)',
        },
        ...CLOUD_FLAGS,
      ],
      examples: [
        { command: 'conduit cloud sync 4f2a… --wait', description: 'run a sync and watch it' },
        { command: 'conduit cloud sync 4f2a… --json', description: 'start it; print the job id' },
      ],
      load: () => import('./run-cloud-sync'),
    }),
    defineCommand({
      name: 'jobs',
      summary: 'List the previous sync jobs of a connection, newest first',
      args: [connectionArg],
      flags: [
        {
          name: 'limit',
          short: 'n',
          type: 'string',
          valueName: 'N',
          description: 'at most N jobs (default 20)',
        },
        { name: 'offset', type: 'string', valueName: 'N', description: 'skip the first N jobs' },
        { name: 'oldest-first', type: 'boolean', description: 'oldest first instead of newest first' },
        ...CLOUD_FLAGS,
      ],
      examples: [
        { command: 'conduit cloud jobs 4f2a…', description: 'the last 20 jobs' },
        { command: 'conduit cloud jobs 4f2a… -n 5 --json', description: 'the last 5, as JSON' },
      ],
      load: () => import('./run-cloud-jobs'),
    }),
    defineCommand({
      name: 'logs',
      summary: 'Print the logs of a sync job, attempt by attempt',
      args: [
        connectionArg,
        { name: 'job_id', description: 'the job id (see conduit cloud jobs)', required: true },
      ],
      flags: [
        {
          name: 'attempt',
          type: 'string',
          valueName: 'N',
          description: 'only this attempt (0 is the first)',
        },
        ...CLOUD_FLAGS,
      ],
      examples: [
        { command: 'conduit cloud logs 4f2a… 1234', description: 'every attempt’s log' },
        { command: 'conduit cloud logs 4f2a… 1234 --attempt 2 --json', description: 'one attempt, as JSON' },
      ],
      load: () => import('./run-cloud-logs'),
    }),
    defineCommand({
      name: 'results',
      summary: 'Read back what a sync wrote to the destination: its streams, or a stream’s rows',
      description: [
        'Read back what a sync job (the latest, or --job) wrote to the destination (PostgreSQL,',
        'DuckDB or MotherDuck): without a stream, the job’s streams and their tables; with one, its',
        'rows (the first 20, --limit N or --all; NDJSON with --json). A warehouse password the',
        'platform masks comes from the driver’s own defaults (PGPASSWORD, ~/.pgpass).',
        '',
        CLOUD_SETTINGS_HELP,
      ].join('\n'),
      args: [connectionArg, { name: 'stream', description: 'the stream to read' }],
      flags: [
        { name: 'job', type: 'string', valueName: 'ID', description: 'this job instead of the latest' },
        {
          name: 'limit',
          short: 'n',
          type: 'string',
          valueName: 'N',
          description: 'at most N rows (default 20)',
        },
        { name: 'all', type: 'boolean', description: 'every row (streamed with --json)' },
        ...CLOUD_FLAGS,
      ],
      examples: [
        { command: 'conduit cloud results 4f2a…', description: 'the streams and their tables' },
        { command: 'conduit cloud results 4f2a… users --all --json', description: 'every row, as NDJSON' },
      ],
      load: () => import('./run-cloud-results'),
    }),
  ],
  examples: [
    { command: 'conduit cloud workspace check', description: 'are the settings right?' },
    { command: 'conduit cloud connections list', description: 'the connections' },
    { command: 'conduit cloud sync 4f2a… --wait', description: 'run a sync and watch it' },
  ],
});
