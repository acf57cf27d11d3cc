import type { SqlDatabase, SqlExecutor } from '../store/sql-database';

/** The statements a database was asked to run since the log was last cleared. */
export interface StatementLog {
  /** Each statement's text with its whitespace collapsed, in the order asked. */
  readonly statements: readonly string[];
  clear(): void;
}

function recording(executor: SqlExecutor, statements: string[]): SqlExecutor {
  const record = (sql: string) => statements.push(sql.replaceAll(/\s+/g, ' ').trim());
  return {
    query: (sql, params) => {
      record(sql);
      return executor.query(sql, params);
    },
    execute: (sql, params) => {
      record(sql);
      return executor.execute(sql, params);
    },
    runScript: (script) => {
      record(script);
      return executor.runScript(script);
    },
    ...(executor.copyRows === undefined
      ? {}
      : {
          copyRows: (table, columns, rows) => {
            record(`COPY ${table} (${columns.join(', ')}) FROM STDIN`);
            return executor.copyRows!(table, columns, rows);
          },
        }),
  };
}

/**
 * Records every statement `db` runs from now on (inside transactions too, with `BEGIN` for each
 * transaction), by replacing its methods in place, so a store already built over it is observed.
 *
 * @example
 * ```ts
 * const log = logStatements(store.db);
 * await store.isApplicationActive(id);
 * expect(log.statements).toHaveLength(1);
 * ```
 */
export function logStatements(db: SqlDatabase): StatementLog {
  const statements: string[] = [];
  const direct = recording(
    {
      query: db.query.bind(db),
      execute: db.execute.bind(db),
      runScript: db.runScript.bind(db),
      ...(db.copyRows === undefined ? {} : { copyRows: db.copyRows.bind(db) }),
    },
    statements,
  );
  const transaction = db.transaction.bind(db);
  Object.assign(db, direct, {
    transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) => {
      statements.push('BEGIN');
      return transaction((tx) => work(recording(tx, statements)));
    },
  });
  return {
    statements,
    clear: () => {
      statements.length = 0;
    },
  };
}
