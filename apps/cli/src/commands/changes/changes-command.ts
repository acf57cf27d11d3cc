import { defineCommand } from '../../framework/command-spec';
import { HOSTED_CONNECTOR_ARG, HOSTED_FLAGS, HOSTED_SETTINGS_HELP } from '../../hosted/hosted-flags';

/** `conduit changes <connector> [--cursor C] [--follow] [--limit N]`. */
export const changesCommand = defineCommand({
  name: 'changes',
  summary: 'Print the change feed of a hosted connector’s synced data as NDJSON',
  description: [
    'Print the upserts and deletes of a connector’s synced records, oldest first, one JSON object',
    'per line: {entity, id, operation, record, changed_at, next_cursor}. A delete’s record is null.',
    'Without --cursor the feed starts at its beginning (every record once, in its latest state).',
    'Without --follow it stops once caught up and says on stderr which cursor resumes from there;',
    'with --follow it keeps waiting for new changes until interrupted. Store the next_cursor of the',
    'last line you handled and pass it back with --cursor to resume without missing or repeating.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [HOSTED_CONNECTOR_ARG],
  flags: [
    { name: 'cursor', type: 'string', valueName: 'CURSOR', description: 'resume after this next_cursor' },
    { name: 'follow', short: 'f', type: 'boolean', description: 'keep waiting for new changes' },
    {
      name: 'limit',
      type: 'string',
      valueName: 'N',
      description: 'changes per request, 1 to 1000 (default 100)',
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    { command: 'conduit changes task-management', description: 'every change so far, then stop' },
    {
      command: 'conduit changes task-management --follow | jq -c \'select(.operation == "delete")\'',
      description: 'follow deletions as they happen',
    },
    { command: 'conduit changes task-management --cursor "$(cat cursor)" --follow', description: 'resume' },
  ],
  load: () => import('./run-changes'),
});
