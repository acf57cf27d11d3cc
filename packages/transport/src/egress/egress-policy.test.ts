import { EgressDeniedError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-class';
import { assertUrlAllowed, createEgressPolicy } from './egress-policy';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['100.64.0.1', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBeUndefined();
    },
  );
});

describe('assertUrlAllowed', () => {
  const policy = createEgressPolicy();
  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost:8080/',
    'http://api.localhost/',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/',
  ])('refuses %s', (url) => {
    expect(() => assertUrlAllowed(policy, url)).toThrow(EgressDeniedError);
  });

  it('names the host and the address class', () => {
    try {
      assertUrlAllowed(policy, 'http://2130706433/');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EgressDeniedError);
      expect((error as EgressDeniedError).refusal).toBe('loopback');
      expect((error as EgressDeniedError).message).toContain('127.0.0.1');
    }
  });

  it('lets public hosts and allowed ranges through', () => {
    expect(() => assertUrlAllowed(policy, 'https://example.my.salesforce.com')).not.toThrow();
    const allowing = createEgressPolicy({ allow: ['127.0.0.0/8', 'crm.internal'] });
    expect(() => assertUrlAllowed(allowing, 'http://127.1/')).not.toThrow();
    expect(() => assertUrlAllowed(allowing, 'http://10.0.0.1/')).toThrow(EgressDeniedError);
    expect(() => assertUrlAllowed(allowing, 'http://crm.internal/')).not.toThrow();
  });

  it('refuses hosts outside a declared host allowlist', () => {
    const downloads = createEgressPolicy({ allowedHosts: ['*.amazonaws.com', 'app.asana.com'] });
    expect(() => assertUrlAllowed(downloads, 'https://bucket.s3.amazonaws.com/x')).not.toThrow();
    expect(() => assertUrlAllowed(downloads, 'https://evil.example/x')).toThrow(
      /not among the allowed hosts/,
    );
  });

  it('refuses allowlist entries that are neither hosts nor CIDRs', () => {
    expect(() => createEgressPolicy({ allow: ['10.0.0.0/99'] })).toThrow(TypeError);
    expect(() => createEgressPolicy({ allow: ['http://x'] })).toThrow(TypeError);
  });
});
