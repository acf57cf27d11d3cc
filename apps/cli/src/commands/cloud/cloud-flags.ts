import type { FlagSpec } from '../../framework/command-spec';

/**
 * The flags of every `conduit cloud` command. Each overrides an environment variable;
 * secrets (PLATFORM_CLOUD_BEARER_TOKEN, PLATFORM_CLOUD_CLIENT_SECRET) come from the environment
 * or a private profile only.
 */
export const CLOUD_FLAGS: readonly FlagSpec[] = [
  {
    name: 'workspace-id',
    type: 'string',
    valueName: 'ID',
    description: 'the workspace (overrides env PLATFORM_CLOUD_WORKSPACE_ID)',
  },
  {
    name: 'api-url',
    type: 'string',
    valueName: 'URL',
    description: 'public API root (overrides env PLATFORM_CLOUD_API_URL; default the hosted platform)',
  },
  {
    name: 'config-api-url',
    type: 'string',
    valueName: 'URL',
    description: 'Config API root (overrides env PLATFORM_CLOUD_CONFIG_API_URL; default derived)',
  },
  {
    name: 'client-id',
    type: 'string',
    valueName: 'ID',
    description:
      'OAuth client id, with PLATFORM_CLOUD_CLIENT_SECRET (overrides env PLATFORM_CLOUD_CLIENT_ID)',
  },
];

/** How the cloud settings are described in command help. */
export const CLOUD_SETTINGS_HELP = [
  'The workspace is PLATFORM_CLOUD_WORKSPACE_ID at PLATFORM_CLOUD_API_URL (default the hosted',
  'platform), reached with PLATFORM_CLOUD_BEARER_TOKEN or with PLATFORM_CLOUD_CLIENT_ID and',
  'PLATFORM_CLOUD_CLIENT_SECRET. Secrets come from the environment or a private profile',
  '(conduit profile set NAME --secret-stdin cloud_bearer_token), never from argv.',
].join('\n');

/** The flags of a permanent delete. */
export const DELETE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'no-safe-mode',
    type: 'boolean',
    description: 'delete even when the name lacks "delete-me" / "deleteme" (safe mode is on by default)',
  },
  { name: 'yes', short: 'y', type: 'boolean', description: 'do not ask for confirmation' },
];
