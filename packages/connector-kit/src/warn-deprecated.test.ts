import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnDeprecated } from './warn-deprecated';

describe('warnDeprecated', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('emits one DeprecationWarning per code and process, however often the old shape is used', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    warnDeprecated('TEST_OLD_SHAPE', 'old shape');
    warnDeprecated('TEST_OLD_SHAPE', 'old shape');
    warnDeprecated('TEST_OTHER_SHAPE', 'other shape');
    expect(emit.mock.calls).toEqual([
      ['old shape', { type: 'DeprecationWarning', code: 'TEST_OLD_SHAPE' }],
      ['other shape', { type: 'DeprecationWarning', code: 'TEST_OTHER_SHAPE' }],
    ]);
  });
});
