import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { loadManifest } from './load-manifest';

const fixture = new URL('./__fixtures__/people-manifest.yaml', import.meta.url);

describe('loadManifest', () => {
  it('reads a YAML file given as a path or a file URL', async () => {
    const fromUrl = (await loadManifest(fixture)) as Record<string, unknown>;
    expect(fromUrl).toMatchObject({ version: '6.0.0', type: 'DeclarativeSource' });
    const fromPath = await loadManifest(fixture.pathname);
    expect(fromPath).toEqual(fromUrl);
    expect(await loadManifest(pathToFileURL(fixture.pathname))).toEqual(fromUrl);
  });

  it('parses a YAML string and copies an object', async () => {
    expect(await loadManifest('version: 6.0.0\ntype: DeclarativeSource\n')).toEqual({
      version: '6.0.0',
      type: 'DeclarativeSource',
    });
    const original = { version: '6.0.0', nested: { a: 1 } };
    const copy = (await loadManifest(original)) as typeof original;
    expect(copy).toEqual(original);
    expect(copy.nested).not.toBe(original.nested);
  });

  it('reports unreadable files and invalid YAML as PlatformInputError', async () => {
    await expect(loadManifest('/no/such/manifest.yaml')).rejects.toBeInstanceOf(PlatformInputError);
    await expect(loadManifest('a: [unclosed\n')).rejects.toThrow(/not valid YAML/);
  });
});
