import { defineCommand } from '../../framework/command-spec';

/** `conduit demo [--kind <kind>]`: the whole of Conduit in a few seconds, offline. */
export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'A tour of Conduit in a few seconds, offline: simulators, service, connectors, search',
  description: [
    'Run the main job end to end, offline and in this process, saying what each step does:',
    '  - start the hosted service on an embedded SQLite file in a temporary directory;',
    '  - register an application (client credentials);',
    '  - then, for each connector kind (task-management, support-desk, CRM), on its simulator:',
    '    start the simulator with its dataset; create a connector with the simulator’s credentials;',
    '    list records through the service, a few a page, following the cursors; sync the',
    '    searchable entities and wait; search the synced copy (fuzzy and filtered queries);',
    '    download a file, checking its size, with its SHA-256, when the connector has files;',
    '  - delete the connectors, stop everything and remove the temporary files.',
    'With --kind, only that kind’s part runs. Each step shows the conduit command that does the',
    'same against a running service. With --json, one document summarises every step’s results.',
    'A step that fails stops the demo (everything started is still stopped and removed) with the',
    'exit code of its error.',
  ].join('\n'),
  flags: [
    {
      name: 'kind',
      type: 'string',
      valueName: 'KIND',
      description: 'show one connector kind only: task-management, support-desk or crm',
    },
  ],
  examples: [
    { command: 'conduit demo', description: 'the tour, for people' },
    { command: 'conduit demo --kind support-desk', description: 'the support-desk part only' },
    { command: 'conduit demo --json | jq .steps[].took_ms', description: 'each step’s result as data' },
  ],
  load: () => import('./run-demo'),
});
