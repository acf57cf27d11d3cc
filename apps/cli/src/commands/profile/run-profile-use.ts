import { loadConfig, saveConfig } from '../../config/config-file';
import type { CommandContext } from '../../framework/command-context';
import { requireProfile } from './require-profile';

/** Runs `conduit profile use <name>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output } = context;
  const name = context.args[0]!;
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  requireProfile(config, name);
  await saveConfig(config.path, { ...config.data, default_profile: name });
  if (output.json) await output.printJson({ default_profile: name, config_path: config.path });
  else output.note(`profile ${name} is now the default`);
  if (runtime.env.CONDUIT_PROFILE)
    output.warn(`CONDUIT_PROFILE=${runtime.env.CONDUIT_PROFILE} is set and takes precedence`);
  return 0;
}
