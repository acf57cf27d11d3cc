import { readFile, stat } from 'node:fs/promises';
import { type ConnectorType, parseConnectorCredentials } from '@conduit/connectors';
import { ConduitError } from '@conduit/protocol';
import { CONNECTORS, findConnector } from '../../connectors/connector-catalog';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { readStdin } from '../../framework/read-stdin';
import { UsageError } from '../../framework/usage-error';
import { resolveCredentials } from '../exec/resolve-credentials';

const MAX_CREDENTIALS_BYTES = 64 * 1024;

async function readCredentialsText(context: CommandContext, file: string | undefined): Promise<string> {
  const { output, runtime } = context;
  if (file === undefined) {
    if (runtime.stdin.isTTY) {
      throw new UsageError('--credentials-stdin reads from a pipe, and stdin is a terminal', {
        code: 'stdin_is_terminal',
      });
    }
    return readStdin(runtime.stdin, { maxBytes: MAX_CREDENTIALS_BYTES, what: '--credentials-stdin' });
  }
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    if (runtime.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      output.warn(
        `${file} is readable by other users (mode ${(info.mode & 0o777).toString(8)}); consider chmod 600 ${file}`,
      );
    }
    return text;
  } catch (error) {
    throw new UsageError(
      `cannot read the credentials file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      { code: 'unreadable_credentials' },
    );
  }
}

function parseJson(text: string, origin: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The parser's message would quote part of the text, which is a secret.
    throw new UsageError(`${origin} does not hold valid JSON`, { code: 'invalid_credentials' });
  }
}

/**
 * The upstream credentials of a new hosted connector, never from argv. For a type the CLI runs
 * locally too (task-management), the same sources and precedence as `conduit exec`: the
 * environment (`EXAMPLE_TOKEN`, …), then `--credentials-file` / `--credentials-stdin`, then the
 * profile. For the other types, the file or stdin. The JSON is checked against the type's
 * credential methods before anything is sent: a wrong shape is a usage error naming the fields,
 * never their values. Every value is registered with the output as a secret.
 *
 * @example
 * ```ts
 * const credentials = await readUpstreamCredentials(context, 'task-management');
 * ```
 */
export async function readUpstreamCredentials(
  context: CommandContext,
  type: ConnectorType,
): Promise<Record<string, string>> {
  const { flags, output } = context;
  const file = flags.string('credentials-file');
  const stdin = flags.boolean('credentials-stdin');
  if (file !== undefined && stdin) {
    throw new UsageError('give --credentials-file or --credentials-stdin, not both', {
      code: 'conflicting_flags',
    });
  }
  const entry = findConnector(type, context.runtime.connectors ?? CONNECTORS);
  if (entry) {
    const connector = await entry.loadLocal();
    const { credentials } = await resolveCredentials(
      connector,
      await context.settings(),
      { file, stdin: stdin ? () => readCredentialsText(context, undefined) : undefined },
      output,
      context.runtime.platform,
    );
    return { ...credentials };
  }
  if (file === undefined && !stdin) {
    throw new CliError(`no ${type} credentials: pass --credentials-file FILE or --credentials-stdin`, {
      code: 'missing_credentials',
      exitCode: EXIT_CODES.auth,
      hint: 'the file holds the JSON credentials object of one method of the type (conduit connectors create --help)',
    });
  }
  const origin = file === undefined ? '--credentials-stdin' : `--credentials-file ${file}`;
  const value = parseJson(await readCredentialsText(context, file), origin);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const field of Object.values(value)) if (typeof field === 'string') output.addSecret(field);
  }
  try {
    return parseConnectorCredentials(type, value) as Record<string, string>;
  } catch (error) {
    if (!ConduitError.isInstance(error)) throw error;
    throw new UsageError(`invalid credentials in ${origin}: ${error.message}`, {
      code: 'invalid_credentials',
      details: error.details,
    });
  }
}
