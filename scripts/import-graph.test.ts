import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The folders inside a package form layers (CONTRIBUTING.md, "Layers"): no folder imports one that
// imports it back, directly or around a circle, and where a package names its layers, none imports
// a folder above its own. Shipped files only: tests may reach anywhere.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** One import of one shipped file, from its folder to another (`''` is a file at the top of src). */
interface FolderImport {
  readonly from: string;
  readonly to: string;
  readonly file: string;
  readonly specifier: string;
}

function folderImports(source: string): FolderImport[] {
  const folderOf = (path: string) => {
    const parts = relative(source, path).split(sep);
    return parts.length > 1 ? (parts[0] as string) : '';
  };
  return sourceFiles(source).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].flatMap(([, specifier]) => {
      const from = folderOf(file);
      const to = folderOf(resolve(dirname(file), specifier as string));
      return to === from || to === ''
        ? []
        : [{ from, to, file: relative(ROOT, file), specifier: specifier! }];
    }),
  );
}

function edgesOf(imports: readonly FolderImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
  return edges;
}

/** Every circle of folders, each as the path that closes it. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const visit = (folder: string, path: string[]) => {
    for (const next of edges.get(folder) ?? []) {
      if (next === path[0]) found.push([...path, next]);
      else if (!path.includes(next)) visit(next, [...path, next]);
    }
  };
  for (const folder of edges.keys()) visit(folder, [folder]);
  return found;
}

const circlesOf = (source: string) =>
  circles(edgesOf(folderImports(join(ROOT, source)))).map((circle) => circle.join(' → '));

describe('the import graph inside a package', () => {
  it('finds a circle when there is one', () => {
    const edges = new Map([
      ['jobs', new Set(['http', 'resources'])],
      ['resources', new Set(['jobs'])],
    ]);
    expect(circles(edges).map((circle) => circle.join(' → '))).toContain('jobs → resources → jobs');
  });

  it('has no circle between the cloud client’s folders', () => {
    expect(edgesOf(folderImports(join(ROOT, 'packages/cloud/src'))).get('resources')).toContain('http');
    expect(circlesOf('packages/cloud/src')).toEqual([]);
  });

  // Every simulator is built on testkit's core; none reaches into another's folder, so each can be
  // read, changed and used in a user's test on its own.
  it('has the simulators of testkit on its core, none importing another', () => {
    const simulators = new Set(['asana', 'zendesk', 'salesforce', 'cloud']);
    const imports = folderImports(join(ROOT, 'packages/testkit/src'));
    expect(imports.some((edge) => edge.from === 'zendesk' && edge.to === 'core')).toBe(true);
    const across = imports.filter(
      (edge) => (simulators.has(edge.to) && edge.from !== '') || (edge.from === 'core' && edge.to !== 'core'),
    );
    expect(across.map((edge) => `${edge.file} imports ${edge.specifier}`)).toEqual([]);
    expect(circlesOf('packages/testkit/src')).toEqual([]);
  });
});
