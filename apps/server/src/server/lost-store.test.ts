import { randomBytes } from 'node:crypto';
import { rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { KEY_FILE_NAME } from '../crypto/key-file';
import { silentLogger } from '../logging/logger';
import { openStore, SQLITE_FILE_NAME } from '../store/open-store';
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from '../test-support/postgres-test-schema';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { startServer } from './create-server';

// Issue 28, finding 11: an empty database beside an earlier install's keys is refused, not started
// as a new, empty service, unless told it is a new install.

describe('start-up on an empty database beside an earlier install', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('refuses a zero-length conduit.db beside the key file, and starts when told it is a new install (SQLite)', async () => {
    const dataDir = await makeTempDir('lost_sqlite');
    cleanups.push(() => removeTempDir(dataDir));
    const start = (env: Record<string, string> = {}) =>
      startServer({ env, config: { host: '127.0.0.1', port: 0, dataDir }, logger: silentLogger });

    // A first start is a new install: it makes the key file and the database.
    await (await start()).close();
    await stat(join(dataDir, KEY_FILE_NAME));
    // Then the database is lost: a zero-length file, as a failed copy or a full disk leaves it.
    await truncate(join(dataDir, SQLITE_FILE_NAME), 0);
    for (const companion of ['-wal', '-shm'])
      await rm(join(dataDir, `${SQLITE_FILE_NAME}${companion}`), { force: true });

    const refused = await start().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/refusing to start a new, empty service/);
    expect((refused as Error).message).toContain(join(dataDir, KEY_FILE_NAME));
    expect((refused as Error).message).toContain('--new-install');
    // Refusing migrated nothing: the database is still empty.
    const store = await openStore({ dataDir });
    expect(await store.isEmpty()).toBe(true);
    await store.close();

    const started = await start({ CONDUIT_NEW_INSTALL: '1' });
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
    await started.close();
    // Once migrated, later starts need no flag.
    await (await start()).close();
  });

  it('refuses an empty schema when rotated keys are configured, and starts a first install with one key (PostgreSQL)', async () => {
    const schema = uniqueSchemaName('lost_pg');
    cleanups.push(() => dropSchema(schema));
    const dataDir = await makeTempDir('lost_pg');
    cleanups.push(() => removeTempDir(dataDir));
    const key = () => randomBytes(32).toString('base64');
    const start = (env: Record<string, string>) =>
      startServer({
        env: { CONDUIT_DATABASE_URL: TEST_DATABASE_URL, CONDUIT_DATABASE_SCHEMA: schema, ...env },
        config: { host: '127.0.0.1', port: 0, dataDir },
        logger: silentLogger,
      });
    const rotated = { CONDUIT_ENCRYPTION_KEYS: `new:${key()},old:${key()}` };

    const refused = await start(rotated).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/the PostgreSQL schema is empty.*2 encryption keys/);

    await (await start({ ...rotated, CONDUIT_NEW_INSTALL: 'true' })).close();
    // A schema that was migrated starts with the same keys and no flag.
    await (await start(rotated)).close();
    // A first install with one key is not refused.
    const fresh = uniqueSchemaName('lost_pg_fresh');
    cleanups.push(() => dropSchema(fresh));
    const first = await startServer({
      env: {
        CONDUIT_DATABASE_URL: TEST_DATABASE_URL,
        CONDUIT_DATABASE_SCHEMA: fresh,
        CONDUIT_ENCRYPTION_KEY: key(),
      },
      config: { host: '127.0.0.1', port: 0, dataDir },
      logger: silentLogger,
    });
    await first.close();
  });
});
