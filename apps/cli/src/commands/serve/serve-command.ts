import { defineCommand } from '../../framework/command-spec';

/** `conduit serve`: the hosted service, in this process. */
export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'Run the hosted service in this process',
  description: [
    'Run the self-hostable hosted service (the same as conduit-server) in this process. It prints',
    '`listening on http://HOST:PORT` on stdout once ready (JSON with --json), logs JSON lines on',
    'stderr, and on SIGTERM or Ctrl-C stops accepting, finishes the requests in flight, closes the',
    'store and exits 0.',
    '',
    'Each flag overrides an environment variable: CONDUIT_HOST, CONDUIT_PORT,',
    'CONDUIT_DATA_DIR, CONDUIT_DATABASE_URL, CONDUIT_ALLOW_UPSTREAM_OVERRIDE (--allow-upstream-override',
    'turns it on whatever the variable says). Without a database URL the store is an embedded',
    'SQLite file in the data directory (default ./.conduit). A database password never goes on',
    'the command line: put the whole URL in CONDUIT_DATABASE_URL, or the password in PGPASSWORD.',
    'Every other setting is read from the environment as conduit-server reads it',
    '(CONDUIT_ENCRYPTION_KEY, CONDUIT_TOKEN_SECRET, CONDUIT_BOOTSTRAP_CLIENT_ID / _SECRET,',
    'CONDUIT_ALLOW_UPSTREAM_OVERRIDE, CONDUIT_RATE_LIMIT, CONDUIT_LOG_LEVEL, …).',
  ].join('\n'),
  flags: [
    {
      name: 'host',
      type: 'string',
      valueName: 'HOST',
      description: 'address to listen on (default 127.0.0.1)',
    },
    {
      name: 'port',
      type: 'string',
      valueName: 'PORT',
      description: 'port to listen on (default 8787; 0 picks a free one)',
    },
    {
      name: 'data-dir',
      type: 'string',
      valueName: 'DIR',
      description: 'directory of the embedded store and its key file (default ./.conduit)',
      complete: 'files',
    },
    {
      name: 'database-url',
      type: 'string',
      valueName: 'URL',
      description: 'postgres://user@host/db instead of the embedded store (no password here)',
    },
    {
      name: 'allow-upstream-override',
      type: 'boolean',
      description: 'let connectors set config.base_url (simulators, proxies)',
    },
    {
      name: 'new-install',
      type: 'boolean',
      description: "start on an empty database even beside an earlier install's key file (refused otherwise)",
    },
  ],
  examples: [
    { command: 'conduit serve', description: 'on 127.0.0.1:8787 with a SQLite file in ./.conduit' },
    {
      command: 'conduit serve --port 0 --data-dir /tmp/conduit --json',
      description: 'a free port, reported as JSON',
    },
    {
      command: 'CONDUIT_DATABASE_URL=postgres://conduit:…@db/conduit CONDUIT_ENCRYPTION_KEY=… conduit serve',
      description: 'on PostgreSQL',
    },
  ],
  load: () => import('./run-serve'),
});
