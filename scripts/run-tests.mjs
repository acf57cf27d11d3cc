// Runs the whole vitest suite once and ends with the one line CI reads: `N passed, M failed`.
// A test file that cannot even load counts as a failure, so a broken import is never silent.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const directory = mkdtempSync(join(tmpdir(), 'conduit-tests-'));
const report = join(directory, 'report.json');
const result = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests;
  skipped = summary.numPendingTests + summary.numTodoTests;
  for (const file of summary.testResults) {
    if (file.status === 'failed' && file.assertionResults.length === 0) failed += 1;
  }
} else {
  failed = 1;
}
rmSync(directory, { recursive: true, force: true });
if (result.status !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
