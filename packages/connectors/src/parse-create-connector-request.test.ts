import { parseCreateConnectorRequest as parseWithKinds, ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_KINDS } from './connector-lookup';

// Protocol's generic check of a create body, over the registry's kinds.
const parseCreateConnectorRequest = (body: unknown, options: { allowUpstreamOverride?: boolean } = {}) =>
  parseWithKinds(body, { kinds: CONNECTOR_KINDS, ...options });

function failure(body: unknown, options?: { allowUpstreamOverride?: boolean }): ValidationError {
  try {
    parseCreateConnectorRequest(body, options);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('parseCreateConnectorRequest', () => {
  it('resolves the kind, checks credentials and config, and defaults the name', () => {
    expect(
      parseCreateConnectorRequest({
        external_user_id: 'user-42',
        connector_type: 'asana',
        credentials: { token: 'pat' },
      }),
    ).toEqual({
      external_user_id: 'user-42',
      connector_type: 'task-management',
      name: 'task-management - user-42',
      credentials: { token: 'pat' },
      config: {},
    });
    const desk = parseCreateConnectorRequest({
      external_user_id: 'user-42',
      connector_type: 'zendesk-support',
      name: 'Help desk',
      credentials: { email: 'agent@example.com', api_token: 't' },
      config: { subdomain: 'Acme' },
    });
    expect(desk).toMatchObject({
      connector_type: 'support-desk',
      name: 'Help desk',
      config: { subdomain: 'acme' },
    });
    if (desk.connector_type === 'support-desk') expect(desk.config.subdomain).toBe('acme');
    expect(
      parseCreateConnectorRequest({
        external_user_id: 'u',
        connector_type: 'crm',
        credentials: { refresh_token: 'r', client_id: 'k', client_secret: 's' },
        config: null,
      }).config,
    ).toEqual({ instance_url: 'https://login.salesforce.com' });
  });

  it('answers a malformed body with 400 invalid_param per field', () => {
    const error = failure({ connector_type: 'asana', credentials: 'pat', extra: 1 });
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_param');
    expect(error.details.map((detail) => detail.field)).toEqual(['external_user_id', 'credentials', 'extra']);
    expect(error.details[0]!.message).toBe('external_user_id is required');
    expect(failure('not an object').details).toEqual([
      { message: expect.stringContaining('request body: '), error_code: 'invalid_param' },
    ]);
  });

  it('answers an unknown kind with 400 unknown_connector_type', () => {
    const error = failure({ external_user_id: 'u', connector_type: 'jira', credentials: {} });
    expect(error.status).toBe(400);
    expect(error.code).toBe('unknown_connector_type');
  });

  it('answers bad credentials and config together with 422', () => {
    const error = failure({
      external_user_id: 'u',
      connector_type: 'support-desk',
      credentials: { email: 'agent@example.com' },
      config: { subdomain: '-bad-' },
    });
    expect(error.status).toBe(422);
    expect(error.code).toBe('invalid_credentials');
    expect(error.details.map((detail) => [detail.field, detail.error_code])).toEqual([
      ['credentials.api_token', 'invalid_credentials'],
      ['config.subdomain', 'invalid_config'],
    ]);
    const configOnly = failure({
      external_user_id: 'u',
      connector_type: 'support-desk',
      credentials: { access_token: 'a' },
    });
    expect(configOnly.code).toBe('invalid_config');
  });

  it('refuses base_url when the server does not allow it', () => {
    const body = {
      external_user_id: 'u',
      connector_type: 'task-management',
      credentials: { token: 'pat' },
      config: { base_url: 'http://127.0.0.1:9' },
    };
    expect(parseCreateConnectorRequest(body).config).toEqual({ base_url: 'http://127.0.0.1:9' });
    const error = failure(body, { allowUpstreamOverride: false });
    expect(error.status).toBe(422);
    expect(error.code).toBe('base_url_not_allowed');
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'config.base_url', error_code: 'base_url_not_allowed' }),
    ]);
  });
});
