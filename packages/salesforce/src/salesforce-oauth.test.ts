import { describe, expect, it } from 'vitest';
import { salesforceModule } from './salesforce-module';

const oauth = salesforceModule.oauth!;
const tokens = (instanceUrl?: string) => ({
  accessToken: '00D!AQ',
  refreshToken: '5Aep861r',
  ...(instanceUrl === undefined ? {} : { extra: { instance_url: instanceUrl, issued_at: '1' } }),
});

describe('the Salesforce OAuth declaration (CRM reference §3)', () => {
  it('signs in on the configured login host: production, sandbox or My Domain', () => {
    for (const host of [
      'https://login.salesforce.com',
      'https://test.salesforce.com',
      'https://acme.my.salesforce.com',
    ]) {
      const config = salesforceModule.connectorKind.parseConfig({ instance_url: host });
      const target = { baseUrl: salesforceModule.baseUrl(config), config };
      expect(oauth.authorizeUrl(target)).toBe(`${host}/services/oauth2/authorize`);
      expect(oauth.tokenUrl(target)).toBe(`${host}/services/oauth2/token`);
    }
    expect(oauth.scopes).toEqual(['api', 'refresh_token']);
  });

  it('stores the refresh token with the operator’s client, which the credentials parser accepts', () => {
    const credentials = oauth.credentials(tokens(), { clientId: 'key', clientSecret: 'secret' });
    expect(salesforceModule.parseCredentials(credentials)).toEqual({
      refresh_token: '5Aep861r',
      client_id: 'key',
      client_secret: 'secret',
      access_token: '00D!AQ',
    });
  });

  it('takes the org host of the token response as instance_url, still subject to the config rules', () => {
    const config = oauth.config!(tokens('https://acme.my.salesforce.com'), {
      instance_url: 'https://login.salesforce.com',
    });
    expect(salesforceModule.connectorKind.parseConfig(config)).toEqual({
      instance_url: 'https://acme.my.salesforce.com',
    });
    // An answer that is not an https URL fails validation when the connector is saved.
    const plain = oauth.config!(tokens('http://acme.my.salesforce.com'), {});
    expect(() => salesforceModule.connectorKind.parseConfig(plain)).toThrow(/instance_url/);
  });

  it('leaves the config alone under a base_url override or without an instance_url', () => {
    const overridden = { instance_url: 'https://login.salesforce.com', base_url: 'http://127.0.0.1:9' };
    expect(oauth.config!(tokens('http://127.0.0.1:10'), overridden)).toEqual(overridden);
    expect(oauth.config!(tokens(), { instance_url: 'https://test.salesforce.com' })).toEqual({
      instance_url: 'https://test.salesforce.com',
    });
  });
});
