import { loadConfig, saveConfig } from '../../config/config-file';
import { findSetting, SETTINGS } from '../../config/settings';
import type { CommandContext } from '../../framework/command-context';
import { promptSecret } from '../../framework/prompt-secret';
import { canPrompt, readStdin } from '../../framework/read-stdin';
import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';
import { checkProfileName } from './require-profile';

const MAX_SECRET_BYTES = 16 * 1024;

function checkValue(key: string, value: string): void {
  if (value === '') {
    throw new UsageError(`${key} needs a value`, {
      code: 'invalid_setting',
      hint: `to remove it: conduit profile unset NAME ${key}`,
    });
  }
  if (/_(url|root)$/.test(key)) {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new UsageError(`${key} must be an http or https URL`, { code: 'invalid_setting' });
    }
  }
}

function parsePair(pair: string): [string, string] {
  const separator = pair.indexOf('=');
  const key = separator === -1 ? pair : pair.slice(0, separator);
  const setting = findSetting(key);
  if (!setting) {
    throw new UsageError(`unknown setting "${key}"`, {
      code: 'unknown_setting',
      hint:
        didYouMean(
          key,
          SETTINGS.map((candidate) => candidate.key),
        ) ?? 'run conduit profile set --help for the settings',
    });
  }
  if (setting.secret) {
    // A secret on the command line lands in shell history and the process list.
    throw new UsageError(`${key} is a secret and is never taken from the command line`, {
      code: 'secret_in_argv',
      hint: `pipe it instead: printf %s "$VALUE" | conduit profile set NAME --secret-stdin ${key}`,
    });
  }
  if (separator === -1)
    throw new UsageError(`expected KEY=VALUE, got "${pair}"`, { code: 'invalid_setting' });
  const value = pair.slice(separator + 1);
  checkValue(key, value);
  return [key, value];
}

async function readSecret(context: CommandContext, key: string): Promise<string> {
  const setting = findSetting(key);
  if (!setting) {
    throw new UsageError(`unknown setting "${key}"`, {
      code: 'unknown_setting',
      hint:
        didYouMean(
          key,
          SETTINGS.filter((candidate) => candidate.secret).map((candidate) => candidate.key),
        ) ?? 'run conduit profile set --help for the settings',
    });
  }
  if (!setting.secret) {
    throw new UsageError(`${key} is not a secret: give it as ${key}=VALUE`, { code: 'not_a_secret' });
  }
  const { runtime } = context;
  let value: string;
  if (runtime.stdin.isTTY) {
    if (!canPrompt(runtime)) {
      throw new UsageError(`--secret-stdin ${key}: stdin is a terminal and prompts are off (CI)`, {
        code: 'stdin_is_terminal',
        hint: 'pipe the value on stdin',
      });
    }
    value = await promptSecret(runtime, `${key}: `);
  } else {
    value = (
      await readStdin(runtime.stdin, { maxBytes: MAX_SECRET_BYTES, what: `--secret-stdin ${key}` })
    ).replace(/\r?\n$/, '');
  }
  if (value === '')
    throw new UsageError(`--secret-stdin ${key}: stdin was empty`, { code: 'invalid_setting' });
  context.output.addSecret(value);
  return value;
}

/** Runs `conduit profile set <name> [KEY=VALUE...] [--secret-stdin KEY] [--default]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output, flags } = context;
  const name = checkProfileName(context.args[0]!);
  const updates = new Map(context.args.slice(1).map(parsePair));
  const secretKey = flags.string('secret-stdin');
  if (secretKey !== undefined) {
    if (updates.has(secretKey))
      throw new UsageError(`${secretKey} is given twice`, { code: 'invalid_setting' });
    updates.set(secretKey, await readSecret(context, secretKey));
  }
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  const profiles = { ...(config.data.profiles ?? {}) };
  const created = !Object.hasOwn(profiles, name);
  profiles[name] = { ...(profiles[name] ?? {}), ...Object.fromEntries(updates) };
  const makeDefault = flags.boolean('default');
  await saveConfig(config.path, {
    ...config.data,
    profiles,
    ...(makeDefault ? { default_profile: name } : {}),
  });

  const keys = [...updates.keys()];
  if (output.json) {
    await output.printJson({
      profile: name,
      created,
      set: keys,
      default: makeDefault || config.data.default_profile === name,
      config_path: config.path,
    });
  } else {
    const what =
      keys.length > 0
        ? `set ${keys.map((key) => (findSetting(key)?.secret ? `${key} (secret)` : key)).join(', ')}`
        : 'no settings';
    output.note(
      `${created ? 'created' : 'updated'} profile ${name}: ${what}${makeDefault ? '; now the default' : ''} (${config.path})`,
    );
  }
  return 0;
}
