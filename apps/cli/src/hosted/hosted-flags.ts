import type { ArgSpec, FlagSpec } from '../framework/command-spec';

/**
 * The flags of every command that talks to the hosted service. Each has an environment variable
 * that wins over it and a profile setting it wins over (see `conduit profile set --help`). The
 * client secret is never a flag value: it comes from the environment, a file, stdin or a private
 * profile.
 */
export const HOSTED_FLAGS: readonly FlagSpec[] = [
  {
    name: 'service-url',
    type: 'string',
    valueName: 'URL',
    description: 'address of the hosted service (env CONDUIT_BASE_URL wins; default http://127.0.0.1:8787)',
  },
  {
    name: 'client-id',
    type: 'string',
    valueName: 'ID',
    description: 'application client id (env CONDUIT_CLIENT_ID wins)',
  },
  {
    name: 'external-user-id',
    type: 'string',
    valueName: 'ID',
    description: 'the end user to act for (env CONDUIT_EXTERNAL_USER_ID wins)',
  },
  {
    name: 'client-secret-file',
    type: 'string',
    valueName: 'PATH',
    description: 'read the application client secret from a file (env CONDUIT_CLIENT_SECRET wins)',
    complete: 'files',
  },
  {
    name: 'client-secret-stdin',
    type: 'boolean',
    description: 'read the application client secret from stdin',
  },
];

/** How the hosted settings are described in command help. */
export const HOSTED_SETTINGS_HELP = [
  'The hosted service is reached with CONDUIT_BASE_URL (default http://127.0.0.1:8787) as the',
  'application CONDUIT_CLIENT_ID acting for the end user CONDUIT_EXTERNAL_USER_ID. The client',
  'secret comes from CONDUIT_CLIENT_SECRET, --client-secret-file, --client-secret-stdin or a',
  'private profile (conduit profile set NAME --secret-stdin client_secret), never from argv.',
].join('\n');

/** The connector argument of the commands that act on one stored connector (`connectors`, `sync`). */
export const HOSTED_CONNECTOR_ARG: ArgSpec = {
  name: 'connector',
  description:
    'connector id, or a type (task-management, support-desk, crm or an alias) when the user has one of it',
  required: true,
  complete: ['task-management', 'support-desk', 'crm'],
};
