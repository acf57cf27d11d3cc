import { defineCommand } from '../../framework/command-spec';
import { HOSTED_CONNECTOR_ARG, HOSTED_FLAGS, HOSTED_SETTINGS_HELP } from '../../hosted/hosted-flags';

const status = defineCommand({
  name: 'status',
  summary: 'Show the sync state of a connector, per entity',
  args: [HOSTED_CONNECTOR_ARG],
  flags: HOSTED_FLAGS,
  examples: [
    { command: 'conduit sync status task-management', description: 'the user’s task-management connector' },
    { command: 'conduit sync status 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb --json', description: 'as JSON' },
  ],
  load: () => import('./run-sync-status'),
});

/** `conduit sync <connector> [--full] [--wait]` and `conduit sync status <connector>`. */
export const syncCommand = defineCommand({
  name: 'sync',
  summary: 'Start a sync of a hosted connector (and wait for it), or show its state',
  description: [
    'Start a sync of a connector’s searchable entities on the hosted service. With --wait, follow',
    'it until it ends: the state of each entity is drawn live on a terminal, and the final state',
    'is printed (JSON with --json). A failed sync exits 7, naming the entities that failed; so does',
    'a wait that runs out (--timeout, default 10m), while the sync goes on.',
    '',
    'The service picks an incremental run (what changed since the last one) unless its last full',
    'run is old; --full asks for a full run, which lists everything again and removes from the copy',
    'what was deleted upstream.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [HOSTED_CONNECTOR_ARG],
  flags: [
    { name: 'wait', type: 'boolean', description: 'wait until the sync ends' },
    {
      name: 'full',
      type: 'boolean',
      description: 'a full run: list everything again and remove what was deleted upstream',
    },
    {
      name: 'timeout',
      type: 'string',
      valueName: 'DURATION',
      description: 'with --wait: give up waiting after this long, e.g. 90s, 10m (default 10m)',
    },
    ...HOSTED_FLAGS,
  ],
  subcommands: [status],
  examples: [
    {
      command: 'conduit sync task-management --wait',
      description: 'sync the task-management connector and wait',
    },
    { command: 'conduit sync 3e7a03f2-0403-4b50-8a8e-26cd2b5e3cfb', description: 'start it and return' },
    { command: 'conduit sync task-management --full --wait', description: 'a full run, deletions included' },
    { command: 'conduit sync status task-management', description: 'where the last sync got to' },
  ],
  load: () => import('./run-sync'),
});
