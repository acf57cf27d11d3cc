import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { requireKind } from './connector-lookup';

// The hosted service's checks of each kind's configuration variables, as the connectors declare them.
const parseConnectorConfig = (type: string, config: unknown) =>
  requireKind(type).parseConfig(config) as Record<string, string | undefined>;
const upstreamBaseUrl = (type: string, config: unknown) => requireKind(type).baseUrl(config);
const SupportDeskConfigSchema = requireKind('support-desk').configSchema;
const CrmConfigSchema = requireKind('crm').configSchema;

function failure(type: string, config: unknown): ValidationError {
  try {
    parseConnectorConfig(type, config);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('requireKind(type).parseConfig', () => {
  it('takes nothing for task-management, treating an absent config as {}', () => {
    expect(parseConnectorConfig('task-management', undefined)).toEqual({});
    expect(parseConnectorConfig('task-management', null)).toEqual({});
    expect(parseConnectorConfig('task-management', {})).toEqual({});
  });

  it('requires a DNS-label subdomain for support-desk, lower-cased', () => {
    expect(parseConnectorConfig('support-desk', { subdomain: ' Acme-Support ' })).toEqual({
      subdomain: 'acme-support',
    });
    expect(SupportDeskConfigSchema.safeParse({ subdomain: 'acme' }).success).toBe(true);

    const missing = failure('support-desk', {});
    expect(missing.code).toBe('invalid_config');
    expect(missing.status).toBe(422);
    expect(missing.details).toEqual([
      { field: 'config.subdomain', message: 'config.subdomain is required', error_code: 'invalid_config' },
    ]);

    for (const subdomain of ['', '-acme', 'acme-', 'ac_me', 'a'.repeat(64), 'acme!', 5]) {
      expect(failure('support-desk', { subdomain }).details).toEqual([
        expect.objectContaining({ field: 'config.subdomain', error_code: 'invalid_config' }),
      ]);
    }
    expect(failure('support-desk', { subdomain: 'acme.zendesk.com' }).details[0]!.message).toContain(
      'give only the subdomain',
    );
    expect(parseConnectorConfig('support-desk', { subdomain: 'a'.repeat(63) }).subdomain).toHaveLength(63);
  });

  it('defaults the CRM instance URL to the generic login URL and normalizes it', () => {
    expect(parseConnectorConfig('crm', {})).toEqual({ instance_url: 'https://login.salesforce.com' });
    expect(parseConnectorConfig('crm', { instance_url: 'https://Acme.my.salesforce.com/' })).toEqual({
      instance_url: 'https://acme.my.salesforce.com',
    });
    expect(CrmConfigSchema.parse({}).instance_url).toBe('https://login.salesforce.com');
  });

  it.each([
    ['http://acme.my.salesforce.com', /must use https/],
    ['acme.my.salesforce.com', /absolute https URL/],
    ['https://user:pw@acme.my.salesforce.com', /user name or password/],
    ['https://acme.my.salesforce.com?x=1', /query or fragment/],
  ])('refuses the CRM instance URL %j', (instance_url, message) => {
    const error = failure('crm', { instance_url });
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'config.instance_url', error_code: 'invalid_config' }),
    ]);
    expect(error.details[0]!.message).toMatch(message);
  });

  it('accepts an http or https base_url for every kind', () => {
    expect(parseConnectorConfig('task-management', { base_url: 'http://127.0.0.1:4010/api/1.0/' })).toEqual({
      base_url: 'http://127.0.0.1:4010/api/1.0',
    });
    expect(
      parseConnectorConfig('support-desk', { subdomain: 'acme', base_url: 'https://proxy.test' }),
    ).toEqual({
      subdomain: 'acme',
      base_url: 'https://proxy.test',
    });
    expect(parseConnectorConfig('crm', { base_url: 'https://proxy.test/sf' }).base_url).toBe(
      'https://proxy.test/sf',
    );
    for (const base_url of ['ftp://proxy.test', 'file:///etc/passwd', 'proxy', '', 42]) {
      expect(failure('task-management', { base_url }).details).toEqual([
        expect.objectContaining({ field: 'config.base_url', error_code: 'invalid_config' }),
      ]);
    }
  });

  it('refuses unknown variables, naming those of the kind', () => {
    const error = failure('task-management', { workspace: '1' });
    expect(error.details).toEqual([
      {
        field: 'config.workspace',
        message: 'unknown configuration variable "workspace"; task-management takes base_url',
        error_code: 'invalid_config',
      },
    ]);
  });

  it('collects every fault, and refuses a config that is not an object', () => {
    expect(
      failure('support-desk', { subdomain: '-', base_url: 'x', extra: 1 }).details.map((d) => d.field),
    ).toEqual(['config.subdomain', 'config.base_url', 'config.extra']);
    expect(failure('crm', 'https://acme.my.salesforce.com').details).toEqual([
      expect.objectContaining({ field: 'config', error_code: 'invalid_config' }),
    ]);
  });
});

describe('requireKind(type).baseUrl', () => {
  it('builds each kind’s upstream address', () => {
    expect(upstreamBaseUrl('task-management', {})).toBe('https://app.asana.com/api/1.0');
    expect(upstreamBaseUrl('task-management', undefined)).toBe('https://app.asana.com/api/1.0');
    expect(upstreamBaseUrl('support-desk', { subdomain: 'acme' })).toBe('https://acme.zendesk.com/api/v2');
    expect(upstreamBaseUrl('crm', {})).toBe('https://login.salesforce.com');
    expect(upstreamBaseUrl('crm', { instance_url: 'https://acme.my.salesforce.com/' })).toBe(
      'https://acme.my.salesforce.com',
    );
  });

  it('lets base_url win', () => {
    expect(upstreamBaseUrl('task-management', { base_url: 'http://127.0.0.1:4010/' })).toBe(
      'http://127.0.0.1:4010',
    );
    expect(
      upstreamBaseUrl('support-desk', { subdomain: 'acme', base_url: 'http://localhost:9000/api/v2' }),
    ).toBe('http://localhost:9000/api/v2');
    expect(
      upstreamBaseUrl('crm', { instance_url: 'https://acme.my.salesforce.com', base_url: 'http://sim.test' }),
    ).toBe('http://sim.test');
  });

  it('validates the config first', () => {
    expect(() => upstreamBaseUrl('support-desk', {})).toThrow(ValidationError);
  });
});
