import type { LoadedConfig } from '../../config/config-file';
import { PROFILE_NAME_PATTERN } from '../../config/config-file';
import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';

/**
 * The profile of that name in the config, or a usage error listing those there are.
 *
 * @example
 * ```ts
 * const profile = requireProfile(config, 'work');
 * ```
 */
export function requireProfile(config: LoadedConfig, name: string): Record<string, string> {
  const profiles = config.data.profiles ?? {};
  if (Object.hasOwn(profiles, name)) return profiles[name]!;
  const known = Object.keys(profiles);
  throw new UsageError(`no profile "${name}" in ${config.path}`, {
    code: 'unknown_profile',
    hint:
      didYouMean(name, known) ??
      (known.length > 0
        ? `profiles: ${known.join(', ')}`
        : 'create one with: conduit profile set NAME KEY=VALUE'),
  });
}

/** Refuses a profile name that is not letters, digits, `_`, `.` and `-` (64 at most). */
export function checkProfileName(name: string): string {
  if (!PROFILE_NAME_PATTERN.test(name)) {
    throw new UsageError(`invalid profile name "${name}": use letters, digits, _, . and - (64 at most)`, {
      code: 'invalid_profile_name',
    });
  }
  return name;
}
