import type { SqlDatabase } from '../store/sql-database';
import { toBuffer } from '../store/sql-values';
import type { Keyring } from './keyring';
import { oauthVerifierContext, seal, unseal, webhookSecretContext } from './sealed-box';

/**
 * A sealed value kept in three columns of a table (`<prefix>_ciphertext`, `<prefix>_key_id`,
 * `<prefix>_nonce`), authenticated with a context made of its row's id.
 */
export interface SealedColumn {
  /** How a rotation report names a value of this column. */
  readonly kind: string;
  readonly table: string;
  readonly idColumn: string;
  readonly prefix: string;
  readonly context: (id: string) => string;
}

/**
 * The sealed columns of the connect flow: each session's webhook secret and each pending OAuth
 * authorization's PKCE verifier. (Connector credentials and settings have their own, batched pass.)
 */
export const CONNECT_SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    kind: 'connect-session',
    table: 'connect_sessions',
    idColumn: 'id',
    prefix: 'webhook_secret',
    context: webhookSecretContext,
  },
  {
    kind: 'oauth-state',
    table: 'connect_oauth_states',
    idColumn: 'state_hash',
    prefix: 'verifier',
    context: oauthVerifierContext,
  },
];

/** What re-sealing some columns did. */
export interface SealedColumnsRotation {
  readonly rotated: number;
  readonly failures: { kind: string; id: string; keyId: string; reason: string }[];
}

/**
 * Re-seals under the keyring's current key every value of `columns` that is under another key, in
 * one transaction: either every value is re-sealed or, on an error, none is. Rows are locked as
 * they are read (`FOR UPDATE` on PostgreSQL; SQLite's write transaction holds the file), so a
 * concurrent writer (a session completing, a callback taking its state) waits and sees the new seal.
 * Values that do not open are reported, not rotated, and keep their old key.
 *
 * @example
 * ```ts
 * const { rotated, failures } = await rotateSealedColumns(store.db, keyring, CONNECT_SEALED_COLUMNS);
 * ```
 */
export function rotateSealedColumns(
  db: SqlDatabase,
  keyring: Keyring,
  columns: readonly SealedColumn[],
): Promise<SealedColumnsRotation> {
  const currentKeyId = keyring.current.id;
  const lock = db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  return db.transaction(async (tx) => {
    let rotated = 0;
    const failures: SealedColumnsRotation['failures'] = [];
    for (const column of columns) {
      const [ciphertext, keyId, nonce] = ['ciphertext', 'key_id', 'nonce'].map(
        (s) => `${column.prefix}_${s}`,
      );
      // A NULL key id (no value) is not `<>` anything: rows without a value are skipped.
      const rows = await tx.query(
        `SELECT ${column.idColumn} AS id, ${ciphertext} AS ciphertext, ${keyId} AS key_id, ${nonce} AS nonce
         FROM ${column.table} WHERE ${keyId} <> $1 ORDER BY ${column.idColumn}${lock}`,
        [currentKeyId],
      );
      for (const row of rows) {
        const id = String(row.id);
        const sealed = {
          ciphertext: toBuffer(row.ciphertext),
          keyId: String(row.key_id),
          nonce: toBuffer(row.nonce),
        };
        let plaintext: Buffer;
        try {
          plaintext = unseal(keyring, sealed, column.context(id));
        } catch (error) {
          failures.push({ kind: column.kind, id, keyId: sealed.keyId, reason: (error as Error).message });
          continue;
        }
        const resealed = seal(keyring, plaintext, column.context(id));
        plaintext.fill(0);
        rotated += await tx.execute(
          `UPDATE ${column.table} SET ${ciphertext} = $2, ${keyId} = $3, ${nonce} = $4
           WHERE ${column.idColumn} = $1 AND ${keyId} = $5 AND ${nonce} = $6`,
          [id, resealed.ciphertext, resealed.keyId, resealed.nonce, sealed.keyId, sealed.nonce],
        );
      }
    }
    return { rotated, failures };
  });
}
