import { describe, expect, it } from 'vitest';
import { describeRule } from './describe-rule';

describe('describeRule', () => {
  it('says an exclusive choice of groups as "exactly one of"', () => {
    expect(
      describeRule({
        kind: 'one-of-groups',
        groups: [['project'], ['section'], ['workspace', 'assignee']],
        exclusive: true,
        message: 'm',
      }),
    ).toBe('exactly one of: project | section | workspace + assignee');
  });

  it('says a non-exclusive choice as "at least one of (each in full)"', () => {
    expect(describeRule({ kind: 'one-of-groups', groups: [['a', 'b'], ['c']], message: 'm' })).toBe(
      'at least one of (each in full): a + b | c',
    );
  });

  it('lists the params of an at-least-one rule', () => {
    expect(describeRule({ kind: 'at-least-one', params: ['text', 'completed'], message: 'm' })).toBe(
      'at least one of: text, completed',
    );
  });
});
