import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fakeDefinition } from '../testing/fake-connector';
import { describeConnector } from './describe-connector';
import { fileDigest, readDescriptionSnapshot, writeDescriptionSnapshot } from './description-snapshot';

function workspace() {
  const directory = mkdtempSync(join(tmpdir(), 'conduit-snapshot-'));
  const entry = join(directory, 'connector-entry.js');
  writeFileSync(entry, 'export const definition = 1;\n');
  return { directory, entry, snapshot: join(directory, 'descriptions', 'fake.json') };
}

const description = describeConnector(fakeDefinition, ['fake-kind']);

describe('description snapshots', () => {
  it('round-trips a description while the connector code is unchanged', async () => {
    const { entry, snapshot } = workspace();
    await writeDescriptionSnapshot(snapshot, '@conduit/fake', entry, description);
    expect(await readDescriptionSnapshot(pathToFileURL(snapshot), () => entry)).toEqual(description);
  });

  it('is ignored once the connector code changes, so describe never shows a stale definition', async () => {
    const { entry, snapshot } = workspace();
    await writeDescriptionSnapshot(snapshot, '@conduit/fake', entry, description);
    writeFileSync(entry, 'export const definition = 2;\n');
    expect(await readDescriptionSnapshot(pathToFileURL(snapshot), () => entry)).toBeUndefined();
  });

  it('is ignored when missing, malformed, of another format, or when the package cannot be resolved', async () => {
    const { directory, entry } = workspace();
    expect(
      await readDescriptionSnapshot(pathToFileURL(join(directory, 'none.json')), () => entry),
    ).toBeUndefined();
    const malformed = join(directory, 'malformed.json');
    writeFileSync(malformed, '{ not json');
    expect(await readDescriptionSnapshot(pathToFileURL(malformed), () => entry)).toBeUndefined();
    const other = join(directory, 'other.json');
    writeFileSync(other, JSON.stringify({ format: 1, entry_sha256: await fileDigest(entry), description }));
    expect(await readDescriptionSnapshot(pathToFileURL(other), () => entry)).toBeUndefined();
    const valid = join(directory, 'valid.json');
    writeFileSync(
      valid,
      JSON.stringify({ format: 2, package: 'x', entry_digest: await fileDigest(entry), description }),
    );
    expect(
      await readDescriptionSnapshot(pathToFileURL(valid), () => {
        throw new Error('cannot resolve');
      }),
    ).toBeUndefined();
  });

  it('digests file contents: any change of a byte or of the length changes the digest', async () => {
    const { directory, entry } = workspace();
    const digest = await fileDigest(entry);
    expect(digest).toMatch(/^fnv1a-2x32:[0-9a-f]{16}:29$/);
    expect(await fileDigest(entry)).toBe(digest);
    const other = join(directory, 'other.js');
    for (const content of ['export const definition = 2;\n', 'export const definition = 1;\n\n', '']) {
      writeFileSync(other, content);
      expect(await fileDigest(other)).not.toBe(digest);
    }
    // The empty file digests to the two offset bases: the lanes really are FNV-1a.
    expect(await fileDigest(other)).toBe('fnv1a-2x32:811c9dc5050c5d1f:0');
  });
});
