// Packs every package as it would be published, installs the tarballs into a fresh project outside
// the workspace, and proves that each one imports by name at runtime and type-checks under both
// `node16` and `bundler` resolution. This is what users get, not what the workspace links.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const directories = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)),
);
const manifests = directories.map((directory) => ({
  directory,
  manifest: JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')),
}));

const work = mkdtempSync(join(tmpdir(), 'conduit-consumer-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString();

try {
  const overrides = {};
  for (const { directory, manifest } of manifests) {
    const output = run('pnpm', ['pack', '--pack-destination', tarballs], directory).trim().split('\n').at(-1);
    overrides[manifest.name] = `file:${output.startsWith('/') ? output : join(tarballs, output)}`;
  }

  const consumer = join(work, 'consumer');
  mkdirSync(consumer);
  const libraries = manifests
    .filter(({ manifest }) => manifest.name !== '@conduit/cli')
    .map(({ manifest }) => manifest.name);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify(
      {
        name: 'conduit-consumer',
        private: true,
        type: 'module',
        dependencies: { ...overrides, zod: '^4.6.7' },
        devDependencies: { typescript: '~6.0.3', '@types/node': '^24.0.0' },
        pnpm: { overrides },
      },
      null,
      2,
    ),
  );
  writeFileSync(join(consumer, 'pnpm-workspace.yaml'), 'packages: []\nonlyBuiltDependencies: [esbuild]\n');
  run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--reporter=silent'], consumer);

  const identifier = (name) => name.replace('@conduit/', '').replace(/[^a-z]/g, '_');
  const imports = libraries.map((name) => `import * as ${identifier(name)} from '${name}';`).join('\n');
  const checks = libraries
    .map(
      (name) =>
        `  ['${name}', typeof ${identifier(name)}.VERSION === 'string' ? ${identifier(name)}.VERSION : ''],`,
    )
    .join('\n');
  const program = `${imports}\nconst versions: Array<[string, string]> = [\n${checks}\n];\nfor (const [name, version] of versions) if (!version) throw new Error(name + ' has no VERSION');\nconsole.log(versions.map(([name, version]) => name + '@' + version).join(' '));\n`;
  writeFileSync(join(consumer, 'index.ts'), program);
  writeFileSync(join(consumer, 'index.mjs'), program.replace(': Array<[string, string]>', ''));

  for (const [module, moduleResolution] of [
    ['node16', 'node16'],
    ['preserve', 'bundler'],
  ]) {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution,
          target: 'es2023',
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    run(join(consumer, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], consumer);
  }
  process.stdout.write(`consumer: ${run(process.execPath, ['index.mjs'], consumer)}`);
  process.stdout.write(
    `consumer: conduit ${run(join(consumer, 'node_modules/.bin/conduit'), ['--version'], consumer)}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
