import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { resolveConfigApiRoot, webRootFor } from './platform-roots';

describe('platform roots', () => {
  it('derives the Config API root from the public one', () => {
    expect(resolveConfigApiRoot('https://api.airbyte.com/v1')).toBe('https://cloud.airbyte.com/api/v1');
    expect(resolveConfigApiRoot('https://api.airbyte.com/v1/')).toBe('https://cloud.airbyte.com/api/v1');
    expect(resolveConfigApiRoot('https://airbyte.internal/api/public/v1')).toBe(
      'https://airbyte.internal/api/v1',
    );
    expect(resolveConfigApiRoot('http://127.0.0.1:1/v1', 'http://127.0.0.1:1/api/v1/')).toBe(
      'http://127.0.0.1:1/api/v1',
    );
  });

  it('refuses to guess an unknown layout', () => {
    expect(() => resolveConfigApiRoot('https://proxy.example/airbyte')).toThrow(PlatformInputError);
    expect(() => resolveConfigApiRoot('https://proxy.example/airbyte')).toThrow(
      /PLATFORM_CLOUD_CONFIG_API_URL/,
    );
  });

  it('finds the web app for hosted and self-managed roots', () => {
    expect(webRootFor('https://api.airbyte.com/v1')).toBe('https://cloud.airbyte.com');
    expect(webRootFor('https://airbyte.internal/api/public/v1')).toBe('https://airbyte.internal');
    expect(webRootFor('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000');
    expect(webRootFor('https://proxy.example/airbyte')).toBe('https://proxy.example/airbyte');
  });
});
