// Packs every package as it would be published, installs the tarballs into a fresh project outside
// the workspace, and proves that each one imports by name at runtime and type-checks under both
// `node16` and `bundler` resolution. This is what users get, not what the workspace links.
// The type-check runs without the DOM library (`lib: ["es2023"]`, `types: ["node"]`), as a Node
// program's tsconfig has it: a shipped type that only the DOM declares fails it.
// The libraries' smoke test (scripts/smoke-libraries.mjs) then runs there twice: with this Node,
// and with the lowest Node on which every library it loads claims to run (CONDUIT_LOWEST_NODE, or
// a `node` of that major found on the machine; required under CI). Last, each package README's
// install line and usage snippet run in a project of their own (scripts/packaging/), against the
// same tarballs.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packWorkspace, root } from './packaging/pack-workspace.mjs';

const work = mkdtempSync(join(tmpdir(), 'conduit-consumer-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString();

try {
  const manifests = packWorkspace(tarballs);
  const overrides = Object.fromEntries(
    manifests.map(({ manifest, tarball }) => [manifest.name, `file:${tarball}`]),
  );

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

  // node16 with the default libraries (DOM included), then bundler without the DOM, as a Node
  // program has it. Without the DOM a third-party package's own types may fail (the MCP SDK's name
  // `HeadersInit`): those are reported, not fatal; an error in our types or the program is.
  for (const [module, moduleResolution, lib] of [
    ['node16', 'node16', undefined],
    ['preserve', 'bundler', ['es2023']],
  ]) {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution,
          target: 'es2023',
          ...(lib ? { lib } : {}),
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    const errors = typeErrors(join(consumer, 'node_modules/.bin/tsc'), consumer);
    const theirs = errors.filter(
      (line) => /node_modules\//.test(line) && !/node_modules\/@conduit\//.test(line),
    );
    const ours = errors.filter((line) => !theirs.includes(line));
    for (const line of theirs)
      process.stdout.write(`consumer: ${moduleResolution}, lib ${lib ?? 'default'}: not ours: ${line}\n`);
    if (ours.length > 0)
      throw new Error(
        `the packages' types fail (${moduleResolution}, lib ${lib ?? 'default'}):\n${ours.join('\n')}`,
      );
  }
  process.stdout.write(`consumer: ${run(process.execPath, ['index.mjs'], consumer)}`);
  process.stdout.write(
    `consumer: conduit ${run(join(consumer, 'node_modules/.bin/conduit'), ['--version'], consumer)}`,
  );

  copyFileSync(join(root, 'scripts/smoke-libraries.mjs'), join(consumer, 'smoke-libraries.mjs'));
  process.stdout.write(`consumer: ${run(process.execPath, ['smoke-libraries.mjs'], consumer)}`);
  const lowest = lowestCommonMajor(manifests.filter(({ manifest }) => libraries.includes(manifest.name)));
  const lowestNode = findNode(lowest);
  if (lowestNode) {
    process.stdout.write(`consumer: ${run(lowestNode, ['smoke-libraries.mjs'], consumer)}`);
  } else if (process.env.CI) {
    throw new Error(`no Node ${lowest} to check the libraries on: set CONDUIT_LOWEST_NODE to its binary`);
  } else {
    process.stdout.write(
      `consumer: no Node ${lowest} found (CONDUIT_LOWEST_NODE); the lowest-Node check is skipped\n`,
    );
  }

  execFileSync('pnpm', ['exec', 'vitest', 'run', '--config', 'scripts/packaging/vitest.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CONDUIT_PACKS: tarballs },
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The error lines of `tsc -p tsconfig.json` in `cwd` (none when it passes). */
function typeErrors(tsc, cwd) {
  try {
    execFileSync(tsc, ['-p', 'tsconfig.json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    return [];
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    const lines = output.split('\n').filter((line) => /: error TS\d+:/.test(line));
    if (lines.length === 0) throw error;
    return lines;
  }
}

/** The lowest major version all the given packages' `engines.node` (`>=N…`) allow: the highest of their floors. */
function lowestCommonMajor(packages) {
  const majors = packages.map(({ manifest }) => {
    const match = /^>=\s*(\d+)/.exec(manifest.engines?.node ?? '');
    if (!match)
      throw new Error(`${manifest.name}: engines.node must read ">=N…", got ${manifest.engines?.node}`);
    return Number(match[1]);
  });
  return Math.max(...majors);
}

/** A `node` binary of the given major: CONDUIT_LOWEST_NODE, else the machine's own if it is one. */
function findNode(major) {
  const candidates = [process.env.CONDUIT_LOWEST_NODE, '/usr/bin/node', '/usr/local/bin/node'].filter(
    (candidate) => candidate && existsSync(candidate),
  );
  for (const candidate of candidates) {
    const version = execFileSync(candidate, ['-p', 'process.versions.node']).toString().trim();
    if (Number(version.split('.')[0]) === major) return candidate;
    if (candidate === process.env.CONDUIT_LOWEST_NODE) {
      throw new Error(`CONDUIT_LOWEST_NODE is Node ${version}, not ${major}`);
    }
  }
  return undefined;
}
