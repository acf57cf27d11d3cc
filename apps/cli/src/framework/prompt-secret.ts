import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { CliRuntime } from './cli-runtime';

/**
 * Asks for a secret at the terminal without echoing what is typed. Call it only when
 * `canPrompt(runtime)` is true. Ctrl-C rejects with an `AbortError`.
 *
 * @example
 * ```ts
 * const token = await promptSecret(runtime, 'example_token: ');
 * ```
 */
export function promptSecret(
  runtime: Pick<CliRuntime, 'stdin' | 'stderr'>,
  question: string,
): Promise<string> {
  let muted = false;
  // readline echoes each key to its output; muting that stream after the question hides the input.
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) runtime.stderr.write(chunk as Buffer);
      callback();
    },
  });
  const readline = createInterface({ input: runtime.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    readline.on('SIGINT', () => {
      readline.close();
      runtime.stderr.write('\n');
      reject(new DOMException('interrupted', 'AbortError'));
    });
    readline.question(question, (answer) => {
      readline.close();
      runtime.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}
