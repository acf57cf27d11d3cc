import { REDACTED } from '@conduit/protocol';
import { UsageError } from '../framework/usage-error';
import type { LoadedConfig } from './config-file';
import { type ProfileChoice, selectProfile } from './select-profile';
import { findSetting, SETTINGS, type SettingDefinition } from './settings';

/** Where a setting's value came from. */
export type SettingSource =
  | { readonly kind: 'env'; readonly name: string }
  | { readonly kind: 'flag'; readonly name: string }
  | { readonly kind: 'profile'; readonly name: string };

/** A setting's value, its source, and the lower-precedence sources it overrode. */
export interface ResolvedSetting {
  readonly key: string;
  readonly value: string | undefined;
  readonly source: SettingSource | undefined;
  readonly shadowed: readonly SettingSource[];
}

/** A flag that offers a setting on the command line, as a command passes it in. */
export interface SettingFlag {
  /** As written in messages: `--base-url`. */
  readonly name: string;
  readonly value: string | undefined;
}

/** The inputs of a resolver. */
export interface SettingsResolverOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly config: LoadedConfig;
  /** `--profile NAME`, when given. */
  readonly profileFlag: string | undefined;
  /** Told once when secrets of the profile are ignored because the file is not private. */
  readonly onWarning: (message: string) => void;
  /** The settings there are (those of the CLI's connectors and the general ones). Default `SETTINGS`. */
  readonly definitions?: readonly SettingDefinition[];
}

/**
 * Describes a source for people: `env EXAMPLE_TOKEN`, `flag --base-url`, `profile work`.
 *
 * @example
 * ```ts
 * describeSource({ kind: 'env', name: 'EXAMPLE_TOKEN' }); // 'env EXAMPLE_TOKEN'
 * ```
 */
export function describeSource(source: SettingSource): string {
  return `${source.kind} ${source.name}`;
}

function present(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * Resolves settings with the documented precedence: **flag > environment > profile**, as gh,
 * aws and kubectl do: what is typed for this one run beats what the shell exports for every run.
 * The profile is chosen the same way: `--profile`, then `CONDUIT_PROFILE`, then the config file's
 * `default_profile`, then a profile named `default` if there is one.
 *
 * @example
 * ```ts
 * const settings = new SettingsResolver({ env, config, profileFlag: undefined, onWarning: console.warn });
 * settings.get('example_base_url', { name: '--base-url', value: flags.string('base-url') }).value;
 * ```
 */
export class SettingsResolver {
  /** The profile in use, if any. */
  readonly profileName: string | undefined;
  /** How the profile was chosen. */
  readonly profileSource: ProfileChoice['source'] | undefined;
  readonly config: LoadedConfig;
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #profile: Readonly<Record<string, string>>;
  readonly #onWarning: (message: string) => void;
  readonly #definitions: readonly SettingDefinition[];
  #warnedInsecure = false;

  constructor(options: SettingsResolverOptions) {
    this.config = options.config;
    this.#env = options.env;
    this.#onWarning = options.onWarning;
    this.#definitions = options.definitions ?? SETTINGS;
    const profiles = options.config.data.profiles ?? {};
    const chosen = selectProfile(options.env, options.profileFlag, options.config.data);
    if (chosen && !Object.hasOwn(profiles, chosen.name)) {
      const known = Object.keys(profiles);
      throw new UsageError(
        `profile "${chosen.name}" (from ${chosen.source.kind} ${chosen.source.name}) is not in ${options.config.path}`,
        {
          code: 'unknown_profile',
          hint:
            known.length > 0
              ? `profiles: ${known.join(', ')}`
              : 'create it with: conduit profile set NAME KEY=VALUE',
        },
      );
    }
    this.profileName = chosen?.name;
    this.profileSource = chosen?.source;
    this.#profile = chosen ? profiles[chosen.name]! : {};
  }

  /** The definition of a setting among the resolver's, or `undefined` for an unknown key. */
  definition(key: string): SettingDefinition | undefined {
    return findSetting(key, this.#definitions);
  }

  /**
   * Resolves one setting. `flag` is the command's flag for it, if it has one.
   *
   * @throws Error for a key not among the resolver's settings (a programming error).
   */
  get(key: string, flag?: SettingFlag): ResolvedSetting {
    const definition = this.definition(key);
    if (!definition) throw new Error(`unknown setting ${key}`);
    const candidates: { source: SettingSource; value: string }[] = [];
    if (flag && present(flag.value))
      candidates.push({ source: { kind: 'flag', name: flag.name }, value: flag.value });
    for (const name of definition.env) {
      const value = this.#env[name];
      if (present(value)) candidates.push({ source: { kind: 'env', name }, value });
    }
    const fromProfile = [key, ...(definition.formerKeys ?? [])]
      .map((name) => this.#profile[name])
      .find(present);
    if (this.profileName !== undefined && present(fromProfile)) {
      if (definition.secret && !this.config.secretsUsable) {
        this.#warnInsecure();
      } else {
        candidates.push({ source: { kind: 'profile', name: this.profileName }, value: fromProfile });
      }
    }
    const [winner, ...rest] = candidates;
    return {
      key,
      value: winner?.value,
      source: winner?.source,
      shadowed: rest.map((candidate) => candidate.source),
    };
  }

  /** Shorthand for `get(key, flag).value`. */
  value(key: string, flag?: SettingFlag): string | undefined {
    return this.get(key, flag).value;
  }

  #warnInsecure(): void {
    if (this.#warnedInsecure) return;
    this.#warnedInsecure = true;
    const mode =
      this.config.mode === undefined ? '' : ` (mode ${this.config.mode.toString(8).padStart(4, '0')})`;
    this.#onWarning(
      `ignoring the secrets of profile "${this.profileName}": ${this.config.path} is accessible to other users${mode}; run: chmod 600 ${this.config.path}`,
    );
  }

  /** Every setting that has a value, with its source, secrets shown as `[REDACTED]`: for `--debug`. */
  describe(): { key: string; value: string; source: string }[] {
    const result: { key: string; value: string; source: string }[] = [];
    for (const definition of this.#definitions) {
      const resolved = this.get(definition.key);
      if (resolved.value === undefined || !resolved.source) continue;
      result.push({
        key: definition.key,
        value: definition.secret ? REDACTED : resolved.value,
        source: describeSource(resolved.source),
      });
    }
    return result;
  }
}
