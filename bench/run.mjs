// Runs the benchmarks under suites/ and writes RESULTS.md. Each suite owns one section of the file,
// between markers, so a suite can be rerun alone without losing the others' last results.
//   node bench/run.mjs                 every suite
//   node bench/run.mjs transport asana only these
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine } from './lib/machine.mjs';

const here = import.meta.dirname;
const resultsPath = join(here, 'RESULTS.md');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const suites = readdirSync(join(here, 'suites'))
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => file.replace(/\.mjs$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

function readSections() {
  const sections = new Map();
  if (!existsSync(resultsPath)) return sections;
  const previous = readFileSync(resultsPath, 'utf8');
  for (const match of previous.matchAll(/<!-- bench:(\S+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) {
    sections.set(match[1], match[2]);
  }
  return sections;
}

const fresh = new Map();

for (const name of suites) {
  const suite = await import(join(here, 'suites', `${name}.mjs`));
  process.stderr.write(`bench: ${name}…\n`);
  const started = Date.now();
  const markdown = await suite.run();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  fresh.set(
    name,
    `## ${suite.title}\n\n_Run ${when} UTC on ${describeMachine()}; took ${((Date.now() - started) / 1000).toFixed(0)} s._\n\n${markdown.trim()}\n\n`,
  );
}

// Read the file again only now: a suite run elsewhere in the meantime keeps its section.
const sections = readSections();
for (const [name, text] of fresh) sections.set(name, text);
const body = [...sections.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, text]) => `<!-- bench:${name} -->\n${text}<!-- /bench:${name} -->`)
  .join('\n\n');
writeFileSync(
  resultsPath,
  `# Benchmark results\n\nWritten by \`pnpm bench\` (\`node bench/run.mjs [suite…]\`). Every ratio compares variants measured in the same run on the same machine.\n\n${body}\n`,
);
process.stderr.write(`bench: wrote ${resultsPath}\n`);
