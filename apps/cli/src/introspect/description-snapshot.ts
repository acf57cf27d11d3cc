import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConnectorDescription } from './describe-connector';

/** What the build writes beside the CLI: a connector's description and what it was derived from. */
export interface DescriptionSnapshot {
  readonly format: 2;
  /** The connector package the description was derived from, e.g. `@conduit/example`. */
  readonly package: string;
  /** {@link fileDigest} of that package's entry module when the snapshot was taken. */
  readonly entry_digest: string;
  readonly description: ConnectorDescription;
}

const FNV_PRIME = 0x01000193;
// The standard 32-bit FNV offset basis, and a second one for an independent lane.
const LANES = [0x811c9dc5, 0x050c5d1f] as const;

/**
 * A 64-bit digest of a file's bytes (two 32-bit FNV-1a lanes) and its length: the identity of a
 * connector package's built code. It is not cryptographic and need not be: it only has to notice
 * that a package was rebuilt or upgraded, and it spares `describe` loading `node:crypto`, which
 * costs more start-up time than the rest of the command.
 *
 * @example
 * ```ts
 * await fileDigest(fileURLToPath(import.meta.resolve('@conduit/example'))); // 'fnv1a-2x32:9c0f…:34265'
 * ```
 */
export async function fileDigest(path: string): Promise<string> {
  const bytes = await readFile(path);
  let first: number = LANES[0];
  let second: number = LANES[1];
  for (const byte of bytes) {
    first = Math.imul(first ^ byte, FNV_PRIME);
    second = Math.imul(second ^ byte, FNV_PRIME);
  }
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return `fnv1a-2x32:${hex(first)}${hex(second)}:${bytes.length}`;
}

/**
 * Reads a description snapshot, or `undefined` when there is none or it no longer matches the
 * installed connector package: the snapshot is used only while `entryPath` (the package's entry
 * module) is byte for byte the one it was taken from, so `describe` can never show a definition
 * other than the one `exec` validates against.
 *
 * @example
 * ```ts
 * const description = await readDescriptionSnapshot(snapshotUrl, () => fileURLToPath(import.meta.resolve('@conduit/example')));
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
  if (snapshot?.format !== 2 || typeof snapshot.entry_digest !== 'string' || !snapshot.description)
    return undefined;
  try {
    return (await fileDigest(entryPath())) === snapshot.entry_digest ? snapshot.description : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a description snapshot: what the build does for every connector of the catalog.
 *
 * @example
 * ```ts
 * await writeDescriptionSnapshot(join(dist, 'descriptions', 'example.json'), '@conduit/example', entry, description);
 * ```
 */
export async function writeDescriptionSnapshot(
  path: string,
  packageName: string,
  entryPath: string,
  description: ConnectorDescription,
): Promise<void> {
  const snapshot: DescriptionSnapshot = {
    format: 2,
    package: packageName,
    entry_digest: await fileDigest(entryPath),
    description,
  };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(snapshot)}\n`);
}
