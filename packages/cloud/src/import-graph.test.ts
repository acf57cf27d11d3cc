import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The client's folders form layers (errors and config at the bottom, then http, jobs, warehouse,
// resources at the top): no folder imports one that imports it back, directly or around a circle.

const SOURCE = dirname(fileURLToPath(import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The folder of `src` a file lives in (`''` for a file at the top). */
function folderOf(path: string): string {
  const parts = relative(SOURCE, path).split(sep);
  return parts.length > 1 ? (parts[0] as string) : '';
}

function folderEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(SOURCE)) {
    const from = folderOf(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), specifier as string));
      if (to === from || to === '') continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
    }
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

describe("the cloud client's import graph", () => {
  it('has no circle between its folders', () => {
    const edges = folderEdges();
    expect(edges.get('resources')).toContain('jobs');
    expect(circles(edges).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const edges = new Map([
      ['jobs', new Set(['http', 'resources'])],
      ['resources', new Set(['jobs'])],
    ]);
    expect(circles(edges).map((circle) => circle.join(' → '))).toContain('jobs → resources → jobs');
  });
});
