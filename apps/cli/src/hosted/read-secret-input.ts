import { readFile, stat } from 'node:fs/promises';
import type { CliRuntime } from '../framework/cli-runtime';
import { canPrompt, readStdin } from '../framework/read-stdin';
import { UsageError } from '../framework/usage-error';
import type { Output } from '../output/output';

const MAX_SECRET_BYTES = 16 * 1024;

function trimLineEnd(text: string): string {
  // `echo secret > file` and a pasted line both end with a newline that is not part of the secret.
  return text.replace(/\r?\n$/, '');
}

/**
 * Reads a secret from a file: the whole content, less one trailing newline. Warns when the file is
 * readable by other users; refuses an empty or unreadable file with a usage error that names the
 * file, never its content.
 *
 * @example
 * ```ts
 * const secret = await readSecretFile('/run/secrets/conduit', '--client-secret-file', output, 'linux');
 * ```
 */
export async function readSecretFile(
  path: string,
  flag: string,
  output: Output,
  platform: NodeJS.Platform,
): Promise<string> {
  let text: string;
  try {
    const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    if (info.size > MAX_SECRET_BYTES) {
      throw new UsageError(`${flag} ${path}: the file holds more than ${MAX_SECRET_BYTES} bytes`, {
        code: 'input_too_large',
      });
    }
    if (platform !== 'win32' && (info.mode & 0o077) !== 0) {
      output.warn(
        `${path} is readable by other users (mode ${(info.mode & 0o777).toString(8)}); consider chmod 600 ${path}`,
      );
    }
    text = content;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${flag} ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {
      code: 'unreadable_secret',
    });
  }
  const secret = trimLineEnd(text);
  if (secret === '') throw new UsageError(`${flag} ${path}: the file is empty`, { code: 'empty_secret' });
  return secret;
}

/**
 * Reads a secret piped on stdin (less one trailing newline). Refuses a terminal on stdin: a secret
 * typed there would be echoed, and nothing ever prompts under CI.
 *
 * @example
 * ```ts
 * const secret = await readSecretStdin(runtime, '--client-secret-stdin');
 * ```
 */
export async function readSecretStdin(
  runtime: Pick<CliRuntime, 'stdin' | 'stderr' | 'env'>,
  flag: string,
): Promise<string> {
  if (runtime.stdin.isTTY) {
    throw new UsageError(`${flag} reads from a pipe, and stdin is a terminal`, {
      code: 'stdin_is_terminal',
      hint: canPrompt(runtime)
        ? `pipe it: printf %s "$SECRET" | conduit … ${flag}`
        : 'pipe the secret on stdin',
    });
  }
  const secret = trimLineEnd(await readStdin(runtime.stdin, { maxBytes: MAX_SECRET_BYTES, what: flag }));
  if (secret === '') throw new UsageError(`${flag}: stdin was empty`, { code: 'empty_secret' });
  return secret;
}
