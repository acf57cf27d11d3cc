import type { Environment } from '../config/environment';
import { defaultExtensions } from '../server/default-extensions';
import { loadServerConfig } from '../server/server-config';
import { openStore } from '../store/open-store';
import type { CommandOutput } from './rotate-keys-command';

/**
 * `conduit-server migrate`: applies the pending migrations of the store and of every built-in
 * feature, then exits; for upgrades where the schema changes before new servers start (the servers
 * also migrate at start, under a lock, so running it is optional). Prints what it applied.
 *
 * @example
 * ```ts
 * const code = await runMigrate(process.env, process.cwd(), { stdout: (t) => process.stdout.write(t), logger });
 * ```
 */
export async function runMigrate(env: Environment, cwd: string, output: CommandOutput): Promise<number> {
  const config = loadServerConfig(env, cwd);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  try {
    const extensions = defaultExtensions(env);
    const report = await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    output.logger.info('applied migrations', { versions: report.applied, dialect: store.dialect });
    output.stdout(
      report.applied.length === 0
        ? 'the database is up to date\n'
        : `applied migration(s) ${report.applied.join(', ')}\n`,
    );
    if (report.unknown.length > 0) {
      output.stdout(
        `the database also has migration(s) ${report.unknown.join(', ')} this server does not know: a newer server ran against it\n`,
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}
