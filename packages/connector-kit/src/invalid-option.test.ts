import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { invalidOption } from './invalid-option';

describe('invalidOption', () => {
  it('names the constructor in the message and the option in its one detail', () => {
    const error = invalidOption('createX', 'config', 'config is required');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      message: 'createX: config is required',
      code: 'invalid_config',
      status: 422,
      details: [{ field: 'config', message: 'config is required', error_code: 'invalid_config' }],
    });
  });
});
