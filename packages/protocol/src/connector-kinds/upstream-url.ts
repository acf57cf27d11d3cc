import * as z from 'zod';

/**
 * The schema of an upstream base address: parsed by the WHATWG URL parser, of an allowed protocol,
 * with no credentials, query or fragment (a path is kept), and without the trailing slash so paths
 * can be appended. Connector kinds build their configuration variables from it.
 *
 * @example
 * ```ts
 * const instance_url = upstreamUrlSchema(['https']).default('https://login.example.com');
 * upstreamUrlSchema(['http', 'https']).parse('https://api.example.com/v2/'); // 'https://api.example.com/v2'
 * ```
 */
export function upstreamUrlSchema(protocols: readonly string[]) {
  const wanted = protocols.map((protocol) => `${protocol}:`);
  return z
    .string()
    .trim()
    .max(2048)
    .superRefine((value, context) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        context.addIssue({ code: 'custom', message: `must be an absolute ${protocols.join(' or ')} URL` });
        return;
      }
      if (!wanted.includes(url.protocol)) {
        context.addIssue({
          code: 'custom',
          message: `must use ${protocols.join(' or ')}, not ${url.protocol}`,
        });
      } else if (url.username !== '' || url.password !== '') {
        // A URL with user:password ends up in logs; credentials belong in `credentials`.
        context.addIssue({ code: 'custom', message: 'must not contain a user name or password' });
      } else if (url.search !== '' || url.hash !== '') {
        context.addIssue({
          code: 'custom',
          message: 'must not have a query or fragment; paths are appended to it',
        });
      }
    })
    .transform((value) => {
      const url = new URL(value);
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    });
}

/**
 * The `base_url` configuration variable every kind takes: an optional http or https address that
 * replaces the upstream's (proxies, self-managed upstreams, simulators).
 *
 * @example
 * ```ts
 * const ExampleConfigSchema = z.strictObject({ base_url: baseUrlOverride });
 * ```
 */
export const baseUrlOverride = upstreamUrlSchema(['http', 'https']).optional();
