import type { CommandContext } from '../framework/command-context';
import type { ResolvedSetting, SettingsResolver } from './settings-resolver';

/**
 * Resolves a setting that also has a flag (`--<flag>`), with the usual precedence (flag >
 * environment > profile).
 *
 * @example
 * ```ts
 * const workspace = settingFromFlag(context, await context.settings(), 'workspace_id', 'workspace-id');
 * ```
 */
export function settingFromFlag(
  context: CommandContext,
  settings: SettingsResolver,
  key: string,
  flag: string,
): ResolvedSetting {
  return settings.get(key, { name: `--${flag}`, value: context.flags.string(flag) });
}
