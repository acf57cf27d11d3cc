import { ConduitError } from '@conduit/protocol';
import type { Environment } from '../config/environment';
import { createJsonLogger, LOG_LEVELS, type LogLevel } from '../logging/logger';
import { startServer } from '../server/create-server';
import { VERSION } from '../version';
import { describeListenError } from './describe-listen-error';
import { runMigrate } from './migrate-command';
import { parseCommandLine } from './parse-flags';
import { runRotateKeys } from './rotate-keys-command';

const USAGE = `usage: conduit-server [serve] [flags]
       conduit-server migrate
       conduit-server rotate-keys

Commands:
  serve         run the hosted connector service (default; it also migrates at start)
  migrate       apply pending database migrations and exit
  rotate-keys   re-encrypt stored credentials under the first key of CONDUIT_ENCRYPTION_KEYS

Flags (each also settable by the variable shown):
  --host HOST                  CONDUIT_HOST (default 127.0.0.1)
  --port PORT                  CONDUIT_PORT (default 8787; 0 picks a free port)
  --data-dir DIR               CONDUIT_DATA_DIR (default ./.conduit)
  --database-schema NAME       CONDUIT_DATABASE_SCHEMA (PostgreSQL schema)
  --log-level LEVEL            CONDUIT_LOG_LEVEL (debug, info, warn, error)
  --rate-limit N/WINDOW        CONDUIT_RATE_LIMIT (default 600/60s; off disables)
  --upstream-rate-limit N/WINDOW
                               CONDUIT_UPSTREAM_RATE_LIMIT (per connector; default the upstream's, 1500/60s; off disables)
  --shutdown-timeout DURATION  CONDUIT_SHUTDOWN_TIMEOUT (default 10s)
  --database-pool-size N       CONDUIT_DATABASE_POOL_SIZE (PostgreSQL connections per process; default 10)
  --database-statement-timeout DURATION
                               CONDUIT_DATABASE_STATEMENT_TIMEOUT (PostgreSQL; default 30s)
  --trusted-proxies LIST       CONDUIT_TRUSTED_PROXIES (reverse proxies' addresses or CIDRs; X-Forwarded-For is read behind them)
  --oauth-hosts-allow LIST     CONDUIT_OAUTH_HOSTS_ALLOW (sign-in hosts besides each kind's own)
  --allow-upstream-override    CONDUIT_ALLOW_UPSTREAM_OVERRIDE=1
  --new-install                CONDUIT_NEW_INSTALL=1 (start on an empty database beside an earlier install's keys)

Secrets are read from the environment only:
  CONDUIT_DATABASE_URL         postgres://… (PostgreSQL instead of the embedded SQLite file)
  CONDUIT_ENCRYPTION_KEY       32 random bytes, base64 (required with PostgreSQL)
  CONDUIT_ENCRYPTION_KEYS      id:base64,id:base64,… for rotation; the first one encrypts
  CONDUIT_TOKEN_SECRET         token signing secret (default: generated and kept in the store)
  CONDUIT_BOOTSTRAP_CLIENT_ID / CONDUIT_BOOTSTRAP_CLIENT_SECRET   an application ensured at start
  CONDUIT_ADMIN_TOKEN          the operator's token of the admin API (/admin/v1/…); unset disables it
  CONDUIT_METRICS_TOKEN        when set, /metrics needs "Authorization: Bearer <token>"
  Each secret may instead be read from a file: CONDUIT_<NAME>_FILE=/run/secrets/…
`;

/** Where the command line reads and writes; the process's own streams and signals by default. */
export interface CliIo {
  readonly env: Environment;
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (SIGTERM or SIGINT). */
  readonly stopSignal: () => Promise<string>;
}

function processStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

function defaultIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stopSignal: processStopSignal,
  };
}

/**
 * The `conduit-server` command line. `serve` prints exactly one line, `listening on
 * http://HOST:PORT`, on standard output once ready (logs go to standard error), and on SIGTERM
 * stops accepting, finishes in-flight requests, closes the store and resolves 0.
 *
 * @returns the exit code
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2));
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    io.stderr(`conduit-server: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (parsed.version) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const env: Environment = { ...io.env, ...parsed.env };
  const level = (env.CONDUIT_LOG_LEVEL?.toLowerCase() ?? 'info') as LogLevel;
  const logger = createJsonLogger({
    level: (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info',
    write: (line) => io.stderr(`${line}\n`),
  });
  try {
    switch (parsed.command) {
      case 'serve': {
        // Listen for the stop signal before starting, so one that arrives during start-up (or right
        // after the line is printed) stops the server cleanly instead of killing the process.
        const stopped = io.stopSignal();
        const started = await startServer({ env, cwd: io.cwd, logger });
        io.stdout(`listening on ${started.url}\n`);
        const signal = await stopped;
        logger.info('shutting down', { signal });
        await started.close();
        logger.info('stopped');
        return 0;
      }
      case 'migrate':
        return await runMigrate(env, io.cwd, { stdout: io.stdout, logger });
      case 'rotate-keys':
        return await runRotateKeys(env, io.cwd, { stdout: io.stdout, logger });
      default:
        io.stderr(`conduit-server: unknown command "${parsed.command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    // Configuration and availability problems are explained in one JSON line like every other log
    // line, so a log shipper keeps them; anything else is a bug and carries its stack.
    const listenFailure = describeListenError(error);
    if (listenFailure) {
      logger.fatal(listenFailure.message, { error_code: listenFailure.errorCode });
    } else if (ConduitError.isInstance(error)) {
      // The cause is the driver's reason behind a store error; a message that quotes it already
      // (a configuration error wraps its parser's) would say the same sentence twice.
      const cause =
        error.cause instanceof Error && !error.message.includes(error.cause.message)
          ? `: ${error.cause.message}`
          : '';
      logger.fatal(`${error.message}${cause}`, { error_code: error.code ?? 'fatal' });
    } else {
      logger.fatal('fatal error', { error: error instanceof Error ? error : new Error(String(error)) });
    }
    return 1;
  }
}
