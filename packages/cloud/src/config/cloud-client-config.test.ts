import { inspect } from 'node:util';
import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { CloudClientConfig } from './cloud-client-config';
import { CLOUD_API_ROOT } from './cloud-defaults';
import { SecretString } from './secret-string';

describe('CloudClientConfig', () => {
  it('accepts client credentials', () => {
    const config = new CloudClientConfig({ clientId: 'id', clientSecret: 'secret' });
    expect(config.usesClientCredentials).toBe(true);
    expect(config.usesBearerToken).toBe(false);
    expect(config.clientSecret?.reveal()).toBe('secret');
    expect(config.apiRoot).toBe(CLOUD_API_ROOT);
    expect(config.apiRoot.endsWith('/v1')).toBe(true);
  });

  it('accepts a bearer token', () => {
    const config = new CloudClientConfig({
      bearerToken: 'token',
      apiRoot: 'https://airbyte.internal/api/public/v1/',
    });
    expect(config.usesBearerToken).toBe(true);
    expect(config.usesClientCredentials).toBe(false);
    expect(config.apiRoot).toBe('https://airbyte.internal/api/public/v1');
  });

  it('refuses both methods, neither, or half of the client credentials with a ValidationError', () => {
    const attempts = [
      { clientId: 'id', clientSecret: 'secret', bearerToken: 'token' },
      { clientId: 'id', bearerToken: 'token' },
      {},
      { clientId: '', clientSecret: '', bearerToken: '' },
      { clientId: 'id' },
      { clientSecret: 'secret' },
    ];
    for (const init of attempts) {
      const error = (() => {
        try {
          new CloudClientConfig(init);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error, JSON.stringify(init)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details.length).toBeGreaterThan(0);
    }
    expect(() => new CloudClientConfig({ clientId: 'id' })).toThrow(/clientSecret are both required/);
    expect(() => new CloudClientConfig({ bearerToken: 't', clientId: 'i', clientSecret: 's' })).toThrow(
      /both/,
    );
  });

  it('refuses an API root that is not an http(s) URL', () => {
    expect(() => new CloudClientConfig({ bearerToken: 't', apiRoot: 'api.example.test/v1' })).toThrow(
      ValidationError,
    );
    expect(() => new CloudClientConfig({ bearerToken: 't', apiRoot: 'ftp://example.test/v1' })).toThrow(
      /http or https/,
    );
  });

  it('never prints its secrets', () => {
    const config = new CloudClientConfig({ clientId: 'the-id', clientSecret: 'the-secret' });
    const printed = [
      JSON.stringify(config),
      inspect(config),
      String(config.clientSecret),
      `${config.clientId}`,
      inspect(config.clientSecret),
      JSON.stringify({ nested: config.clientSecret }),
    ].join('\n');
    expect(printed).not.toContain('the-secret');
    expect(printed).not.toContain('the-id');
    expect(JSON.parse(JSON.stringify(config))).toMatchObject({
      usesClientCredentials: true,
      clientSecret: '****',
    });
  });

  describe('fromEnv', () => {
    it('uses the bearer token first, even when client credentials are set too', () => {
      const config = CloudClientConfig.fromEnv({
        env: {
          PLATFORM_CLOUD_BEARER_TOKEN: 'token',
          PLATFORM_CLOUD_CLIENT_ID: 'id',
          PLATFORM_CLOUD_CLIENT_SECRET: 'secret',
        },
      });
      expect(config.usesBearerToken).toBe(true);
      expect(config.bearerToken?.reveal()).toBe('token');
      expect(config.clientId).toBeUndefined();
    });

    it('falls back to the client credentials', () => {
      const config = CloudClientConfig.fromEnv({
        env: {
          PLATFORM_CLOUD_BEARER_TOKEN: '',
          PLATFORM_CLOUD_CLIENT_ID: 'id',
          PLATFORM_CLOUD_CLIENT_SECRET: 'secret',
        },
      });
      expect(config.usesClientCredentials).toBe(true);
      expect(config.clientId?.reveal()).toBe('id');
    });

    it('names the missing secret with PlatformSecretNotFoundError', () => {
      expect(() => CloudClientConfig.fromEnv({ env: {} })).toThrow(PlatformSecretNotFoundError);
      try {
        CloudClientConfig.fromEnv({ env: { PLATFORM_CLOUD_CLIENT_ID: 'id' } });
      } catch (error) {
        expect(error).toBeInstanceOf(PlatformSecretNotFoundError);
        expect(error).toMatchObject({ secretName: 'PLATFORM_CLOUD_CLIENT_SECRET', sources: ['environment'] });
        expect((error as Error).message).not.toContain('id');
      }
    });

    it('takes apiRoot from the argument, then PLATFORM_CLOUD_API_URL, then the default', () => {
      const env = {
        PLATFORM_CLOUD_BEARER_TOKEN: 't',
        PLATFORM_CLOUD_API_URL: 'https://env.example/api/public/v1',
      };
      expect(CloudClientConfig.fromEnv({ env, apiRoot: 'https://arg.example/v1' }).apiRoot).toBe(
        'https://arg.example/v1',
      );
      expect(CloudClientConfig.fromEnv({ env }).apiRoot).toBe('https://env.example/api/public/v1');
      expect(CloudClientConfig.fromEnv({ env: { PLATFORM_CLOUD_BEARER_TOKEN: 't' } }).apiRoot).toBe(
        CLOUD_API_ROOT,
      );
      expect(
        CloudClientConfig.fromEnv({
          env: { ...env, PLATFORM_CLOUD_CONFIG_API_URL: 'https://cfg.example/api/v1' },
        }).configApiRoot,
      ).toBe('https://cfg.example/api/v1');
    });

    it('reads process.env when no environment is given', () => {
      const saved = process.env.PLATFORM_CLOUD_BEARER_TOKEN;
      process.env.PLATFORM_CLOUD_BEARER_TOKEN = 'from-process';
      try {
        expect(CloudClientConfig.fromEnv().bearerToken?.reveal()).toBe('from-process');
      } finally {
        if (saved === undefined) delete process.env.PLATFORM_CLOUD_BEARER_TOKEN;
        else process.env.PLATFORM_CLOUD_BEARER_TOKEN = saved;
      }
    });
  });
});

describe('SecretString', () => {
  it('wraps and reveals, and treats empty as absent', () => {
    expect(SecretString.from('x')?.reveal()).toBe('x');
    expect(SecretString.from('')).toBeUndefined();
    expect(SecretString.from(undefined)).toBeUndefined();
    const secret = new SecretString('y');
    expect(SecretString.from(secret)).toBe(secret);
    expect(inspect({ secret })).toContain('SecretString(****)');
  });
});
