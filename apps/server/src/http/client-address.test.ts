import { describe, expect, it } from 'vitest';
import { createClientAddressResolver } from './client-address';

describe('the client address behind trusted proxies (issue 28, finding 2)', () => {
  const resolve = createClientAddressResolver(['10.0.0.0/8', '192.0.2.1', '::1']);

  it('reads X-Forwarded-For from the right, past every trusted hop', () => {
    expect(resolve('10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(resolve('10.0.0.5', '203.0.113.9, 10.9.9.9')).toBe('203.0.113.9');
    expect(resolve('::ffff:10.0.0.5', ' 198.51.100.1 ,203.0.113.9,10.1.1.1')).toBe('203.0.113.9');
    expect(resolve('::1', '2001:db8::7')).toBe('2001:db8::7');
    // Every hop trusted: the left-most one is all there is.
    expect(resolve('10.0.0.5', '192.0.2.1, 10.0.0.6')).toBe('192.0.2.1');
  });

  it('uses the socket’s peer when it is no trusted proxy, or the header is absent or garbage', () => {
    expect(resolve('198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(resolve('10.0.0.5', undefined)).toBe('10.0.0.5');
    expect(resolve('10.0.0.5', 'not-an-address')).toBe('10.0.0.5');
    expect(resolve('10.0.0.5', '203.0.113.9, unknown')).toBe('10.0.0.5');
    expect(resolve(undefined, '203.0.113.9')).toBe('unknown');
    expect(createClientAddressResolver([])('10.0.0.5', '203.0.113.9')).toBe('10.0.0.5');
  });

  it('refuses an entry that is not an address or CIDR', () => {
    expect(() => createClientAddressResolver(['proxy.example'])).toThrow('is not an address or CIDR');
  });
});
