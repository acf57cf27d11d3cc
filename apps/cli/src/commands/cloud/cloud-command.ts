import { type CommandModule, type CommandSpec, defineCommand } from '../../framework/command-spec';
import { CLOUD_FLAGS, CLOUD_SETTINGS_HELP, DELETE_FLAGS } from './cloud-flags';

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

function actorCommands(kind: 'source' | 'destination'): CommandSpec {
  const plural = `${kind}s`;
  const load = (name: 'list' | 'get' | 'delete') => async (): Promise<CommandModule> => {
    const module = await import('./run-actors');
    return { run: (context) => module.runActor(context, kind, name) };
  };
  const idArg = { name: kind, description: `the ${kind} id`, required: true } as const;
  return defineCommand({
    name: plural,
    summary: `List, show and delete the ${plural} of the workspace`,
    subcommands: [
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
    summary: 'List, inspect and change the connections of the workspace',
    subcommands: [
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

/** `conduit cloud …`: a data-movement platform's cloud workspace, over `@conduit/cloud`. */
export const cloudCommand = defineCommand({
  name: 'cloud',
  summary: 'Drive a cloud workspace: connections, syncs, jobs and logs',
  description: ['Drive a data-movement platform’s cloud workspace.', '', CLOUD_SETTINGS_HELP].join('\n'),
  subcommands: [
    workspaceCommands(),
    actorCommands('source'),
    actorCommands('destination'),
    connectionCommands(),
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
  ],
  examples: [
    { command: 'conduit cloud workspace check', description: 'are the settings right?' },
    { command: 'conduit cloud connections list', description: 'the connections' },
    { command: 'conduit cloud sync 4f2a… --wait', description: 'run a sync and watch it' },
  ],
});
