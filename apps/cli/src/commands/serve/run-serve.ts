import {
  ConfigError,
  createJsonLogger,
  type LogLevel,
  StoreUnavailableError,
  startServer,
} from '@conduit/server';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { listenFailureError } from './listen-failure-error';

/** Each flag and the environment variable the server reads it from (which the flag overrides). */
const FLAG_VARIABLES: readonly (readonly [flag: string, variable: string])[] = [
  ['host', 'CONDUIT_HOST'],
  ['port', 'CONDUIT_PORT'],
  ['data-dir', 'CONDUIT_DATA_DIR'],
  ['database-url', 'CONDUIT_DATABASE_URL'],
];

function checkDatabaseUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError('--database-url is not a URL', { code: 'invalid_url' });
  }
  if (url.password !== '') {
    // Anything in argv is visible to every user of the machine (ps, /proc) and lands in history.
    throw new UsageError('--database-url must not hold a password', {
      code: 'secret_in_argv',
      hint: 'put the whole URL in CONDUIT_DATABASE_URL, or the password in PGPASSWORD',
    });
  }
}

/** Runs `conduit serve`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, runtime, signal } = context;
  const env: Record<string, string | undefined> = { ...runtime.env };
  for (const [flag, variable] of FLAG_VARIABLES) {
    const value = flags.string(flag);
    if (value === undefined) continue;
    if (flag === 'port' && (!/^\d+$/.test(value) || Number(value) > 65_535)) {
      throw new UsageError(`--port needs an integer from 0 to 65535, got "${value}"`, {
        code: 'invalid_flag',
      });
    }
    if (flag === 'database-url') checkDatabaseUrl(value);
    env[variable] = value;
  }
  // Typed for this run, the flag wins over the environment, as --port and the others do.
  if (flags.boolean('allow-upstream-override')) env.CONDUIT_ALLOW_UPSTREAM_OVERRIDE = '1';
  if (flags.boolean('new-install')) env.CONDUIT_NEW_INSTALL = '1';
  const configured = (env.CONDUIT_LOG_LEVEL ?? '').toLowerCase();
  const level: LogLevel = output.debug
    ? 'debug'
    : ((['debug', 'info', 'warn', 'error'] as const).find((name) => name === configured) ?? 'info');
  const logger = createJsonLogger({ level, write: (line) => output.note(line) });

  // Listen for the stop before starting, so a SIGTERM during start-up stops cleanly too.
  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer({ env, cwd: process.cwd(), logger });
  } catch (error) {
    if (error instanceof ConfigError)
      throw new UsageError(error.message, { code: 'invalid_config', cause: error });
    // Named as the operator set it: the flag if typed, else the variable if that set it.
    const listenFailure = listenFailureError(error, (setting) => {
      const variable = setting === 'host' ? 'CONDUIT_HOST' : 'CONDUIT_PORT';
      return flags.string(setting) === undefined && runtime.env[variable] !== undefined
        ? variable
        : `--${setting}`;
    });
    if (listenFailure) throw listenFailure;
    if (error instanceof StoreUnavailableError && error.cause instanceof Error) {
      // The library keeps the driver's reason (refused, unknown host, timeout) as the cause, which
      // only --debug prints; the operator needs it to tell a typo in the URL from a database down.
      throw new StoreUnavailableError(`${error.message}: ${error.cause.message}`, {
        cause: error.cause,
        retryAfterSeconds: error.retryAfterSeconds,
      });
    }
    throw error;
  }
  const { config } = started.server;
  if (output.json) {
    await output.printJsonLine({
      url: started.url,
      host: started.host,
      port: started.port,
      store: config.databaseUrl === undefined ? 'sqlite' : 'postgres',
      ...(config.databaseUrl === undefined ? { data_dir: config.dataDir } : {}),
    });
  } else {
    await output.print(`listening on ${started.url}`);
  }
  await stopped;
  logger.info('shutting down');
  await started.close();
  logger.info('stopped');
  return 0;
}
