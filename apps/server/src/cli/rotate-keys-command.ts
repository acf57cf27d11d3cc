import type { Environment } from '../config/environment';
import { resolveKeyring } from '../crypto/resolve-keyring';
import { rotateEncryptionKeys } from '../crypto/rotate-encryption-keys';
import type { Logger } from '../logging/logger';
import { loadServerConfig } from '../server/server-config';
import { openStore } from '../store/open-store';

/** Where the command writes. */
export interface CommandOutput {
  readonly stdout: (text: string) => void;
  readonly logger: Logger;
}

/**
 * `conduit-server rotate-keys`: re-encrypts every sealed value under the first key of
 * `CONDUIT_ENCRYPTION_KEYS`. Safe while servers run (rows are swapped with compare-and-set). Prints
 * a summary; exits 1 when some value could not be opened (keep the old keys and rerun).
 *
 * @example
 * ```ts
 * const code = await runRotateKeys(process.env, process.cwd(), { stdout: (t) => process.stdout.write(t), logger });
 * ```
 */
export async function runRotateKeys(env: Environment, cwd: string, output: CommandOutput): Promise<number> {
  const config = loadServerConfig(env, cwd);
  const keyring = await resolveKeyring(config, output.logger);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  try {
    await store.migrate();
    const report = await rotateEncryptionKeys(store, keyring, {
      onProgress: (rotated) => output.logger.info('rotating', { rotated }),
    });
    output.stdout(
      `rotated ${report.rotated} value(s) to key ${report.currentKeyId}` +
        (report.changedMeanwhile > 0
          ? `; ${report.changedMeanwhile} changed meanwhile and were retried`
          : '') +
        '\n',
    );
    for (const failure of report.failures) {
      output.stdout(
        `cannot rotate ${failure.kind} ${failure.id} (key ${failure.keyId}): ${failure.reason}\n`,
      );
    }
    if (report.failures.length > 0) {
      output.stdout(`${report.failures.length} value(s) not rotated; keep their keys configured and rerun\n`);
      return 1;
    }
    return 0;
  } finally {
    await store.close();
  }
}
