import { loadConfig, saveConfig } from '../../config/config-file';
import type { CommandContext } from '../../framework/command-context';
import { requireProfile } from './require-profile';

/** Runs `conduit profile delete <name>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output } = context;
  const name = context.args[0]!;
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  requireProfile(config, name);
  const { [name]: _deleted, ...profiles } = config.data.profiles ?? {};
  const wasDefault = config.data.default_profile === name;
  const { default_profile: _default, ...rest } = config.data;
  await saveConfig(config.path, { ...(wasDefault ? rest : config.data), profiles });
  if (output.json)
    await output.printJson({ deleted: name, was_default: wasDefault, config_path: config.path });
  else output.note(`deleted profile ${name}${wasDefault ? ' (it was the default; there is none now)' : ''}`);
  return 0;
}
