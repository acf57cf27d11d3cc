import type { Store } from '../store/store';
import type { Keyring } from './keyring';
import { CONNECT_SEALED_COLUMNS, rotateSealedColumns } from './rotate-sealed-columns';
import { credentialsContext, seal, settingContext, unseal } from './sealed-box';

/** Passes over the connectors before rows that keep changing under us are left for the next run. */
const MAX_PASSES = 5;

/** One value a rotation could not re-encrypt, and why. */
export interface RotationFailure {
  /** `connector`, `setting`, `connect-session` (webhook secret) or `oauth-state` (PKCE verifier). */
  readonly kind: string;
  readonly id: string;
  readonly keyId: string;
  readonly reason: string;
}

/** What a rotation did. */
export interface RotationReport {
  /** The key everything is now sealed with. */
  readonly currentKeyId: string;
  /** Values re-encrypted by this run. */
  readonly rotated: number;
  /** Values another writer changed while they were being rotated (e.g. an OAuth refresh); they were retried. */
  readonly changedMeanwhile: number;
  /** Values whose key is missing or whose ciphertext does not open; rerun after fixing the keyring. */
  readonly failures: readonly RotationFailure[];
}

/** Options of a rotation. */
export interface RotationOptions {
  /** Connectors read per batch. Default 200. */
  batchSize?: number;
  /** Called (and awaited) after each batch, e.g. to print progress. */
  onProgress?: (rotated: number) => void | Promise<void>;
}

/**
 * Re-encrypts every sealed value (connector credentials, sealed settings, connect sessions' webhook
 * secrets and pending OAuth authorizations' PKCE verifiers) that is not yet under the keyring's
 * current key. The connect flow's values are re-sealed in one transaction (see
 * {@link rotateSealedColumns}); connectors, of which there may be many, in batches. Each row is swapped with a compare-and-set on its old key id and nonce,
 * so a concurrent writer is never overwritten, and the server can keep serving meanwhile: values not
 * yet rotated still open with their old key, which must stay in the keyring until the run reports
 * no failures.
 *
 * @example
 * ```ts
 * const report = await rotateEncryptionKeys(store, new Keyring([newKey, oldKey]));
 * if (report.failures.length === 0) console.log(`rotated ${report.rotated}; the old key can go`);
 * ```
 */
export async function rotateEncryptionKeys(
  store: Store,
  keyring: Keyring,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 200;
  const currentKeyId = keyring.current.id;
  const failures: RotationFailure[] = [];
  let rotated = 0;
  let changedMeanwhile = 0;

  const failed = new Set<string>();
  // A row rewritten by someone else between our read and our swap is retried in another pass.
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let conflicts = 0;
    let afterId: string | undefined;
    for (;;) {
      const batch = await store.listConnectorCredentials({
        exceptKeyId: currentKeyId,
        afterId,
        limit: batchSize,
      });
      if (batch.length === 0) break;
      for (const { id, credentials } of batch) {
        if (failed.has(id)) continue;
        const context = credentialsContext(id);
        let plaintext: Buffer;
        try {
          plaintext = unseal(keyring, credentials, context);
        } catch (error) {
          failed.add(id);
          failures.push({
            kind: 'connector',
            id,
            keyId: credentials.keyId,
            reason: (error as Error).message,
          });
          continue;
        }
        const replaced = await store.replaceConnectorCredentials(
          id,
          credentials,
          seal(keyring, plaintext, context),
        );
        plaintext.fill(0);
        if (replaced) rotated += 1;
        else conflicts += 1;
      }
      afterId = batch.at(-1)!.id;
      await options.onProgress?.(rotated);
    }
    changedMeanwhile += conflicts;
    if (conflicts === 0) break;
  }

  for (const { key, sealed } of await store.listSealedSettings()) {
    if (sealed.keyId === currentKeyId) continue;
    const context = settingContext(key);
    let plaintext: Buffer;
    try {
      plaintext = unseal(keyring, sealed, context);
    } catch (error) {
      failures.push({ kind: 'setting', id: key, keyId: sealed.keyId, reason: (error as Error).message });
      continue;
    }
    if (await store.replaceSealedSetting(key, sealed, seal(keyring, plaintext, context))) rotated += 1;
    else changedMeanwhile += 1;
    plaintext.fill(0);
  }

  const connect = await rotateSealedColumns(store.db, keyring, CONNECT_SEALED_COLUMNS);
  rotated += connect.rotated;
  failures.push(...connect.failures);

  return { currentKeyId, rotated, changedMeanwhile, failures };
}
