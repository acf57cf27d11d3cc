import { describe, expect, it } from 'vitest';
import {
  ApplicationTokenRequestSchema,
  ApplicationTokenResponseSchema,
  ScopedTokenRequestSchema,
  ScopedTokenResponseSchema,
} from './token-schemas';

describe('application token', () => {
  it('takes client credentials, nothing else', () => {
    expect(ApplicationTokenRequestSchema.parse({ client_id: 'app', client_secret: 's' })).toEqual({
      client_id: 'app',
      client_secret: 's',
    });
    expect(ApplicationTokenRequestSchema.safeParse({ client_id: 'app' }).success).toBe(false);
    expect(ApplicationTokenRequestSchema.safeParse({ client_id: '', client_secret: 's' }).success).toBe(
      false,
    );
    expect(
      ApplicationTokenRequestSchema.safeParse({ client_id: 'a', client_secret: 's', scope: 'x' }).success,
    ).toBe(false);
  });

  it('answers with a bearer token and its lifetime, tolerating extra fields', () => {
    expect(
      ApplicationTokenResponseSchema.parse({
        access_token: 'eyJ',
        token_type: 'Bearer',
        expires_in: 900,
        organization_id: null,
      }),
    ).toEqual({ access_token: 'eyJ', token_type: 'bearer', expires_in: 900 });
    expect(
      ApplicationTokenResponseSchema.safeParse({ access_token: 'x', token_type: 'mac', expires_in: 900 })
        .success,
    ).toBe(false);
    expect(
      ApplicationTokenResponseSchema.safeParse({ access_token: 'x', token_type: 'bearer' }).success,
    ).toBe(false);
    expect(
      ApplicationTokenResponseSchema.safeParse({ access_token: 'x', token_type: 'bearer', expires_in: 0 })
        .success,
    ).toBe(false);
  });
});

describe('scoped token', () => {
  it('takes external_user_id, or workspace_name normalized to it', () => {
    expect(ScopedTokenRequestSchema.parse({ external_user_id: 'u1' })).toEqual({ external_user_id: 'u1' });
    expect(ScopedTokenRequestSchema.parse({ workspace_name: 'u1' })).toEqual({ external_user_id: 'u1' });
    expect(ScopedTokenRequestSchema.parse({ external_user_id: 'u1', workspace_name: 'u1' })).toEqual({
      external_user_id: 'u1',
    });
  });

  it('refuses neither, two different users, and unknown keys', () => {
    const neither = ScopedTokenRequestSchema.safeParse({});
    expect(neither.error?.issues).toEqual([
      expect.objectContaining({ path: ['external_user_id'], message: 'external_user_id is required' }),
    ]);
    const both = ScopedTokenRequestSchema.safeParse({ external_user_id: 'u1', workspace_name: 'u2' });
    expect(both.error?.issues).toEqual([expect.objectContaining({ path: ['workspace_name'] })]);
    expect(ScopedTokenRequestSchema.safeParse({ external_user_id: 'u1', user: 'x' }).success).toBe(false);
    expect(ScopedTokenRequestSchema.safeParse({ external_user_id: '' }).success).toBe(false);
  });

  it('answers with a token, defaulting what the reference service leaves out', () => {
    expect(ScopedTokenResponseSchema.parse({ token: 't', token_type: 'bearer', expires_in: 1200 })).toEqual({
      token: 't',
      token_type: 'bearer',
      expires_in: 1200,
    });
    expect(ScopedTokenResponseSchema.parse({ token: 't' })).toEqual({
      token: 't',
      token_type: 'bearer',
      expires_in: 1200,
    });
    expect(ScopedTokenResponseSchema.safeParse({ token: '' }).success).toBe(false);
  });
});
