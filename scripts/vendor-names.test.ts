import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A connector package is the only place that knows its upstream (CONTRIBUTING.md, "Layout and
// dependency direction"): the protocol and the apps' shipped sources never name a vendor. The
// vendors are read from the registry (each connector's `@conduit/<name>/kind` import), so a
// connector added there is checked too.

const root = fileURLToPath(new URL('..', import.meta.url));
const registry = readFileSync(path.join(root, 'packages/connectors/src/connectors.ts'), 'utf8');
const vendors = [
  ...new Set([...registry.matchAll(/@conduit\/([a-z]+)[a-z-]*\/kind/g)].map((match) => match[1]!)),
];

/** Folders of test helpers and demo data, which may name the connectors they exercise. */
const NOT_SHIPPED =
  /(^|\/)(testing|test-support|test-utils|fourth-connector)\/|\.test\.ts$|(^|\/)demo[^/]*$|-demos?\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !NOT_SHIPPED.test(file));
}

describe('vendor names', () => {
  it('are read from the registry', () => {
    expect(vendors.length).toBeGreaterThanOrEqual(3);
  });

  it('appear nowhere in the protocol or the apps’ shipped sources', () => {
    const apps = readdirSync(path.join(root, 'apps')).map((app) => `apps/${app}/src`);
    const found: string[] = [];
    for (const file of ['packages/protocol/src', ...apps].flatMap(sources)) {
      const text = readFileSync(path.join(root, file), 'utf8').toLowerCase();
      for (const vendor of vendors) if (text.includes(vendor)) found.push(`${file}: ${vendor}`);
    }
    expect(found).toEqual([]);
  });
});
