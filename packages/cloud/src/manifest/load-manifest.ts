import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { PlatformInputError } from '../errors/platform-input-error';

/**
 * A declarative manifest as `publishCustomSourceDefinition` accepts it: an object, a YAML (or
 * JSON) string, or a file: a `URL` (`file:`), or a string that is a single line ending in
 * `.yaml`, `.yml` or `.json`.
 *
 * @example
 * ```ts
 * const fromFile: ManifestInput = './manifest.yaml';
 * const inline: ManifestInput = 'version: 6.0.0\ntype: DeclarativeSource\n…';
 * ```
 */
export type ManifestInput = Record<string, unknown> | string | URL;

const pathLike = /^[^\r\n]+\.(ya?ml|json)$/i;

/**
 * Turns a {@link ManifestInput} into the manifest value (a deep copy for objects, so later edits by
 * the caller do not change what was published). Unreadable files and invalid YAML fail with
 * {@link PlatformInputError}. The result is not validated here; see `validateManifest`.
 *
 * @example
 * ```ts
 * const manifest = await loadManifest('./manifests/source-people.yaml');
 * ```
 */
export async function loadManifest(input: ManifestInput): Promise<unknown> {
  if (input instanceof URL || (typeof input === 'string' && pathLike.test(input.trim()))) {
    const path = input instanceof URL ? fileURLToPath(input) : input.trim();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new PlatformInputError(`Cannot read the manifest file ${path}: ${(error as Error).message}`, {
        field: 'manifestYaml',
        inputValue: path,
        cause: error,
      });
    }
    return parseYaml(text, path);
  }
  if (typeof input === 'string') return parseYaml(input, 'the manifest string');
  return structuredClone(input);
}

function parseYaml(text: string, origin: string): unknown {
  try {
    return parse(text);
  } catch (error) {
    throw new PlatformInputError(`${origin} is not valid YAML: ${(error as Error).message}`, {
      field: 'manifestYaml',
      cause: error,
    });
  }
}
