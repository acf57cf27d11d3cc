import { defineCommand } from '../../framework/command-spec';

/** `conduit demo`: the whole of Conduit in a few seconds, offline. */
export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'A tour of Conduit in a few seconds, offline: simulator, service, connector, search',
  description: [
    'Run the main job end to end, offline and in this process, saying what each step does:',
    '  1. start the Asana simulator with the sandbox dataset (a small studio’s workspace);',
    '  2. start the hosted service on an embedded SQLite file in a temporary directory;',
    '  3. register an application (client credentials);',
    '  4. create a task-management connector with the simulator’s token;',
    '  5. list a project’s tasks through the service, a few a page, following the offsets;',
    '  6. sync the searchable entities into the service and wait for the sync;',
    '  7. a fuzzy search with a misspelt word;',
    '  8. a filtered search: one person’s open tasks, soonest due first;',
    '  9. download an attachment, checking its size, with its SHA-256;',
    ' 10. delete the connector, stop everything and remove the temporary files.',
    'Each step shows the conduit command that does the same against a running service. With',
    '--json, one document summarises every step’s results. A step that fails stops the demo',
    '(everything started is still stopped and removed) with the exit code of its error.',
  ].join('\n'),
  examples: [
    { command: 'conduit demo', description: 'the tour, for people' },
    { command: 'conduit demo --json | jq .steps[].took_ms', description: 'each step’s result as data' },
  ],
  load: () => import('./run-demo'),
});
