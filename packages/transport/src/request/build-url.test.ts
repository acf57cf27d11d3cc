import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { buildUrl, parseHttpUrl } from './build-url';

describe('buildUrl', () => {
  const base = 'https://app.asana.com/api/1.0';

  it('keeps the base path prefix whatever the slashes', () => {
    for (const [baseUrl, path] of [
      [base, '/tasks'],
      [`${base}/`, 'tasks'],
      [`${base}//`, '//tasks'],
    ] as const) {
      expect(buildUrl(baseUrl, { path }).href).toBe('https://app.asana.com/api/1.0/tasks');
    }
    expect(buildUrl('https://x.test', { path: '/a' }).href).toBe('https://x.test/a');
    expect(buildUrl(base, { path: '' }).href).toBe('https://app.asana.com/api/1.0/');
  });

  it('merges a query in the path with the query option', () => {
    expect(buildUrl(base, { path: '/tasks?limit=5', query: { offset: 'abc', x: [1, 2] } }).href).toBe(
      'https://app.asana.com/api/1.0/tasks?limit=5&offset=abc&x=1&x=2',
    );
  });

  it('takes an absolute url as is', () => {
    expect(buildUrl(base, { url: 'https://s3.test/b/k?sig=1' }).href).toBe('https://s3.test/b/k?sig=1');
    expect(() => buildUrl(base, { url: '/relative' })).toThrow(ValidationError);
    expect(() => buildUrl(base, { url: 'file:///etc/passwd' })).toThrow('http or https');
  });

  it("adds the query after a url's own query, which stays as written (a signature may cover it)", () => {
    expect(
      buildUrl(base, { url: 'https://s3.test/b/k?X-Sig=a%2Fb~c', query: { part: 2, skip: undefined } }).href,
    ).toBe('https://s3.test/b/k?X-Sig=a%2Fb~c&part=2');
    expect(buildUrl(base, { path: '/tasks', query: { opt_fields: 'name,notes', q: 'a b/c?#&' } }).href).toBe(
      'https://app.asana.com/api/1.0/tasks?opt_fields=name%2Cnotes&q=a+b%2Fc%3F%23%26',
    );
    expect(buildUrl(base, { path: '/tasks', query: { limit: null } }).href).toBe(
      'https://app.asana.com/api/1.0/tasks',
    );
  });

  it('refuses paths that leave the base path', () => {
    expect(() => buildUrl(base, { path: '/../../admin' })).toThrow(ValidationError);
    expect(() => buildUrl(base, { path: '/tasks/../../2.0/x' })).toThrow('resolves outside');
    expect(() => buildUrl('https://x.test/api', { path: '/../apix' })).toThrow('resolves outside');
    expect(buildUrl(base, { path: '/tasks/../users' }).href).toBe('https://app.asana.com/api/1.0/users');
  });

  it('gives a path seen before the same URL, with each request its own query, and checks every new path', () => {
    const baseUrl = new URL(base);
    for (let page = 0; page < 3; page += 1) {
      expect(buildUrl(baseUrl, { path: '/projects/1/tasks', query: { offset: `o${page}` } })).toEqual({
        href: `https://app.asana.com/api/1.0/projects/1/tasks?offset=o${page}`,
        origin: 'https://app.asana.com',
      });
    }
    // Refused paths are refused again (nothing of them is kept), past the cache's size too.
    for (let index = 0; index < 300; index += 1) {
      expect(buildUrl(baseUrl, { path: `/tasks/${index}` }).href).toBe(
        `https://app.asana.com/api/1.0/tasks/${index}`,
      );
      expect(() => buildUrl(baseUrl, { path: '/../../admin' })).toThrow('resolves outside');
    }
    expect(buildUrl(baseUrl, { path: '/a b/é' }).href).toBe('https://app.asana.com/api/1.0/a%20b/%C3%A9');
    expect(buildUrl(baseUrl, { url: 'https://s3.test/k' }).origin).toBe('https://s3.test');
  });

  it('parseHttpUrl never echoes the value (it may hold credentials)', () => {
    expect(parseHttpUrl('http://x.test', 'f').host).toBe('x.test');
    try {
      parseHttpUrl('not-a-url?token=secret', 'baseUrl');
    } catch (error) {
      expect((error as Error).message).toBe('baseUrl must be an absolute URL');
    }
  });
});
