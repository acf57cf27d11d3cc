import type { ParamRule } from '@conduit/protocol';

/**
 * A rule across params, said plainly: `exactly one of: project | section | workspace + assignee`,
 * `at least one of: text, completed, …`.
 *
 * @example
 * ```ts
 * describeRule({ kind: 'at-least-one', params: ['a', 'b'], message: '…' }); // 'at least one of: a, b'
 * ```
 */
export function describeRule(rule: ParamRule): string {
  if (rule.kind === 'at-least-one') return `at least one of: ${rule.params.join(', ')}`;
  const groups = rule.groups.map((group) => group.join(' + ')).join(' | ');
  return rule.exclusive ? `exactly one of: ${groups}` : `at least one of (each in full): ${groups}`;
}
