import { REDACTED } from '@conduit/protocol';
import { findSetting } from '../../config/settings';

/**
 * A profile's settings as printed: secrets replaced by `[REDACTED]`, in the file's order.
 *
 * @example
 * ```ts
 * redactProfile({ example_token: 'x', example_base_url: 'http://sim' });
 * // { example_token: '[REDACTED]', example_base_url: 'http://sim' }
 * ```
 */
export function redactProfile(profile: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(profile)) {
    // A key this CLI does not know is shown redacted: a newer CLI may have stored a secret in it.
    const setting = findSetting(key);
    result[key] = setting === undefined || setting.secret ? REDACTED : value;
  }
  return result;
}
