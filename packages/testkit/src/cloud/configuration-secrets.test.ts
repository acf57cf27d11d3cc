import { describe, expect, it } from 'vitest';
import {
  maskConfiguration,
  maskedSecret,
  mergeConfiguration,
  replaceConfiguration,
} from './configuration-secrets';

describe('maskConfiguration', () => {
  it('masks declared paths and secret-looking leaf keys', () => {
    const masked = maskConfiguration(
      {
        host: 'h',
        password: 'p',
        tunnel_method: { ssh_key: 'k', tunnel_host: 't' },
        credentials: { api_key: 'a' },
      },
      ['password', 'tunnel_method.ssh_key'],
    );
    expect(masked).toEqual({
      host: 'h',
      password: maskedSecret,
      tunnel_method: { ssh_key: maskedSecret, tunnel_host: 't' },
      credentials: { api_key: maskedSecret },
    });
  });
});

describe('mergeConfiguration', () => {
  it('deep-merges objects, replaces other values and keeps secrets sent back masked', () => {
    const merged = mergeConfiguration(
      { host: 'a', password: 'p', ssl_mode: { mode: 'require', ca: 'x' }, list: [1, 2] },
      { host: 'b', password: maskedSecret, ssl_mode: { mode: 'disable' }, list: [3] },
    );
    expect(merged).toEqual({ host: 'b', password: 'p', ssl_mode: { mode: 'disable', ca: 'x' }, list: [3] });
  });
});

describe('replaceConfiguration', () => {
  it('drops fields not sent but keeps masked secrets', () => {
    expect(
      replaceConfiguration({ host: 'a', password: 'p', port: 1 }, { password: maskedSecret, host: 'b' }),
    ).toEqual({
      password: 'p',
      host: 'b',
    });
  });
});
