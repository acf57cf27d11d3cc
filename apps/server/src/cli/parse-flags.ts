/** Flags of `conduit-server` and the environment variable each one sets. */
export const FLAG_VARIABLES: Readonly<Record<string, string>> = {
  host: 'CONDUIT_HOST',
  port: 'CONDUIT_PORT',
  'data-dir': 'CONDUIT_DATA_DIR',
  'database-schema': 'CONDUIT_DATABASE_SCHEMA',
  'log-level': 'CONDUIT_LOG_LEVEL',
  'rate-limit': 'CONDUIT_RATE_LIMIT',
  'upstream-rate-limit': 'CONDUIT_UPSTREAM_RATE_LIMIT',
  'shutdown-timeout': 'CONDUIT_SHUTDOWN_TIMEOUT',
  'database-pool-size': 'CONDUIT_DATABASE_POOL_SIZE',
  'database-statement-timeout': 'CONDUIT_DATABASE_STATEMENT_TIMEOUT',
  'trusted-proxies': 'CONDUIT_TRUSTED_PROXIES',
  'oauth-hosts-allow': 'CONDUIT_OAUTH_HOSTS_ALLOW',
};

/** Flags that take no value. */
export const SWITCH_VARIABLES: Readonly<Record<string, string>> = {
  'allow-upstream-override': 'CONDUIT_ALLOW_UPSTREAM_OVERRIDE',
  'new-install': 'CONDUIT_NEW_INSTALL',
};

/** A parsed command line. */
export interface ParsedCommandLine {
  readonly command: string;
  /** Environment overrides the flags amount to. */
  readonly env: Record<string, string>;
  readonly help: boolean;
  readonly version: boolean;
}

/**
 * Parses `[command] [--flag value | --flag=value | --switch]…` into the command and the environment
 * variables the flags set, so flags and variables share one validation. Secrets (database URL,
 * keys, token secret, bootstrap secret) have no flags: they never belong in argv.
 *
 * @throws Error naming an unknown flag or a flag without its value
 * @example
 * ```ts
 * parseCommandLine(['serve', '--port', '9000']); // { command: 'serve', env: { CONDUIT_PORT: '9000' }, … }
 * ```
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const env: Record<string, string> = {};
  let command: string | undefined;
  let help = false;
  let version = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') {
      help = true;
      continue;
    }
    if (argument === '--version' || argument === '-v') {
      version = true;
      continue;
    }
    if (!argument.startsWith('--')) {
      if (command !== undefined) throw new Error(`unexpected argument "${argument}"`);
      command = argument;
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const switchVariable = SWITCH_VARIABLES[name];
    if (switchVariable !== undefined) {
      if (inline !== undefined) throw new Error(`--${name} takes no value`);
      env[switchVariable] = '1';
      continue;
    }
    const variable = FLAG_VARIABLES[name];
    if (variable === undefined) throw new Error(`unknown flag --${name}`);
    const value = inline ?? argv[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new Error(`--${name} needs a value`);
    }
    if (inline === undefined) index += 1;
    env[variable] = value;
  }
  return { command: command ?? 'serve', env, help, version };
}
