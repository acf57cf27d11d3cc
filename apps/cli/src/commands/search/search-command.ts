import { defineCommand } from '../../framework/command-spec';
import { HOSTED_FLAGS, HOSTED_SETTINGS_HELP } from '../../hosted/hosted-flags';

const SEARCHABLE = ['tasks', 'projects', 'workspaces', 'users', 'teams', 'attachments', 'tags', 'sections'];

/** `conduit search <entity>`: search the hosted service's synced copy of a connector's data. */
export const searchCommand = defineCommand({
  name: 'search',
  summary: 'Search the synced data of a hosted connector',
  description: [
    'Search the hosted service’s synced copy of a connector’s data. The filter is the search DSL',
    'as JSON (--query, --query-file) or the compact --where syntax; --sort, --fields and --limit',
    'complete it. One page is printed (the next cursor goes to stderr); --all follows every cursor',
    'and streams the hits (NDJSON with --json).',
    '',
    '--where syntax: comparisons joined by and / or, negated by not, grouped by parentheses',
    '(not binds tighter than and, and tighter than or; keywords in any case):',
    '  field = value   != > >= < <=        equality and order (dates compare as text)',
    '  field ~ pattern                      like: case-insensitive, % and _ wildcards',
    '  field ~~ words                       fuzzy: typo-tolerant words',
    '  field ? words                        keyword: full text, ranked',
    '  field in (a, b)   field not in (a)   one of the values',
    'Values are bare words or "quoted" / \'quoted\' text (backslash escapes). They are typed by the',
    'entity’s searchable fields: true/false for booleans, numbers for integer fields, bare null',
    'for null (= and != only). Sub-fields (assignee.gid) take text; quote to force text.',
    '',
    HOSTED_SETTINGS_HELP,
  ].join('\n'),
  args: [
    {
      name: 'entity',
      description: 'a searchable entity: tasks, projects, users, attachments, …',
      required: true,
      complete: SEARCHABLE,
    },
  ],
  flags: [
    {
      name: 'connector',
      short: 'c',
      type: 'string',
      valueName: 'ID|TYPE',
      description: 'the connector, by id or type (default: the user’s only task-management one)',
    },
    {
      name: 'where',
      short: 'w',
      type: 'string',
      valueName: 'EXPR',
      description: 'the filter in the compact syntax above',
    },
    {
      name: 'query',
      short: 'q',
      type: 'string',
      valueName: 'JSON',
      description: 'the query as JSON: {"filter": {…}, "sort": [{"due_on": "asc"}]}',
    },
    {
      name: 'query-file',
      type: 'string',
      valueName: 'PATH',
      description: 'read the query JSON from a file (- for stdin)',
      complete: 'files',
    },
    {
      name: 'sort',
      short: 's',
      type: 'string',
      multiple: true,
      valueName: 'FIELD[:asc|desc]',
      description: 'sort key, in priority order (repeat, or separate with commas)',
    },
    {
      name: 'fields',
      short: 'f',
      type: 'string',
      multiple: true,
      valueName: 'PATHS',
      description: 'project the hits to these fields, e.g. gid,name,assignee.name (also the columns)',
    },
    {
      name: 'limit',
      short: 'n',
      type: 'string',
      valueName: 'N',
      description: 'hits per page, 1 to 10000 (default 50; 1000 with --all)',
    },
    { name: 'cursor', type: 'string', valueName: 'CURSOR', description: 'continue after a previous page' },
    { name: 'all', type: 'boolean', description: 'follow every cursor and stream the hits' },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: `conduit search tasks --where 'completed=false and assignee.gid=123 and due_on>=2025-01-01' --sort due_on`,
      description: 'open tasks of one assignee due from 2025, soonest first',
    },
    {
      command: `conduit search tasks --where 'name~~onbording' --fields gid,name,assignee.name`,
      description: 'fuzzy: finds "onboarding" despite the typo',
    },
    {
      command: `conduit search tasks --where '(notes?invoice or name~"%invoice%") and not completed=true'`,
      description: 'keyword or pattern, grouped and negated',
    },
    {
      command: `conduit search tasks --query '{"filter": {"in": {"tags.name": ["urgent"]}}}' --json`,
      description: 'the DSL as JSON, the page as JSON',
    },
    {
      command: 'conduit search attachments --where host=gdrive --all --json > attachments.ndjson',
      description: 'every hit, one JSON object a line',
    },
  ],
  load: () => import('./run-search'),
});
