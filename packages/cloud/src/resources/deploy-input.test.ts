import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { deployConfiguration } from './deploy-input';

describe('deployConfiguration', () => {
  it('derives the type of a local connector from its name', () => {
    expect(
      deployConfiguration({ connectorName: 'destination-postgres', config: { host: 'h' } }, 'destination'),
    ).toEqual({
      configuration: { host: 'h', destinationType: 'postgres' },
      connectorType: 'postgres',
    });
    expect(deployConfiguration({ connectorName: 'faker', config: {} }, 'source').connectorType).toBe('faker');
  });

  it('takes a configuration object that names its type, and copies it', () => {
    const input = { sourceType: 'faker', nested: { a: 1 } };
    const { configuration } = deployConfiguration(input, 'source');
    expect(configuration).toEqual(input);
    expect(configuration.nested).not.toBe(input.nested);
  });

  it('refuses configurations without a type', () => {
    expect(() => deployConfiguration({ destinationType: '' }, 'destination')).toThrow(PlatformInputError);
    expect(() => deployConfiguration(null as never, 'source')).toThrow(PlatformInputError);
    expect(() => deployConfiguration([] as never, 'source')).toThrow(PlatformInputError);
  });
});
