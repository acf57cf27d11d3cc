import type { ErrorDetail } from '@conduit/protocol';
import { PlatformInputError } from '../errors/platform-input-error';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The faults of a declarative (low-code) source manifest, checked locally before anything is
 * sent: it must be an object with a `version` string, `type: DeclarativeSource`, a `check`
 * object, a non-empty `streams` list (or `dynamic_streams`), and a `spec` object with a
 * `connection_specification` object (the platform copies it into the definition and refuses a
 * manifest without one). An empty list means the basics are in place.
 *
 * @example
 * ```ts
 * manifestFaults({ version: '6.0.0', type: 'DeclarativeSource' }).map((d) => d.field); // ['check', 'streams', 'spec']
 * ```
 */
export function manifestFaults(manifest: unknown): ErrorDetail[] {
  if (!isObject(manifest)) {
    return [
      {
        field: 'manifest',
        message: 'Manifest must be a dictionary (a YAML mapping)',
        error_code: 'invalid_manifest',
      },
    ];
  }
  const faults: ErrorDetail[] = [];
  const fault = (field: string, message: string) =>
    faults.push({ field, message, error_code: 'invalid_manifest' });
  if (typeof manifest.version !== 'string' || manifest.version.trim() === '') {
    fault('version', 'Manifest missing required field: version (a string such as "6.0.0")');
  }
  if (manifest.type === undefined) fault('type', 'Manifest missing required field: type');
  else if (manifest.type !== 'DeclarativeSource') {
    fault('type', `Manifest type must be 'DeclarativeSource', got '${String(manifest.type)}'`);
  }
  if (!isObject(manifest.check)) fault('check', 'Manifest missing required field: check (an object)');
  const streams = manifest.streams;
  const dynamic = manifest.dynamic_streams;
  const hasStreams = Array.isArray(streams) && streams.length > 0;
  const hasDynamic = Array.isArray(dynamic) && dynamic.length > 0;
  if (!hasStreams && !hasDynamic) fault('streams', 'Manifest must define at least one stream');
  if (Array.isArray(streams)) {
    streams.forEach((stream, index) => {
      if (!isObject(stream)) fault(`streams[${index}]`, 'Each stream must be an object');
    });
  }
  if (!isObject(manifest.spec)) fault('spec', 'Manifest missing required field: spec (an object)');
  else if (!isObject(manifest.spec.connection_specification)) {
    fault('spec.connection_specification', 'spec must contain a connection_specification object');
  }
  return faults;
}

/**
 * Throws a {@link PlatformInputError} listing every fault {@link manifestFaults} finds.
 *
 * @example
 * ```ts
 * validateManifest(await loadManifest('./manifest.yaml'));
 * ```
 */
export function validateManifest(manifest: unknown): asserts manifest is Record<string, unknown> {
  const faults = manifestFaults(manifest);
  if (faults.length === 0) return;
  throw new PlatformInputError(
    `The manifest failed pre-validation: ${faults.map((fault) => fault.message).join('; ')}.`,
    { field: 'manifestYaml', details: faults },
  );
}
