import { EXAMPLE_CONNECTOR } from '../../connectors/connector-help';
import { defineCommand } from '../../framework/command-spec';
import { HOSTED_FLAGS } from '../../hosted/hosted-flags';

/** `conduit download <attachment_gid> -o FILE`: an attachment's bytes, resumable, with progress. */
export const downloadCommand = defineCommand({
  name: 'download',
  summary: 'Download an attachment to a file, with progress and resume',
  description: [
    'Download an attachment of the task-management connector to a file: locally with your own',
    'upstream credentials (as conduit exec does), or through the hosted service with --hosted.',
    'The bytes go to FILE.part, renamed to FILE once the size matches what the upstream announced',
    '(the attachment’s size when it has one). A progress bar with the size, the rate and the time',
    'left is drawn on stderr when it is a terminal.',
    '',
    'A download that fails or is interrupted keeps what it received. --resume continues it with a',
    'byte range (range_header: bytes=<size>-) from FILE.part, or from FILE itself when it is the',
    'partial one; a server that ignores the range sends the whole file, which is then rewritten.',
    'The summary names the file, its size and its SHA-256 (JSON with --json).',
    '',
    `Local mode takes credentials like conduit exec (${EXAMPLE_CONNECTOR.tokenEnv}, --credentials-file, …); --hosted`,
    'takes the hosted settings (CONDUIT_BASE_URL, CONDUIT_CLIENT_ID, CONDUIT_CLIENT_SECRET,',
    'CONDUIT_EXTERNAL_USER_ID) and the connector from --connector (default: the user’s only',
    'task-management connector).',
  ].join('\n'),
  args: [{ name: 'attachment_gid', description: 'the attachment’s gid', required: true }],
  flags: [
    {
      name: 'output',
      short: 'o',
      type: 'string',
      valueName: 'FILE',
      description: 'the file to write (- for stdout, without resume)',
      complete: 'files',
    },
    {
      name: 'resume',
      type: 'boolean',
      description: 'continue a partial FILE.part (or FILE) with a byte range',
    },
    { name: 'hosted', type: 'boolean', description: 'download through the hosted service' },
    {
      name: 'connector',
      short: 'c',
      type: 'string',
      valueName: 'NAME|ID',
      description: 'local: the connector (default: the task-management one); hosted: a connector id or type',
    },
    {
      name: 'base-url',
      type: 'string',
      valueName: 'URL',
      description: `local: upstream API root (env ${EXAMPLE_CONNECTOR.baseUrlEnv} wins)`,
    },
    {
      name: 'credentials-file',
      type: 'string',
      valueName: 'PATH',
      description: 'local: read upstream credentials (JSON) from a file',
      complete: 'files',
    },
    {
      name: 'credentials-stdin',
      type: 'boolean',
      description: 'local: read upstream credentials (JSON) from stdin',
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: 'conduit download 1204306707626580 -o wireframes.pdf',
      description: `locally, with ${EXAMPLE_CONNECTOR.tokenEnv} in the environment`,
    },
    {
      command: 'conduit download 1204306707626580 -o wireframes.pdf --resume',
      description: 'continue a download that was cut short',
    },
    {
      command: 'conduit download 1204306707626580 -o wireframes.pdf --hosted --json',
      description: 'through the hosted service; the summary (size, sha256) as JSON',
    },
  ],
  load: () => import('./run-download'),
});
