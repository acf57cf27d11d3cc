import type { CliInputStream } from './cli-runtime';
import { UsageError } from './usage-error';

/**
 * Reads all of stdin as UTF-8, refusing more than `maxBytes` (credentials and secrets are small;
 * a larger input is a mistake, such as the wrong file piped in).
 *
 * @example
 * ```ts
 * const text = await readStdin(process.stdin, { maxBytes: 65_536, what: '--credentials-stdin' });
 * ```
 */
export async function readStdin(
  stdin: CliInputStream,
  options: { maxBytes: number; what: string },
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    total += buffer.byteLength;
    if (total > options.maxBytes) {
      throw new UsageError(`${options.what}: stdin holds more than ${options.maxBytes} bytes`, {
        code: 'input_too_large',
      });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether the CLI may ask a question: only with a person at the terminal (stdin and stderr are
 * terminals) and never under CI.
 *
 * @example
 * ```ts
 * if (!canPrompt(runtime)) throw new UsageError('pipe the secret on stdin');
 * ```
 */
export function canPrompt(runtime: {
  stdin: { isTTY?: boolean };
  stderr: { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}): boolean {
  const ci = runtime.env.CI;
  return (
    runtime.stdin.isTTY === true &&
    runtime.stderr.isTTY === true &&
    (ci === undefined || ci === '' || ci === 'false' || ci === '0')
  );
}
