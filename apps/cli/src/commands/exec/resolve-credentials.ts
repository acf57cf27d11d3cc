import { readFile, stat } from 'node:fs/promises';
import type { SettingsResolver } from '../../config/settings-resolver';
import type { CredentialMethod, CredentialsInput, LocalConnector } from '../../connectors/local-connector';
import { CliError } from '../../framework/cli-error';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import type { Output } from '../../output/output';

/** Where `conduit exec` may find upstream credentials besides the environment and the profile. */
export interface CredentialFlags {
  /** `--credentials-file PATH`. */
  readonly file: string | undefined;
  /** `--credentials-stdin`: reads the JSON from stdin (called only when that source is used). */
  readonly stdin: (() => Promise<string>) | undefined;
}

/** Credentials with a description of where they came from, for `--debug`. */
export interface ResolvedCredentials {
  readonly credentials: CredentialsInput;
  readonly method: string;
  readonly source: string;
}

function envNames(settings: SettingsResolver, setting: string): string {
  return settings.definition(setting)?.env.join(' or ') ?? setting;
}

function fromEnvironment(method: CredentialMethod, settings: SettingsResolver) {
  const present: string[] = [];
  const missing: string[] = [];
  const credentials: Record<string, string> = {};
  for (const field of method.fields) {
    const resolved = settings.get(field.setting);
    if (resolved.source?.kind === 'env' && resolved.value !== undefined) {
      credentials[field.json] = resolved.value;
      present.push(resolved.source.name);
    } else if (!field.optional) {
      missing.push(envNames(settings, field.setting));
    }
  }
  return { credentials, present, missing };
}

function fromProfile(
  method: CredentialMethod,
  settings: SettingsResolver,
): Record<string, string> | undefined {
  const credentials: Record<string, string> = {};
  for (const field of method.fields) {
    const value = settings.value(field.setting);
    if (value !== undefined) credentials[field.json] = value;
    else if (!field.optional) return undefined;
  }
  return credentials;
}

function parseJsonCredentials(text: string, origin: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The parser's message would quote part of the text, which is a secret.
    throw new UsageError(`${origin} does not hold valid JSON`, {
      code: 'invalid_credentials',
      hint: 'expected a JSON object such as {"token": "…"}',
    });
  }
}

async function readCredentialsFile(path: string, output: Output, platform: NodeJS.Platform): Promise<string> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    if (platform !== 'win32' && (info.mode & 0o077) !== 0) {
      output.warn(
        `${path} is readable by other users (mode ${(info.mode & 0o777).toString(8)}); consider chmod 600 ${path}`,
      );
    }
    return text;
  } catch (error) {
    throw new UsageError(
      `cannot read the credentials file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        code: 'unreadable_credentials',
      },
    );
  }
}

function missingCredentials(connector: LocalConnector, settings: SettingsResolver): CliError {
  const ways = connector.credentialMethods.map(
    (method) =>
      `${method.fields
        .filter((field) => !field.optional)
        .map((field) => envNames(settings, field.setting))
        .join(' + ')} (${method.name})`,
  );
  const json = connector.credentialMethods
    .map(
      (method) =>
        `{${method.fields
          .filter((field) => !field.optional)
          .map((field) => `"${field.json}": "…"`)
          .join(', ')}}`,
    )
    .join(' or ');
  return new CliError(`no ${connector.definition.displayName} credentials: set ${ways.join(', or ')}`, {
    code: 'missing_credentials',
    exitCode: EXIT_CODES.auth,
    hint: `or pass --credentials-file PATH or --credentials-stdin with ${json}, or store them in a profile (conduit profile set --help)`,
  });
}

/**
 * Finds the upstream credentials of a local run, with the precedence of every setting:
 * **flag > environment > profile**.
 *
 * 1. `--credentials-file` or `--credentials-stdin` (JSON);
 * 2. the environment, when one method's variables are all set (a personal access token before an
 *    OAuth refresh token); a method whose first variable is set but not the rest is an error
 *    rather than a silent fall-through to another source;
 * 3. the profile.
 *
 * None of them is an error with exit code 3 that says every way to give credentials. Every value
 * found is registered with the output so no diagnostic can print it.
 *
 * @example
 * ```ts
 * const { credentials } = await resolveCredentials(connector, settings, { file: undefined, stdin: undefined }, output, 'linux');
 * ```
 */
export async function resolveCredentials(
  connector: LocalConnector,
  settings: SettingsResolver,
  flags: CredentialFlags,
  output: Output,
  platform: NodeJS.Platform,
): Promise<ResolvedCredentials> {
  if (flags.file !== undefined && flags.stdin !== undefined) {
    throw new UsageError('give --credentials-file or --credentials-stdin, not both', {
      code: 'conflicting_flags',
    });
  }
  const found = await find(connector, settings, flags, output, platform);
  for (const value of Object.values(found.credentials)) output.addSecret(value);
  output.debugLog(`credentials: ${found.method} from ${found.source}`);
  return found;
}

async function find(
  connector: LocalConnector,
  settings: SettingsResolver,
  flags: CredentialFlags,
  output: Output,
  platform: NodeJS.Platform,
): Promise<ResolvedCredentials> {
  if (flags.file !== undefined) {
    const origin = `--credentials-file ${flags.file}`;
    const credentials = connector.parseCredentials(
      parseJsonCredentials(await readCredentialsFile(flags.file, output, platform), origin),
      origin,
    );
    return { credentials, method: methodOf(connector, credentials), source: origin };
  }
  if (flags.stdin !== undefined) {
    const credentials = connector.parseCredentials(
      parseJsonCredentials(await flags.stdin(), 'stdin'),
      '--credentials-stdin',
    );
    return { credentials, method: methodOf(connector, credentials), source: 'stdin' };
  }
  for (const method of connector.credentialMethods) {
    const environment = fromEnvironment(method, settings);
    if (environment.missing.length === 0) {
      return {
        credentials: environment.credentials,
        method: method.name,
        source: `env ${environment.present.join(', ')}`,
      };
    }
  }
  for (const method of connector.credentialMethods) {
    const environment = fromEnvironment(method, settings);
    const primary = method.fields[0]!;
    if (environment.credentials[primary.json] !== undefined) {
      throw new CliError(
        `${envNames(settings, primary.setting)} is set but ${environment.missing.join(', ')} ${environment.missing.length === 1 ? 'is' : 'are'} not`,
        {
          code: 'incomplete_credentials',
          exitCode: EXIT_CODES.auth,
          hint: `the ${method.name} needs all of them`,
        },
      );
    }
  }
  if (settings.profileName !== undefined) {
    for (const method of connector.credentialMethods) {
      const credentials = fromProfile(method, settings);
      if (credentials) return { credentials, method: method.name, source: `profile ${settings.profileName}` };
    }
  }
  throw missingCredentials(connector, settings);
}

function methodOf(connector: LocalConnector, credentials: CredentialsInput): string {
  const method = connector.credentialMethods.find((candidate) =>
    candidate.fields.every((field) => field.optional || credentials[field.json] !== undefined),
  );
  return method?.name ?? 'credentials';
}
