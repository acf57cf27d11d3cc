import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// CONTRIBUTING.md draws the packages bottom-up: each one below (after) everything it depends on.
// The drawing is checked against the manifests, so it cannot drift from what the packages declare.

const ROOT = join(import.meta.dirname, '..');

interface Manifest {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
}

function manifests(): Manifest[] {
  return ['packages', 'apps'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(
        (entry) =>
          JSON.parse(readFileSync(join(ROOT, folder, entry.name, 'package.json'), 'utf8')) as Manifest,
      ),
  );
}

/** The names in the drawing, in the order they first appear (`apps/cli` read as `@conduit/cli`). */
function drawn(): { order: string[]; counts: Map<string, number> } {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const block = /## Layout and dependency direction\s+```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const order: string[] = [];
  const counts = new Map<string, number>();
  for (const [, name] of block.matchAll(/(?:@conduit|apps)\/([a-z-]+)/g)) {
    const full = `@conduit/${name}`;
    counts.set(full, (counts.get(full) ?? 0) + 1);
    if (!order.includes(full)) order.push(full);
  }
  return { order, counts };
}

describe("CONTRIBUTING.md's package graph", () => {
  const packages = manifests();
  const { order, counts } = drawn();

  it('draws every package of the workspace once', () => {
    expect([...order].sort()).toEqual(packages.map((manifest) => manifest.name).sort());
    for (const [name, count] of counts) expect(count, name).toBe(1);
  });

  it('draws each package after everything it depends on', () => {
    for (const manifest of packages) {
      for (const dependency of Object.keys(manifest.dependencies ?? {})) {
        if (!dependency.startsWith('@conduit/')) continue;
        expect(order.indexOf(dependency), `${manifest.name} depends on ${dependency}`).toBeLessThan(
          order.indexOf(manifest.name),
        );
      }
    }
  });
});
