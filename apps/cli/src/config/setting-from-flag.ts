import type { CommandContext } from '../framework/command-context';
import type { ResolvedSetting, SettingsResolver } from './settings-resolver';

/**
 * Resolves a setting that also has a flag (`--<flag>`), with the usual precedence, and warns when
 * the flag was given but the environment wins, so a user is never silently overridden.
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
  const resolved = settings.get(key, { name: `--${flag}`, value: context.flags.string(flag) });
  if (resolved.source?.kind === 'env' && context.flags.has(flag)) {
    context.output.warn(
      `--${flag} is ignored: ${resolved.source.name} is set in the environment and takes precedence`,
    );
  }
  return resolved;
}
