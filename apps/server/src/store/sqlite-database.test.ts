import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import { SqliteDatabase, toSqlitePlaceholders } from './sqlite-database';

describe('toSqlitePlaceholders', () => {
  it('rewrites $n outside literals, identifiers and comments', () => {
    expect(toSqlitePlaceholders('SELECT $1, \'$2\', "$3" -- $4\nWHERE a = $10')).toBe(
      'SELECT ?1, \'$2\', "$3" -- $4\nWHERE a = ?10',
    );
  });
});

describe('SqliteDatabase', () => {
  let db: SqliteDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('binds numbered parameters, booleans and bytes, and counts changes', async () => {
    db = await SqliteDatabase.open(':memory:');
    await db.runScript('CREATE TABLE t (a TEXT, b INTEGER, c BLOB)');
    expect(await db.execute('INSERT INTO t VALUES ($1, $2, $3)', ['x', true, new Uint8Array([1, 2])])).toBe(
      1,
    );
    expect(await db.execute('INSERT INTO t VALUES ($2, $1, $3)', [false, 'y', undefined])).toBe(1);
    const rows = await db.query<{ a: string; b: number; c: Uint8Array | null }>(
      'SELECT a, b, c FROM t ORDER BY a',
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { a: 'x', b: 1, c: new Uint8Array([1, 2]) },
      { a: 'y', b: 0, c: null },
    ]);
  });

  it("keeps other requests' statements out of an open transaction, and rolls back on failure", async () => {
    db = await SqliteDatabase.open(':memory:');
    const database = db;
    await database.runScript('CREATE TABLE t (v INTEGER)');
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const failing = database.transaction(async (tx) => {
      await tx.execute('INSERT INTO t VALUES (1)');
      inside();
      // While this transaction waits, an outside statement is queued, not run inside it.
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('abort');
    });
    await entered;
    const outside = database.execute('INSERT INTO t VALUES (2)');
    await expect(failing).rejects.toThrow('abort');
    await outside;
    expect((await database.query<{ v: number }>('SELECT v FROM t')).map((row) => row.v)).toEqual([2]);
  });

  it('answers StoreUnavailableError once closed', async () => {
    const closed = await SqliteDatabase.open(':memory:');
    await closed.close();
    await closed.close();
    await expect(closed.query('SELECT 1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(closed.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('reports an unopenable file as unavailable', async () => {
    await expect(SqliteDatabase.open('/nonexistent-dir/sub/conduit.db')).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });
});
