import { VERSION } from './version';

export { VERSION } from './version';

/**
 * Runs the `conduit` command line with the given arguments and resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2));
 * ```
 */
export async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  process.stderr.write('usage: conduit <command>\n');
  return 2;
}
