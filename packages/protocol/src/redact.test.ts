import { describe, expect, it } from 'vitest';
import { describeRequest, isSecretName, REDACTED, redactHeaders, redactUrl, redactValue } from './redact';

describe('isSecretName', () => {
  it.each([
    'authorization',
    'Proxy-Authorization',
    'cookie',
    'set-cookie',
    'access_token',
    'refresh_token',
    'client_secret',
    'password',
    'passwd',
    'x-api-key',
    'api_key',
    'apikey',
    'credentials',
    'x-amz-signature',
    'session_id',
    'code_verifier',
    'encryption_key',
    'private_key',
  ])('%s names a secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'project',
    'client_id',
    'email',
    'limit',
    'content-type',
    'subdomain',
    'idempotency_key',
    'key_id',
  ])('%s does not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('redactHeaders', () => {
  it('lower-cases names and replaces secret values', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer abc',
        Accept: 'application/json',
        'X-Api-Key': 'k',
        Skip: undefined,
      }),
    ).toEqual({ authorization: REDACTED, accept: 'application/json', 'x-api-key': REDACTED });
  });

  it('reads a Headers object', () => {
    const headers = new Headers({ cookie: 'session=1', 'content-type': 'text/plain' });
    expect(redactHeaders(headers)).toEqual({ cookie: REDACTED, 'content-type': 'text/plain' });
  });

  it('gives an empty object for no headers', () => {
    expect(redactHeaders(undefined)).toEqual({});
  });
});

describe('redactUrl', () => {
  it("redacts an OAuth redirect's code and state", () => {
    expect(redactUrl('https://x.test/cb?code=abc&state=def&error=access_denied')).toBe(
      `https://x.test/cb?code=${REDACTED}&state=${REDACTED}&error=access_denied`,
    );
  });

  it('replaces secret query parameters and keeps the others', () => {
    expect(redactUrl('https://x.test/a?access_token=abc&limit=5')).toBe(
      `https://x.test/a?access_token=${REDACTED}&limit=5`,
    );
  });

  it('replaces every credential of an S3 signed URL', () => {
    const redacted = redactUrl(
      'https://bucket.s3.amazonaws.com/file.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20260101&X-Amz-Date=20260101T000000Z&X-Amz-Expires=300&X-Amz-Security-Token=tok&X-Amz-Signature=deadbeef&X-Amz-SignedHeaders=host',
    );
    const query = new URL(redacted).searchParams;
    expect(query.get('X-Amz-Credential')).toBe(REDACTED);
    expect(query.get('X-Amz-Security-Token')).toBe(REDACTED);
    expect(query.get('X-Amz-Signature')).toBe(REDACTED);
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect(redacted).not.toContain('deadbeef');
    expect(redacted).not.toContain('AKIA');
  });

  it('replaces the signature of Google and Azure signed URLs', () => {
    expect(redactUrl('https://storage.googleapis.com/b/o?X-Goog-Signature=abc')).toBe(
      `https://storage.googleapis.com/b/o?X-Goog-Signature=${REDACTED}`,
    );
    expect(redactUrl('https://acct.blob.core.windows.net/c/f?sv=2024&sig=abc')).toBe(
      `https://acct.blob.core.windows.net/c/f?sv=2024&sig=${REDACTED}`,
    );
  });

  it('replaces a user name and password, even a password alone', () => {
    expect(redactUrl('https://user:pass@x.test/a')).toBe(`https://${REDACTED}:${REDACTED}@x.test/a`);
    expect(redactUrl('https://:pass@x.test/a')).not.toContain('pass@');
    expect(redactUrl('https://:pass@x.test/a')).toContain(REDACTED);
  });

  it('replaces a token in the fragment', () => {
    const redacted = redactUrl('https://app.test/callback#access_token=abc&state=xyz');
    expect(redacted).not.toContain('abc');
    expect(redacted).toContain('state=xyz');
  });

  it('returns the same text when nothing is secret, and non-URLs unchanged', () => {
    expect(redactUrl('https://x.test/a?limit=5&offset=eyJ')).toBe('https://x.test/a?limit=5&offset=eyJ');
    expect(redactUrl('not a url')).toBe('not a url');
    expect(redactUrl('/relative?token=x')).toBe('/relative?token=x');
  });
});

describe('redactValue', () => {
  it('replaces secret-named keys at any depth and keeps the rest', () => {
    expect(
      redactValue({
        name: 'n',
        credentials: { token: 'x' },
        nested: { list: [{ client_secret: 's', client_id: 'id' }], refresh_token: 'r' },
      }),
    ).toEqual({
      name: 'n',
      credentials: REDACTED,
      nested: { list: [{ client_secret: REDACTED, client_id: 'id' }], refresh_token: REDACTED },
    });
  });

  it('removes secrets from URL strings inside values', () => {
    expect(
      redactValue({ download_url: 'https://s3.test/f?X-Amz-Signature=abc', view_url: 'https://app.test/v' }),
    ).toEqual({
      download_url: `https://s3.test/f?X-Amz-Signature=${REDACTED}`,
      view_url: 'https://app.test/v',
    });
  });

  it('leaves scalars alone and does not change its input', () => {
    const input = { a: 1, b: [true, null, 'text'], token: 't' };
    const copy = structuredClone(input);
    expect(redactValue(input)).toEqual({ a: 1, b: [true, null, 'text'], token: REDACTED });
    expect(input).toEqual(copy);
    expect(redactValue(5)).toBe(5);
    expect(redactValue(null)).toBeNull();
  });

  it('replaces whatever is nested too deep to inspect, so no secret slips through', () => {
    let deep: unknown = { password: 'hunter2' };
    for (let level = 0; level < 40; level += 1) deep = { next: deep };
    expect(JSON.stringify(redactValue(deep))).not.toContain('hunter2');
  });

  it('terminates on cyclic values', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => redactValue(cyclic)).not.toThrow();
  });
});

describe('describeRequest', () => {
  it('upper-cases the method and redacts the URL and headers', () => {
    expect(
      describeRequest('get', 'https://app.asana.com/api/1.0/tasks/1?access_token=a', {
        Authorization: 'Bearer x',
      }),
    ).toEqual({
      method: 'GET',
      url: `https://app.asana.com/api/1.0/tasks/1?access_token=${REDACTED}`,
      headers: { authorization: REDACTED },
    });
  });

  it('leaves headers out when none are given', () => {
    expect(describeRequest('post', 'https://x.test/')).toEqual({ method: 'POST', url: 'https://x.test/' });
  });
});
