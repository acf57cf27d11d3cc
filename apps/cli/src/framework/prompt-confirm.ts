import { createInterface } from 'node:readline';
import type { CliRuntime } from './cli-runtime';

/**
 * Asks a yes/no question at the terminal; only `y` or `yes` (any case) confirms. Call it only when
 * `canPrompt(runtime)` is true. Ctrl-C rejects with an `AbortError`.
 *
 * @example
 * ```ts
 * if (!(await promptConfirm(runtime, 'delete connector 42? [y/N] '))) return 1;
 * ```
 */
export function promptConfirm(
  runtime: Pick<CliRuntime, 'stdin' | 'stderr'>,
  question: string,
): Promise<boolean> {
  const readline = createInterface({ input: runtime.stdin, output: runtime.stderr, terminal: true });
  return new Promise((resolve, reject) => {
    readline.on('SIGINT', () => {
      readline.close();
      runtime.stderr.write('\n');
      reject(new DOMException('interrupted', 'AbortError'));
    });
    readline.question(question, (answer) => {
      readline.close();
      resolve(/^\s*y(es)?\s*$/i.test(answer));
    });
  });
}
