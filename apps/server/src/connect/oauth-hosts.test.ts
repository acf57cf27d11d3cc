import { connectorRegistry } from '@conduit/connectors/loaded';
import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../extensions/server-services';
import { assertOAuthHost, OAUTH_HOST_NOT_ALLOWED, oauthConfigAfterExchange } from './oauth-hosts';

const salesforce = connectorRegistry.forKind('crm')!;
const asana = connectorRegistry.forKind('task-management')!;
const config = (extra: Partial<AppConfig> = {}) => ({ ...extra }) as AppConfig;

function refusal(run: () => unknown): ValidationError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  return undefined;
}

describe('the OAuth hosts an operator’s client may reach (issue 28, finding 1)', () => {
  it.each([
    'https://login.salesforce.com/services/oauth2/token',
    'https://test.salesforce.com/services/oauth2/token',
    'https://acme.my.salesforce.com/services/oauth2/token',
    'https://acme--uat.sandbox.my.salesforce.com/services/oauth2/token',
  ])('Salesforce: %s passes', (url) => {
    expect(refusal(() => assertOAuthHost(salesforce, config(), url, 'config.instance_url'))).toBeUndefined();
  });

  it.each([
    'https://attacker.example/services/oauth2/token',
    'https://my.salesforce.com.attacker.example/services/oauth2/token',
    'https://evilmy.salesforce.com/services/oauth2/token',
    'http://acme.my.salesforce.com/services/oauth2/token',
    'https://app.asana.com/-/oauth_token',
  ])('Salesforce: %s is refused, naming the field', (url) => {
    const error = refusal(() => assertOAuthHost(salesforce, config(), url, 'config.instance_url'));
    expect(error?.code).toBe(OAUTH_HOST_NOT_ALLOWED);
    expect(error?.details[0]).toMatchObject({ field: 'config.instance_url' });
  });

  it('the operator list adds hosts; the operator’s own API root of the kind passes', () => {
    const url = 'https://crm.internal.example/services/oauth2/token';
    expect(refusal(() => assertOAuthHost(salesforce, config(), url, 'f'))?.code).toBe(OAUTH_HOST_NOT_ALLOWED);
    expect(
      refusal(() =>
        assertOAuthHost(salesforce, config({ oauthHostsAllow: ['crm.internal.example'] }), url, 'f'),
      ),
    ).toBeUndefined();
    const operator = config({ upstreamBaseUrls: { 'task-management': 'http://127.0.0.1:4010/api/1.0' } });
    expect(
      refusal(() => assertOAuthHost(asana, operator, 'http://127.0.0.1:4010/-/oauth_token', 'f')),
    ).toBeUndefined();
    // Another port of the same address is not the operator's.
    expect(
      refusal(() => assertOAuthHost(asana, operator, 'http://127.0.0.1:4011/-/oauth_token', 'f'))?.code,
    ).toBe(OAUTH_HOST_NOT_ALLOWED);
  });

  it('holds a token response’s instance_url to the same hosts', () => {
    const tokens = (instanceUrl: string) => ({
      accessToken: 'a',
      refreshToken: 'r',
      extra: { instance_url: instanceUrl },
    });
    const given = { instance_url: 'https://login.salesforce.com' };
    expect(
      oauthConfigAfterExchange(salesforce, config(), tokens('https://acme.my.salesforce.com'), given),
    ).toEqual({ instance_url: 'https://acme.my.salesforce.com' });
    for (const hostile of ['https://attacker.example', 'http://acme.my.salesforce.com', 'not a url']) {
      const error = refusal(() => oauthConfigAfterExchange(salesforce, config(), tokens(hostile), given));
      expect(error?.code, hostile).toBe(OAUTH_HOST_NOT_ALLOWED);
      expect(error?.details[0]).toMatchObject({ field: 'instance_url' });
    }
  });
});
