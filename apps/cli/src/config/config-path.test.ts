import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFilePath } from './config-path';

describe('configFilePath', () => {
  it('uses CONDUIT_CONFIG first', () => {
    expect(configFilePath({ CONDUIT_CONFIG: '/etc/conduit.json', XDG_CONFIG_HOME: '/x' }, '/home/ada')).toBe(
      '/etc/conduit.json',
    );
    expect(configFilePath({ CONDUIT_CONFIG: 'relative.json' }, '/home/ada')).toBe(resolve('relative.json'));
  });

  it('then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: '/x' }, '/home/ada')).toBe(join('/x', 'conduit', 'config.json'));
    expect(configFilePath({}, '/home/ada')).toBe(join('/home/ada', '.config', 'conduit', 'config.json'));
  });

  it('ignores an empty or relative XDG_CONFIG_HOME, as the XDG specification asks', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: '' }, '/home/ada')).toBe(
      join('/home/ada', '.config', 'conduit', 'config.json'),
    );
    expect(configFilePath({ XDG_CONFIG_HOME: 'rel' }, '/home/ada')).toBe(
      join('/home/ada', '.config', 'conduit', 'config.json'),
    );
    expect(configFilePath({ CONDUIT_CONFIG: '' }, '/home/ada')).toBe(
      join('/home/ada', '.config', 'conduit', 'config.json'),
    );
  });
});
