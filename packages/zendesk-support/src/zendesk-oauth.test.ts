import { describe, expect, it } from 'vitest';
import { zendeskSupportModule } from './zendesk-module';

const oauth = zendeskSupportModule.oauth!;

describe('the Zendesk OAuth declaration (support-desk reference §3.1)', () => {
  it('derives the consent and token endpoints from the subdomain, and sends JSON to the token endpoint', () => {
    const config = zendeskSupportModule.connectorKind.parseConfig({ subdomain: 'Acme' });
    const target = { baseUrl: zendeskSupportModule.baseUrl(config), config };
    expect(oauth.authorizeUrl(target)).toBe('https://acme.zendesk.com/oauth/authorizations/new');
    expect(oauth.tokenUrl(target)).toBe('https://acme.zendesk.com/oauth/tokens');
    expect(oauth.bodyEncoding).toBe('json');
    expect(oauth.scopes).toEqual(['read']);
  });

  it('stores the access token, and the refresh token when Zendesk issues one', () => {
    const client = { clientId: 'c', clientSecret: 's' };
    const both = oauth.credentials({ accessToken: 'a', refreshToken: 'r' }, client);
    expect(zendeskSupportModule.parseCredentials(both)).toEqual({ access_token: 'a', refresh_token: 'r' });
    // A legacy client gets no refresh token (reference §3.2).
    expect(oauth.credentials({ accessToken: 'a' }, client)).toEqual({ access_token: 'a' });
  });
});
