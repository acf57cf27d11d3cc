import { describe, expect, it, vi } from 'vitest';
import { UsageError } from '../framework/usage-error';
import type { ConfigData, LoadedConfig } from './config-file';
import { selectProfile } from './select-profile';
import { SETTINGS } from './settings';
import { SettingsResolver } from './settings-resolver';

function config(data: ConfigData, secretsUsable = true): LoadedConfig {
  return {
    path: '/home/ada/.config/conduit/config.json',
    exists: true,
    data,
    secretsUsable,
    mode: secretsUsable ? 0o600 : 0o644,
  };
}

const profiles = {
  work: { asana_base_url: 'http://profile.test', asana_token: 'profile-token' },
  home: { asana_base_url: 'http://home.test' },
};

function resolver(options: {
  env?: Record<string, string>;
  flag?: string;
  data?: ConfigData;
  secretsUsable?: boolean;
  onWarning?: (m: string) => void;
}) {
  return new SettingsResolver({
    env: options.env ?? {},
    config: config(options.data ?? { default_profile: 'work', profiles }, options.secretsUsable),
    profileFlag: options.flag,
    onWarning: options.onWarning ?? (() => {}),
  });
}

describe('SettingsResolver precedence: flag > env > profile', () => {
  const flag = { name: '--base-url', value: 'http://flag.test' };

  it('takes a flag over the environment and the profile, and says what it overrode', () => {
    const resolved = resolver({ env: { ASANA_BASE_URL: 'http://env.test' } }).get('asana_base_url', flag);
    expect(resolved.value).toBe('http://flag.test');
    expect(resolved.source).toEqual({ kind: 'flag', name: '--base-url' });
    expect(resolved.shadowed).toEqual([
      { kind: 'env', name: 'ASANA_BASE_URL' },
      { kind: 'profile', name: 'work' },
    ]);
  });

  it('takes the environment over the profile when no flag is given', () => {
    const resolved = resolver({ env: { ASANA_BASE_URL: 'http://env.test' } }).get('asana_base_url', {
      name: '--base-url',
      value: undefined,
    });
    expect(resolved).toMatchObject({
      value: 'http://env.test',
      source: { kind: 'env', name: 'ASANA_BASE_URL' },
    });
  });

  it('takes a flag over the profile', () => {
    const resolved = resolver({}).get('asana_base_url', flag);
    expect(resolved).toMatchObject({
      value: 'http://flag.test',
      source: { kind: 'flag', name: '--base-url' },
    });
  });

  it('falls back to the profile, then to nothing', () => {
    expect(resolver({}).get('asana_base_url')).toMatchObject({
      value: 'http://profile.test',
      source: { kind: 'profile', name: 'work' },
    });
    expect(resolver({}).get('workspace_id')).toEqual({
      key: 'workspace_id',
      value: undefined,
      source: undefined,
      shadowed: [],
    });
  });

  it('treats empty values as unset', () => {
    const resolved = resolver({ env: { ASANA_BASE_URL: '' } }).get('asana_base_url', {
      name: '--base-url',
      value: '',
    });
    expect(resolved.source).toEqual({ kind: 'profile', name: 'work' });
  });

  it('chooses the profile with the same precedence: --profile > CONDUIT_PROFILE > default', () => {
    expect(resolver({ env: { CONDUIT_PROFILE: 'work' }, flag: 'home' }).value('asana_base_url')).toBe(
      'http://home.test',
    );
    expect(resolver({ env: { CONDUIT_PROFILE: 'home' } }).value('asana_base_url')).toBe('http://home.test');
    expect(resolver({ flag: 'home' }).value('asana_base_url')).toBe('http://home.test');
    expect(resolver({}).profileName).toBe('work');
    expect(resolver({ data: { profiles } }).profileName).toBeUndefined();
    expect(resolver({ data: { profiles: { default: { client_id: 'd' } } } }).value('client_id')).toBe('d');
  });

  it('refuses a profile that does not exist, naming where the name came from', () => {
    expect(() => resolver({ flag: 'nope' })).toThrow(UsageError);
    expect(() => resolver({ env: { CONDUIT_PROFILE: 'nope' } })).toThrow(
      'profile "nope" (from env CONDUIT_PROFILE) is not in',
    );
  });

  it('ignores the secrets of a file other users can read, and says so once', () => {
    const onWarning = vi.fn();
    const settings = resolver({ secretsUsable: false, onWarning });
    expect(settings.value('asana_token')).toBeUndefined();
    expect(settings.value('asana_token')).toBeUndefined();
    expect(settings.value('asana_base_url')).toBe('http://profile.test');
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onWarning.mock.calls[0]![0]).toContain('chmod 600');
  });

  it('describes every set value for --debug with secrets redacted', () => {
    const described = resolver({ env: { ASANA_TOKEN: 'env-token-value' } }).describe();
    expect(described).toContainEqual({ key: 'asana_token', value: '[REDACTED]', source: 'env ASANA_TOKEN' });
    expect(described).toContainEqual({
      key: 'asana_base_url',
      value: 'http://profile.test',
      source: 'profile work',
    });
    expect(JSON.stringify(described)).not.toContain('env-token-value');
  });

  it('rejects an unknown setting key as a programming error', () => {
    expect(() => resolver({}).get('no_such_setting')).toThrow('unknown setting no_such_setting');
  });
});

describe('selectProfile', () => {
  it('returns no profile when nothing names one', () => {
    expect(selectProfile({}, undefined, {})).toBeUndefined();
    expect(selectProfile({}, undefined, { default_profile: 'x' })).toEqual({
      name: 'x',
      source: { kind: 'config', name: 'default_profile' },
    });
  });
});

describe('SETTINGS', () => {
  it('has unique keys and environment variables, all in snake case', () => {
    const keys = SETTINGS.map((setting) => setting.key);
    expect(new Set(keys).size).toBe(keys.length);
    const envs = SETTINGS.flatMap((setting) => setting.env);
    expect(new Set(envs).size).toBe(envs.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
