import { AuthenticationError, ServerError } from '@conduit/protocol';
import { startTestServer } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { namingCredentialSettings } from './credential-settings-error';
import { HostedClient } from './hosted-client';

const refusal = 'client_id or client_secret is wrong';

describe('a refused client id or secret', () => {
  it('names the options and environment variables to fix', async () => {
    await using service = await startTestServer({
      'POST /api/v1/account/applications/token': {
        status: 401,
        json: { message: refusal, errors: [{ message: refusal, error_code: 'invalid_client' }] },
      },
    });
    const client = new HostedClient({
      baseUrl: service.url,
      platformClientId: 'app-1',
      platformClientSecret: 'wrong',
      externalUserId: 'user-1',
      retry: false,
    });

    const error = await client.listConnectors().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_client',
      message: `${refusal}: check platformClientId and platformClientSecret (CONDUIT_CLIENT_ID, CONDUIT_CLIENT_SECRET)`,
      details: [
        { field: 'platformClientId', error_code: 'invalid_client' },
        { field: 'platformClientSecret', error_code: 'invalid_client' },
      ],
    });
  });

  it('leaves other errors as they are', () => {
    const outage = new ServerError('down', { status: 503 });
    expect(namingCredentialSettings(outage)).toBe(outage);
  });
});
