import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A file over 500 lines is several concepts under one name (CONTRIBUTING.md, "Conventions": one
// concept per file). The simulators are held to it: each route table, dataset and engine is split
// where it grew, so the next engineer reads one concept at a time.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 500;
const SKIPPED = new Set(['test-support', 'node_modules', 'dist']);

function shippedFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : shippedFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('source files', () => {
  it(`in testkit are at most ${MAX_LINES} lines each`, () => {
    const files = shippedFiles(join(ROOT, 'packages/testkit/src'));
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({
        file: relative(ROOT, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
