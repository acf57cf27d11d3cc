import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A connector's main entry holds what its caller needs by name, and no more (issue 27, "One
// connector, one module, one shape"): the module, the constructor and its option and result types,
// the record types, the errors a call throws, the definition and VERSION. Schemas and searchable
// fields are at `/records`, the kind at `/kind`, the names kept for a minor version at
// `/deprecated`. Counted twice: the values a caller can import at runtime, and every name of
// src/index.ts with the types, as the compiler sees them.

const root = fileURLToPath(new URL('..', import.meta.url));

/** At most this many names in a connector's main entry, types included. */
const MAX_NAMES = 40;

const CONNECTORS = [
  { directory: 'asana', module: 'asanaModule', create: 'createAsana' },
  { directory: 'zendesk-support', module: 'zendeskSupportModule', create: 'createZendeskSupport' },
  { directory: 'salesforce', module: 'salesforceModule', create: 'createSalesforce' },
] as const;

/** Every name `file` exports (values and types), read through the package's own tsconfig. */
function exportedNames(directory: string, file: string): string[] {
  const packageDirectory = path.join(root, 'packages', directory);
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(packageDirectory, 'tsconfig.json'),
    undefined,
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`no tsconfig in packages/${directory}`);
  const entry = path.join(packageDirectory, file);
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`${entry} is not a module`);
  return checker
    .getExportsOfModule(symbol)
    .map((exported) => exported.name)
    .sort();
}

describe.each(CONNECTORS)('packages/$directory main entry', ({ directory, module, create }) => {
  it(`exports ${module}, ${create} and VERSION, in at most ${MAX_NAMES} runtime names`, async () => {
    const entry = (await import(path.join(root, 'packages', directory, 'src/index.ts'))) as Record<
      string,
      unknown
    >;
    expect(entry[module]).toBeTypeOf('object');
    expect(entry[create]).toBeTypeOf('function');
    expect(entry.VERSION).toBeTypeOf('string');
    expect(Object.keys(entry).length).toBeLessThanOrEqual(MAX_NAMES);
  });

  it(`declares at most ${MAX_NAMES} names with the types`, { timeout: 60_000 }, () => {
    const names = exportedNames(directory, 'src/index.ts');
    expect(names).toEqual(expect.arrayContaining([module, create, 'VERSION']));
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(MAX_NAMES);
  });

  it('ships /kind, /records and /deprecated as built entries', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(root, 'packages', directory, 'package.json'), 'utf8'),
    ) as {
      exports: Record<string, unknown>;
    };
    const build = readFileSync(path.join(root, 'packages', directory, 'tsdown.config.ts'), 'utf8');
    for (const subpath of ['kind', 'records', 'deprecated']) {
      expect(manifest.exports[`./${subpath}`], subpath).toEqual({
        types: `./dist/${subpath}.d.ts`,
        default: `./dist/${subpath}.js`,
      });
      expect(build, subpath).toContain(`'src/${subpath}.ts'`);
    }
  });
});
