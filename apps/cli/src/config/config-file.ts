import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatJsonPath, issuePath } from '@conduit/protocol';
import * as z from 'zod';
import { CliError } from '../framework/cli-error';
import { EXIT_CODES } from '../framework/exit-codes';
import { configFilePath } from './config-path';
import { findSetting } from './settings';

/** Names a profile may have: they appear in file paths of no one, but in shells and JSON keys. */
export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

// Loose objects: a config written by a newer CLI keeps the fields this one does not know.
const ProfileSchema = z.record(z.string(), z.string());
const ConfigFileSchema = z.looseObject({
  default_profile: z.string().regex(PROFILE_NAME_PATTERN).optional(),
  profiles: z.record(z.string().regex(PROFILE_NAME_PATTERN), ProfileSchema).optional(),
});

/** The config file's content. */
export type ConfigData = z.output<typeof ConfigFileSchema>;

/** The config file as loaded: its path, content, and whether the secrets in it may be used. */
export interface LoadedConfig {
  readonly path: string;
  readonly exists: boolean;
  readonly data: ConfigData;
  /**
   * False when the file is readable or writable by other users: secrets in it may have been seen
   * or planted, so they are ignored until the file is made private again (`chmod 600`).
   */
  readonly secretsUsable: boolean;
  /** The file's permission bits, when it exists. */
  readonly mode: number | undefined;
}

function configError(message: string, hint?: string): CliError {
  return new CliError(message, {
    code: 'invalid_config',
    exitCode: EXIT_CODES.usage,
    ...(hint === undefined ? {} : { hint }),
  });
}

function jsonErrorPosition(error: unknown): string {
  // Never quote the parser's message: it can include a slice of the file, secrets and all.
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`;
  const position = /position (\d+)/.exec(message);
  return position ? ` (at character ${position[1]})` : '';
}

/**
 * Reads and validates the config file. A missing file is an empty config; an unreadable or
 * malformed one is a usage error (exit 2) naming the file and, never quoting its content, the
 * place at fault.
 *
 * @example
 * ```ts
 * const config = await loadConfig(process.env, homedir(), process.platform);
 * Object.keys(config.data.profiles ?? {});
 * ```
 */
export async function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  homeDirectory: string,
  platform: NodeJS.Platform,
): Promise<LoadedConfig> {
  const path = configFilePath(env, homeDirectory);
  let text: string;
  let mode: number | undefined;
  try {
    const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    text = content;
    mode = info.mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { path, exists: false, data: {}, secretsUsable: true, mode: undefined };
    }
    throw configError(
      `cannot read the config file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw configError(
      `the config file ${path} is not valid JSON${jsonErrorPosition(error)}`,
      'fix or remove the file',
    );
  }
  const parsed = ConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => formatJsonPath(issuePath(issue)) || '(top level)');
    throw configError(
      `the config file ${path} is malformed at: ${[...new Set(fields)].join(', ')}`,
      'fix or remove the file',
    );
  }
  // Windows has no POSIX permission bits to check.
  const secretsUsable = platform === 'win32' || mode === undefined || (mode & 0o077) === 0;
  return { path, exists: true, data: parsed.data, secretsUsable, mode };
}

/**
 * Writes the config file atomically (a private temporary file, then a rename), always with mode
 * 0600 in a directory of mode 0700: a profile may hold secrets.
 *
 * @example
 * ```ts
 * await saveConfig(config.path, { ...config.data, default_profile: 'work' });
 * ```
 */
export async function saveConfig(path: string, data: ConfigData): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new CliError(
      `cannot write the config file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        code: 'config_write_failed',
        exitCode: EXIT_CODES.internal,
        cause: error,
      },
    );
  }
  await chmod(path, 0o600).catch(() => undefined);
}

/** True when the profile holds at least one secret setting. */
export function profileHoldsSecrets(profile: Readonly<Record<string, string>>): boolean {
  return Object.keys(profile).some((key) => findSetting(key)?.secret === true);
}

/**
 * The profile names of the config file, for shell completion; an unreadable file has none.
 *
 * @example
 * ```ts
 * await listProfileNames(process.env, homedir()); // ['default', 'staging']
 * ```
 */
export async function listProfileNames(
  env: Readonly<Record<string, string | undefined>>,
  homeDirectory: string,
): Promise<string[]> {
  try {
    const config = await loadConfig(env, homeDirectory, process.platform);
    return Object.keys(config.data.profiles ?? {});
  } catch {
    return [];
  }
}
