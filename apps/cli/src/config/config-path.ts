import { isAbsolute, join, resolve } from 'node:path';

/**
 * Where the config file lives: `$CONDUIT_CONFIG` when set, else
 * `$XDG_CONFIG_HOME/conduit/config.json`, else `~/.config/conduit/config.json`. A relative
 * `XDG_CONFIG_HOME` is ignored, as the XDG base directory specification asks.
 *
 * @example
 * ```ts
 * configFilePath({ XDG_CONFIG_HOME: '/x' }, '/home/ada'); // '/x/conduit/config.json'
 * ```
 */
export function configFilePath(
  env: Readonly<Record<string, string | undefined>>,
  homeDirectory: string,
): string {
  const explicit = env.CONDUIT_CONFIG;
  if (explicit !== undefined && explicit !== '') return resolve(explicit);
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && xdg !== '' && isAbsolute(xdg) ? xdg : join(homeDirectory, '.config');
  return join(base, 'conduit', 'config.json');
}
