/**
 * A suite's progress line on stderr, indented under the runner's `bench: <name>…` and prefixed
 * with the suite's name (stdout is for the variants' JSON result lines).
 */
export function suiteLog(name) {
  return (line) => process.stderr.write(`  ${name}: ${line}\n`);
}
