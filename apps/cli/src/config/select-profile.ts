import type { ConfigData } from './config-file';

/** The profile chosen for a run and how it was chosen. */
export interface ProfileChoice {
  readonly name: string;
  /** `env CONDUIT_PROFILE`, `flag --profile`, `config default_profile` or `config default`. */
  readonly source: { readonly kind: 'env' | 'flag' | 'config'; readonly name: string };
}

/**
 * Which profile a run uses, by the same precedence as every setting: `--profile`, then
 * `CONDUIT_PROFILE`, then the config file's `default_profile`, then a profile named `default`. Whether
 * the chosen profile exists is for the caller to check.
 *
 * @example
 * ```ts
 * selectProfile({ CONDUIT_PROFILE: 'ci' }, 'work', { default_profile: 'home' })?.name; // 'work'
 * ```
 */
export function selectProfile(
  env: Readonly<Record<string, string | undefined>>,
  profileFlag: string | undefined,
  data: ConfigData,
): ProfileChoice | undefined {
  if (profileFlag !== undefined && profileFlag !== '')
    return { name: profileFlag, source: { kind: 'flag', name: '--profile' } };
  const fromEnv = env.CONDUIT_PROFILE;
  if (fromEnv !== undefined && fromEnv !== '')
    return { name: fromEnv, source: { kind: 'env', name: 'CONDUIT_PROFILE' } };
  if (data.default_profile !== undefined) {
    return { name: data.default_profile, source: { kind: 'config', name: 'default_profile' } };
  }
  if (data.profiles && Object.hasOwn(data.profiles, 'default')) {
    return { name: 'default', source: { kind: 'config', name: 'default' } };
  }
  return undefined;
}
