import type { FlagSpec } from './command-spec';

/** Flags every command accepts, anywhere on the command line. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  {
    name: 'json',
    type: 'boolean',
    description: 'print one JSON document (NDJSON for --all listings) on stdout',
  },
  {
    name: 'profile',
    type: 'string',
    valueName: 'NAME',
    description: 'use this profile of the config file (wins over env CONDUIT_PROFILE)',
    complete: profileNames,
  },
  {
    name: 'no-color',
    type: 'boolean',
    description: 'no colours (also: NO_COLOR set, or output not a terminal)',
  },
  {
    name: 'debug',
    type: 'boolean',
    description: 'print diagnostics and error stacks on stderr (secrets redacted)',
  },
  { name: 'help', short: 'h', type: 'boolean', description: 'show help for the command' },
  { name: 'version', short: 'v', type: 'boolean', description: 'print the version' },
];

async function profileNames(request: {
  env: Readonly<Record<string, string | undefined>>;
  homeDirectory: string;
}) {
  const { listProfileNames } = await import('../config/config-file');
  const names = await listProfileNames(request.env, request.homeDirectory);
  return names.map((value) => ({ value, description: 'profile' }));
}

/** The global options once parsed. */
export interface GlobalOptions {
  readonly json: boolean;
  readonly debug: boolean;
  readonly noColor: boolean;
  readonly profile: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
}
