import { loadConfig, saveConfig } from '../../config/config-file';
import type { CommandContext } from '../../framework/command-context';
import { requireProfile } from './require-profile';

/** Runs `conduit profile unset <name> <keys...>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output } = context;
  const [name, ...keys] = context.args as [string, ...string[]];
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  const profile = { ...requireProfile(config, name) };
  const removed = keys.filter((key) => Object.hasOwn(profile, key));
  for (const key of keys) {
    if (!Object.hasOwn(profile, key)) output.warn(`profile ${name} has no ${key}`);
    delete profile[key];
  }
  if (removed.length > 0) {
    await saveConfig(config.path, { ...config.data, profiles: { ...config.data.profiles, [name]: profile } });
  }
  if (output.json) await output.printJson({ profile: name, removed, config_path: config.path });
  else if (removed.length > 0) output.note(`profile ${name}: removed ${removed.join(', ')}`);
  return 0;
}
