import { describe, expect, it } from 'vitest';
import { jsonResponse, plainJsonResponse, withHeader } from './json-response';

describe('jsonResponse', () => {
  it('is a Response to anyone who uses it as one', async () => {
    const response = jsonResponse({ gid: '1', tags: [] }, 201, { 'retry-after': '3' });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.statusText).toBe('');
    expect(await response.json()).toEqual({ gid: '1', tags: [] });
    expect(response.bodyUsed).toBe(true);
  });

  it('serves its parts as they are until something asks for the real response', async () => {
    const response = jsonResponse({ a: 1 }, 200, { 'content-type': 'application/json; charset=utf-8' });
    expect(plainJsonResponse(response)).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"a":1}',
    });
    expect(await response.clone().text()).toBe('{"a":1}');
    // Built now: its headers may change through it, so the parts no longer describe it.
    expect(plainJsonResponse(response)).toBeUndefined();
    expect(plainJsonResponse(new Response('{}'))).toBeUndefined();
  });

  it('answers an empty body for undefined, as c.json does', async () => {
    expect(await jsonResponse(undefined).text()).toBe('');
  });
});

describe('withHeader', () => {
  it('adds to the parts of a JSON response, or to the real one once built', () => {
    const plain = jsonResponse({});
    expect(withHeader(plain, 'X-Request-Id', 'r1')).toBe(plain);
    expect(plainJsonResponse(plain)?.headers['x-request-id']).toBe('r1');
    expect(plain.headers.get('x-request-id')).toBe('r1');
    expect(withHeader(plain, 'connection', 'close')).toBe(plain);
    expect(plain.headers.get('connection')).toBe('close');
  });

  it('sets ordinary headers in place and copies a response whose headers are immutable', async () => {
    const ordinary = new Response('x');
    expect(withHeader(ordinary, 'x-request-id', 'r2')).toBe(ordinary);
    expect(ordinary.headers.get('x-request-id')).toBe('r2');
    const immutable = Response.redirect('http://example.test/next', 302);
    const copy = withHeader(immutable, 'x-request-id', 'r3');
    expect(copy).not.toBe(immutable);
    expect(copy.headers.get('x-request-id')).toBe('r3');
    expect(copy.headers.get('location')).toBe('http://example.test/next');
  });
});
