import { loadConfig } from '../../config/config-file';
import { selectProfile } from '../../config/select-profile';
import type { CommandContext } from '../../framework/command-context';
import { formatTable } from '../../output/table';
import { redactProfile } from './profile-view';

/** Runs `conduit profile list`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { runtime, output } = context;
  const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
  const profiles = Object.entries(config.data.profiles ?? {});
  const active = selectProfile(runtime.env, context.global.profile, config.data)?.name;
  if (output.json) {
    await output.printJson({
      config_path: config.path,
      default_profile: config.data.default_profile ?? null,
      active_profile: active ?? null,
      profiles: profiles.map(([name, settings]) => ({
        name,
        default: name === config.data.default_profile,
        active: name === active,
        settings: redactProfile(settings),
      })),
    });
    return 0;
  }
  if (profiles.length === 0) {
    output.note(`no profiles in ${config.path}; create one with: conduit profile set NAME KEY=VALUE`);
    return 0;
  }
  await output.write(
    formatTable(
      [{ header: 'NAME' }, { header: 'ACTIVE' }, { header: 'SETTINGS' }],
      profiles.map(([name, settings]) => [
        name,
        name === active ? '*' : '',
        Object.keys(settings).join(', '),
      ]),
      { style: output.style },
    ),
  );
  output.note(output.errorStyle.dim(`config: ${config.path}`));
  return 0;
}
