import { loadConfig } from '../../config/config-file';
import { selectProfile } from '../../config/select-profile';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { formatKeyValues } from '../../output/key-value';
import { sanitizeForTerminal } from '../../output/text-width';
import { redactProfile } from './profile-view';
import { requireProfile } from './require-profile';

/** Runs `conduit profile show [name]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output } = context;
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  const name = context.args[0] ?? selectProfile(runtime.env, context.global.profile, config.data)?.name;
  if (name === undefined) {
    throw new UsageError(`no active profile in ${config.path}`, {
      code: 'no_profile',
      hint: 'name one, or set a default with: conduit profile use NAME',
    });
  }
  const settings = redactProfile(requireProfile(config, name));
  if (output.json) {
    await output.printJson({
      name,
      config_path: config.path,
      default: config.data.default_profile === name,
      settings,
    });
    return 0;
  }
  await output.print(`${output.style.bold(name)}${config.data.default_profile === name ? ' (default)' : ''}`);
  await output.write(
    formatKeyValues(
      Object.entries(settings).map(([key, value]) => [key, sanitizeForTerminal(value)]),
      output.style,
    ),
  );
  output.note(output.errorStyle.dim(`config: ${config.path}`));
  return 0;
}
