import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { requireKind } from './connector-lookup';

// The hosted service's checks of each kind's credentials, as the connectors declare them.
const parseConnectorCredentials = (type: string, credentials: unknown) =>
  requireKind(type).parseCredentials(credentials);
const credentialsSchema = (type: string) =>
  z.union(
    requireKind(type).credentialMethods.map((method) => method.schema) as [z.ZodObject, ...z.ZodObject[]],
  );
const TaskManagementCredentialsSchema = credentialsSchema('task-management');
const SupportDeskCredentialsSchema = credentialsSchema('support-desk');
const CrmCredentialsSchema = credentialsSchema('crm');

function failure(type: string, credentials: unknown): ValidationError {
  try {
    parseConnectorCredentials(type, credentials);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

function fields(error: ValidationError): (string | undefined)[] {
  return error.details.map((detail) => detail.field);
}

describe('task-management credentials', () => {
  it('accept a personal access token', () => {
    expect(parseConnectorCredentials('task-management', { token: 'pat' })).toEqual({ token: 'pat' });
  });

  it('accept OAuth, with or without an access token', () => {
    const oauth = { refresh_token: 'r', client_id: 'id', client_secret: 's' };
    expect(parseConnectorCredentials('task-management', oauth)).toEqual(oauth);
    expect(parseConnectorCredentials('task-management', { ...oauth, access_token: 'a' })).toEqual({
      ...oauth,
      access_token: 'a',
    });
    expect(TaskManagementCredentialsSchema.safeParse(oauth).success).toBe(true);
  });

  it('refuse mixed methods, naming the stray field', () => {
    const error = failure('task-management', {
      token: 'pat',
      refresh_token: 'r',
      client_id: 'id',
      client_secret: 's',
    });
    expect(error.code).toBe('invalid_credentials');
    expect(error.status).toBe(422);
    expect(error.details).toEqual([
      {
        field: 'credentials.token',
        message: expect.stringContaining('token belongs to the personal access token method'),
        error_code: 'invalid_credentials',
      },
    ]);
    expect(TaskManagementCredentialsSchema.safeParse({ token: 'pat', client_id: 'id' }).success).toBe(false);
  });

  it('name each missing field of the method the caller chose', () => {
    const error = failure('task-management', { client_id: 'id' });
    expect(error.details).toEqual([
      {
        field: 'credentials.refresh_token',
        message: 'credentials.refresh_token is required',
        error_code: 'invalid_credentials',
      },
      {
        field: 'credentials.client_secret',
        message: 'credentials.client_secret is required',
        error_code: 'invalid_credentials',
      },
    ]);
  });

  it('name a field of the wrong type, without quoting its value', () => {
    const error = failure('task-management', { refresh_token: 'r', client_id: 'id', client_secret: 12345 });
    expect(fields(error)).toEqual(['credentials.client_secret']);
    expect(error.message).not.toContain('12345');
    expect(failure('task-management', { token: '' }).details).toEqual([
      expect.objectContaining({ field: 'credentials.token', error_code: 'invalid_credentials' }),
    ]);
  });

  it('explain the methods when nothing is recognisable', () => {
    const empty = failure('task-management', {});
    expect(empty.details).toEqual([
      {
        field: 'credentials',
        message: expect.stringContaining(
          'personal access token: token; or OAuth refresh token: refresh_token, client_id, client_secret, access_token (optional)',
        ),
        error_code: 'invalid_credentials',
      },
    ]);
    const unknown = failure('task-management', { personal_access_token: 'x' });
    expect(fields(unknown)).toEqual(['credentials.personal_access_token', 'credentials']);
    for (const credentials of [null, 'pat', ['token']]) {
      expect(fields(failure('task-management', credentials))).toEqual(['credentials']);
    }
  });

  it('never echo a secret in messages', () => {
    const error = failure('task-management', { token: 'super-secret-value', extra: 'another-secret' });
    expect(JSON.stringify(error.toJSON())).not.toContain('secret-value');
    expect(JSON.stringify(error.toJSON())).not.toContain('another-secret');
  });
});

describe('support-desk credentials', () => {
  it('accept OAuth with or without a refresh token', () => {
    expect(parseConnectorCredentials('support-desk', { access_token: 'a' })).toEqual({ access_token: 'a' });
    expect(parseConnectorCredentials('support-desk', { access_token: 'a', refresh_token: 'r' })).toEqual({
      access_token: 'a',
      refresh_token: 'r',
    });
  });

  it('accept an email and API token', () => {
    expect(parseConnectorCredentials('support-desk', { email: 'agent@example.com', api_token: 't' })).toEqual(
      {
        email: 'agent@example.com',
        api_token: 't',
      },
    );
    expect(
      SupportDeskCredentialsSchema.safeParse({ email: 'agent@example.com', api_token: 't' }).success,
    ).toBe(true);
  });

  it('check the email and refuse mixing methods', () => {
    expect(fields(failure('support-desk', { email: 'not-an-email', api_token: 't' }))).toEqual([
      'credentials.email',
    ]);
    const mixed = failure('support-desk', { email: 'agent@example.com', api_token: 't', access_token: 'a' });
    expect(mixed.details).toEqual([
      expect.objectContaining({
        field: 'credentials.access_token',
        message: expect.stringContaining('OAuth method'),
      }),
    ]);
    expect(fields(failure('support-desk', { refresh_token: 'r' }))).toEqual(['credentials.access_token']);
    expect(fields(failure('support-desk', { email: 'agent@example.com' }))).toEqual([
      'credentials.api_token',
    ]);
  });
});

describe('CRM credentials', () => {
  it('accept OAuth only', () => {
    const oauth = { refresh_token: 'r', client_id: 'key', client_secret: 'secret' };
    expect(parseConnectorCredentials('crm', oauth)).toEqual(oauth);
    expect(CrmCredentialsSchema.safeParse(oauth).success).toBe(true);
  });

  it('refuse a token method and an access token alone, and keep a refreshed access token beside the refresh token', () => {
    expect(fields(failure('crm', { token: 't' }))).toEqual(['credentials.token', 'credentials']);
    // The service stores the access token a refresh gave beside the refresh token (issue 15); alone
    // it is no CRM credential.
    expect(
      parseConnectorCredentials('crm', {
        refresh_token: 'r',
        client_id: 'k',
        client_secret: 's',
        access_token: 'a',
      }),
    ).toMatchObject({ access_token: 'a', refresh_token: 'r' });
    expect(failure('crm', { access_token: 'a' }).details.length).toBeGreaterThan(0);
    expect(failure('crm', {}).details[0]!.message).toContain(
      'give OAuth: refresh_token, client_id, client_secret',
    );
  });
});

describe('requireKind(type).parseCredentials', () => {
  it('resolves an alias given without types, and refuses an unknown kind', () => {
    expect(parseConnectorCredentials('asana', { token: 'pat' })).toEqual({ token: 'pat' });
    expect(() => parseConnectorCredentials('jira', { token: 'x' })).toThrow(/unknown connector type/);
  });
});
