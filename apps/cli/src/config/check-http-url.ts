import { redactUrl } from '@conduit/protocol';
import { UsageError } from '../framework/usage-error';

/**
 * The value when it is an absolute http(s) URL, else a usage error naming where it came from
 * (`--service-url`, `env CONDUIT_BASE_URL`, …) with any credentials in it redacted.
 *
 * @example
 * ```ts
 * checkHttpUrl(settings.value('hosted_base_url'), 'env CONDUIT_BASE_URL');
 * ```
 */
export function checkHttpUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} is not a URL: "${redactUrl(value)}"`, { code: 'invalid_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must be an http or https URL`, { code: 'invalid_url' });
  }
  return value;
}
