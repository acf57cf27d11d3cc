import { CONNECTOR_TYPES } from '@conduit/connectors';
import type { ArgSpec, FlagSpec } from '../framework/command-spec';

/**
 * The flags of every command that talks to the hosted service. Each overrides an environment
 * variable and a profile setting (flag > environment > profile; see `conduit profile set --help`).
 * The client secret is never a flag value: it comes from a file, stdin, the environment or a
 * private profile.
 */
export const HOSTED_FLAGS: readonly FlagSpec[] = [
  {
    name: 'service-url',
    type: 'string',
    valueName: 'URL',
    description:
      'address of the hosted service (overrides env CONDUIT_BASE_URL; default http://127.0.0.1:8787)',
  },
  {
    name: 'client-id',
    type: 'string',
    valueName: 'ID',
    description: 'application client id (overrides env CONDUIT_CLIENT_ID)',
  },
  {
    name: 'external-user-id',
    type: 'string',
    valueName: 'ID',
    description: 'the end user to act for (overrides env CONDUIT_EXTERNAL_USER_ID)',
  },
  {
    name: 'client-secret-file',
    type: 'string',
    valueName: 'PATH',
    description: 'read the application client secret from a file (overrides env CONDUIT_CLIENT_SECRET)',
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
  description: `connector id, or a type (${CONNECTOR_TYPES.join(', ')} or an alias) when the user has one of it`,
  required: true,
  complete: CONNECTOR_TYPES,
};
