import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The folders inside a package form layers (CONTRIBUTING.md, "Layers"): no folder imports one that
// imports it back, directly or around a circle, and where a package names its layers (the server),
// none imports a layer above its own. Shipped files only: tests may reach anywhere.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** An import of a shipped file, with the layers it joins. */
interface Import {
  /** The importing file, relative to `src`. */
  readonly file: string;
  readonly specifier: string;
  readonly from: string;
  /** The layer imported, or undefined for a package or a path outside `src`. */
  readonly to: string | undefined;
}

/** The shipped source of a package: no tests, no test support. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The layer of a path under `source`: its top folder, or a top-level file's name. */
function layerOf(source: string, path: string): string | undefined {
  const parts = relative(source, path).split(sep);
  if (parts[0] === '..') return undefined;
  return parts.length > 1 ? (parts[0] as string) : (parts[0] as string).replace(/\.[cm]?[jt]s$/, '');
}

// Static imports and re-exports (`from '…'`), side-effect imports and dynamic `import('…')`.
const SPECIFIER = /\bfrom\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

/** Every import of a package's shipped files (`source` is its `src`, from the repository root). */
function sourceImports(source: string): Import[] {
  const root = join(ROOT, source);
  return sourceFiles(root).flatMap((path) => {
    const file = relative(root, path).split(sep).join('/');
    const from = layerOf(root, path) as string;
    return [...readFileSync(path, 'utf8').matchAll(SPECIFIER)].map((match) => {
      const specifier = (match[1] ?? match[2] ?? match[3]) as string;
      const to = specifier.startsWith('.') ? layerOf(root, resolve(dirname(path), specifier)) : undefined;
      return { file, specifier, from, to };
    });
  });
}

function layerEdges(imports: readonly Import[]): Map<string, Map<string, Import>> {
  const edges = new Map<string, Map<string, Import>>();
  for (const entry of imports) {
    if (entry.to === undefined || entry.to === entry.from) continue;
    const targets = edges.get(entry.from) ?? new Map<string, Import>();
    if (!targets.has(entry.to)) targets.set(entry.to, entry);
    edges.set(entry.from, targets);
  }
  return edges;
}

/**
 * Every edge that lies on a circle, as `a → b`: the edges inside each strongly connected group of
 * layers (Tarjan's algorithm). Listing the groups' edges rather than every circle keeps the answer
 * short when many layers are tangled.
 */
function circleEdges(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const group = new Map<string, number>();
  let groups = 0;
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.set(member, groups);
    } while (member !== node);
    groups += 1;
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return [...edges].flatMap(([from, targets]) =>
    [...targets.keys()].filter((to) => group.get(to) === group.get(from)).map((to) => `${from} → ${to}`),
  );
}

function describeImport(entry: Import): string {
  return `${entry.file} imports '${entry.specifier}' (${entry.from} → ${entry.to})`;
}

// The server's folders form layers, so its source reads top-down: `index.ts` and the composition
// root (`server/`) wire the features, the features stand on the contract of `extensions/`, and
// below are the HTTP helpers, the domain services, the store and the plain helpers. A folder
// imports only itself and the folders before it in SERVER_LAYERS. A new folder goes into
// SERVER_LAYERS where its imports allow.
const SERVER = 'apps/server/src';

/** The folders of `src` (a top-level file by its name, e.g. `clock`), lowest first. */
const SERVER_LAYERS = [
  // Helpers any layer may use: no domain, no HTTP.
  'clock',
  'version',
  'errors',
  'validation',
  'logging',
  'config',
  'metrics',
  'tracing',
  // Persistence, then the sealing and hashing of what it holds.
  'store',
  'crypto',
  // Reaching upstreams: the egress policy, the call scope, the limiters and transport hooks.
  'upstream',
  // Domain services: applications, connectors, connect sessions and their webhooks, limits.
  'services',
  // HTTP helpers: the request context, bodies, JSON and error answers, authentication.
  'http',
  // The contract features are built on: `ServerExtension` and the `ServerServices` it receives.
  'extensions',
  // Features, each standing on those before it.
  'execute',
  'changes',
  'search',
  'agent-api',
  'connect',
  'openapi',
  'routes',
  'sync',
  // The composition root (the app, its services, the default features, the process), then the
  // entry points.
  'server',
  'cli',
  'index',
  'main',
] as const;

describe("the server's import graph", () => {
  const imports = sourceImports(SERVER);
  const layers: readonly string[] = SERVER_LAYERS;

  it('finds the imports it checks', () => {
    expect(imports.some((entry) => entry.file === 'server/create-app.ts' && entry.to === 'routes')).toBe(
      true,
    );
    expect(imports.some((entry) => entry.file === 'index.ts' && entry.to === 'server')).toBe(true);
  });

  it('places every folder and top-level file in SERVER_LAYERS', () => {
    const root = join(ROOT, SERVER);
    const found = new Set(sourceFiles(root).map((path) => layerOf(root, path) as string));
    expect([...found].filter((layer) => !layers.includes(layer)).sort()).toEqual([]);
  });

  it('has no circle between its folders', () => {
    const edges = layerEdges(imports);
    expect(
      circleEdges(edges).map((edge) => {
        const [from, to] = edge.split(' → ') as [string, string];
        return `${edge}: ${describeImport(edges.get(from)?.get(to) as Import)}`;
      }),
    ).toEqual([]);
  });

  it('imports only from its own layer or one below', () => {
    const upward = imports.filter(
      (entry) =>
        entry.to !== undefined &&
        layers.includes(entry.from) &&
        layers.includes(entry.to) &&
        layers.indexOf(entry.to) > layers.indexOf(entry.from),
    );
    expect(upward.map((entry) => `${describeImport(entry)}: ${entry.to} is above ${entry.from}`)).toEqual([]);
  });

  it('ships nothing that imports test support', () => {
    const testSupport = imports.filter(
      (entry) =>
        entry.specifier === '@conduit/testkit' ||
        entry.specifier.startsWith('@conduit/testkit/') ||
        (entry.specifier.startsWith('.') &&
          resolve(ROOT, SERVER, entry.file, '..', entry.specifier).split(sep).includes('test-support')),
    );
    expect(testSupport.map((entry) => `${entry.file} imports '${entry.specifier}'`)).toEqual([]);
  });

  it('names each edge of a circle, and none outside it', () => {
    const edges = new Map([
      [
        'execute',
        new Map([
          ['http', 1],
          ['extensions', 1],
        ]),
      ],
      ['extensions', new Map([['execute', 1]])],
      ['http', new Map([['store', 1]])],
    ]);
    expect(circleEdges(edges).sort()).toEqual(['execute → extensions', 'extensions → execute']);
  });
});

const circlesOf = (source: string) => circleEdges(layerEdges(sourceImports(source)));

describe('the cloud client’s import graph', () => {
  it('has no circle between its folders', () => {
    expect(
      sourceImports('packages/cloud/src').some((entry) => entry.from === 'resources' && entry.to === 'http'),
    ).toBe(true);
    expect(circlesOf('packages/cloud/src')).toEqual([]);
  });
});

// Every simulator is built on testkit's core; none reaches into another's folder, so each can be
// read, changed and used in a user's test on its own.
describe('testkit’s import graph', () => {
  it('has the simulators on its core, none importing another', () => {
    const simulators = new Set(['asana', 'zendesk', 'salesforce', 'cloud']);
    const imports = sourceImports('packages/testkit/src').filter(
      (entry) => entry.to !== undefined && entry.to !== entry.from,
    );
    expect(imports.some((entry) => entry.from === 'zendesk' && entry.to === 'core')).toBe(true);
    const across = imports.filter(
      (entry) => (simulators.has(entry.to as string) && entry.from !== 'index') || entry.from === 'core',
    );
    expect(across.map((entry) => `${entry.file} imports '${entry.specifier}'`)).toEqual([]);
    expect(circlesOf('packages/testkit/src')).toEqual([]);
  });
});
