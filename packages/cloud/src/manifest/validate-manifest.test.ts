import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { loadManifest } from './load-manifest';
import { manifestFaults, validateManifest } from './validate-manifest';

describe('validateManifest', () => {
  it('accepts a complete declarative manifest', async () => {
    const manifest = await loadManifest(new URL('./__fixtures__/people-manifest.yaml', import.meta.url));
    expect(manifestFaults(manifest)).toEqual([]);
    expect(() => validateManifest(manifest)).not.toThrow();
  });

  it('names every missing basic', () => {
    expect(
      manifestFaults({ version: '6.0.0', type: 'DeclarativeSource' }).map((fault) => fault.field),
    ).toEqual(['check', 'streams', 'spec']);
    expect(manifestFaults({}).map((fault) => fault.field)).toEqual([
      'version',
      'type',
      'check',
      'streams',
      'spec',
    ]);
    expect(manifestFaults(['not', 'a', 'mapping']).map((fault) => fault.field)).toEqual(['manifest']);
    expect(manifestFaults('text')[0]?.message).toContain('dictionary');
  });

  it('checks the type, the streams and the spec', () => {
    const base = { version: '6.0.0', check: {}, spec: { connection_specification: {} } };
    expect(manifestFaults({ ...base, type: 'Source', streams: [{}] })[0]?.message).toBe(
      "Manifest type must be 'DeclarativeSource', got 'Source'",
    );
    expect(
      manifestFaults({ ...base, type: 'DeclarativeSource', streams: [] }).map((fault) => fault.field),
    ).toEqual(['streams']);
    expect(
      manifestFaults({ ...base, type: 'DeclarativeSource', streams: ['x'] }).map((fault) => fault.field),
    ).toEqual(['streams[0]']);
    expect(manifestFaults({ ...base, type: 'DeclarativeSource', dynamic_streams: [{}] })).toEqual([]);
    expect(
      manifestFaults({ ...base, type: 'DeclarativeSource', streams: [{}], spec: {} }).map(
        (fault) => fault.field,
      ),
    ).toEqual(['spec.connection_specification']);
  });

  it('throws one PlatformInputError listing all faults', () => {
    try {
      validateManifest({ type: 'DeclarativeSource' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PlatformInputError);
      expect((error as PlatformInputError).details.map((detail) => detail.field)).toEqual([
        'version',
        'check',
        'streams',
        'spec',
      ]);
    }
  });
});
