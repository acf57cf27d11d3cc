import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './parse-flags';

describe('parseCommandLine', () => {
  it('maps flags onto their variables and defaults to serve', () => {
    expect(parseCommandLine(['--port', '9000', '--host=0.0.0.0', '--allow-upstream-override'])).toEqual({
      command: 'serve',
      env: { CONDUIT_PORT: '9000', CONDUIT_HOST: '0.0.0.0', CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1' },
      help: false,
      version: false,
    });
    expect(parseCommandLine(['rotate-keys', '--data-dir', '/d', '--rate-limit=5/1s']).env).toEqual({
      CONDUIT_DATA_DIR: '/d',
      CONDUIT_RATE_LIMIT: '5/1s',
    });
    expect(parseCommandLine(['-h']).help).toBe(true);
    expect(parseCommandLine(['--version']).version).toBe(true);
  });

  it('refuses unknown flags, missing values and secrets in argv', () => {
    expect(() => parseCommandLine(['--port'])).toThrow('--port needs a value');
    expect(() => parseCommandLine(['--port', '--host', 'x'])).toThrow('--port needs a value');
    expect(() => parseCommandLine(['--allow-upstream-override=1'])).toThrow('takes no value');
    expect(() => parseCommandLine(['--encryption-key', 'x'])).toThrow('unknown flag --encryption-key');
    expect(() => parseCommandLine(['serve', 'extra'])).toThrow('unexpected argument "extra"');
  });
});
