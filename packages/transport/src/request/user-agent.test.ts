import { describe, expect, it } from 'vitest';
import { VERSION } from '../version';
import { buildUserAgent } from './user-agent';

describe('buildUserAgent', () => {
  it('puts caller tokens first, then the transport and the runtime', () => {
    expect(buildUserAgent(['conduit-asana/0.1.0'])).toBe(
      `conduit-asana/0.1.0 conduit-transport/${VERSION} node/${process.versions.node}`,
    );
    expect(buildUserAgent('conduit-cli/1.0.0')).toBe(
      `conduit-cli/1.0.0 conduit-transport/${VERSION} node/${process.versions.node}`,
    );
    expect(buildUserAgent()).toBe(`conduit-transport/${VERSION} node/${process.versions.node}`);
    expect(buildUserAgent(['  ', 'a/1 '])).toBe(
      `a/1 conduit-transport/${VERSION} node/${process.versions.node}`,
    );
  });

  it('names the test build version when not built', () => {
    expect(VERSION).toBe('0.0.0-test');
  });
});
