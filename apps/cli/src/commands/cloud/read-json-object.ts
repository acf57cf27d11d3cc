import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { readSecretFile, readSecretStdin } from '../../hosted/read-secret-input';

/**
 * Reads a JSON object from `--<name>-file PATH` or `--<name>-stdin`: connector configurations and
 * testing values hold secrets (API keys, passwords), so they never come from argv. The file is read
 * like a secret file (a warning when other users can read it); the text is never quoted in errors.
 * `undefined` when neither flag is given.
 *
 * @example
 * ```ts
 * const config = await readJsonObject(context, 'config'); // --config-file / --config-stdin
 * ```
 */
export async function readJsonObject(
  context: CommandContext,
  name: string,
): Promise<Record<string, unknown> | undefined> {
  const { flags, output, runtime } = context;
  const file = flags.string(`${name}-file`);
  const stdin = flags.boolean(`${name}-stdin`);
  if (file !== undefined && stdin) {
    throw new UsageError(`give --${name}-file or --${name}-stdin, not both`, { code: 'conflicting_flags' });
  }
  if (file === undefined && !stdin) return undefined;
  const origin = file === undefined ? `--${name}-stdin` : `--${name}-file ${file}`;
  const text =
    file === undefined
      ? await readSecretStdin(runtime, `--${name}-stdin`)
      : await readSecretFile(file, `--${name}-file`, output, runtime.platform);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${origin} is not valid JSON`, { code: 'invalid_json' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${origin} must hold a JSON object`, { code: 'invalid_json' });
  }
  return value as Record<string, unknown>;
}
