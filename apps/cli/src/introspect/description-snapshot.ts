import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConnectorDescription } from './describe-connector';

/** What the build writes beside the CLI: a connector's description and what it was derived from. */
export interface DescriptionSnapshot {
  readonly format: 1;
  /** The connector package the description was derived from, e.g. `@conduit/asana`. */
  readonly package: string;
  /** SHA-256 of that package's entry module when the snapshot was taken. */
  readonly entry_sha256: string;
  readonly description: ConnectorDescription;
}

/**
 * SHA-256 of a file, hex: the identity of a connector package's built code.
 *
 * @example
 * ```ts
 * await fileDigest(fileURLToPath(import.meta.resolve('@conduit/asana')));
 * ```
 */
export async function fileDigest(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/**
 * Reads a description snapshot, or `undefined` when there is none or it no longer matches the
 * installed connector package: the snapshot is used only while `entryPath` (the package's entry
 * module) is byte for byte the one it was taken from, so `describe` can never show a definition
 * other than the one `exec` validates against.
 *
 * @example
 * ```ts
 * const description = await readDescriptionSnapshot(snapshotUrl, () => fileURLToPath(import.meta.resolve('@conduit/asana')));
 * ```
 */
export async function readDescriptionSnapshot(
  file: URL,
  entryPath: () => string,
): Promise<ConnectorDescription | undefined> {
  let snapshot: DescriptionSnapshot;
  try {
    snapshot = JSON.parse(await readFile(file, 'utf8')) as DescriptionSnapshot;
  } catch {
    // No snapshot (running from sources) or an unreadable one: derive the description instead.
    return undefined;
  }
  if (snapshot?.format !== 1 || typeof snapshot.entry_sha256 !== 'string' || !snapshot.description)
    return undefined;
  try {
    return (await fileDigest(entryPath())) === snapshot.entry_sha256 ? snapshot.description : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a description snapshot: what the build does for every connector of the catalog.
 *
 * @example
 * ```ts
 * await writeDescriptionSnapshot(join(dist, 'descriptions', 'asana.json'), '@conduit/asana', entry, description);
 * ```
 */
export async function writeDescriptionSnapshot(
  path: string,
  packageName: string,
  entryPath: string,
  description: ConnectorDescription,
): Promise<void> {
  const snapshot: DescriptionSnapshot = {
    format: 1,
    package: packageName,
    entry_sha256: await fileDigest(entryPath),
    description,
  };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(snapshot)}\n`);
}
