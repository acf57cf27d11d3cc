import { ValidationError } from '@conduit/protocol';

/**
 * Refuses the option names a connector's constructor does not know. The three connectors name
 * their options after their upstreams (Asana's `auth` and `baseUrl`, Zendesk's `credentials` and
 * `config`, Salesforce's `credentials` and `instanceUrl`); TypeScript catches a mix-up, but from
 * plain JavaScript (or through a cast) an unknown name was silently dropped, and the connector
 * went on to call its default upstream with the caller's credentials. `instead` maps a name
 * another connector uses to this one's, for the message.
 *
 * @example
 * ```ts
 * refuseUnknownOptions(options, SALESFORCE_OPTIONS, 'createSalesforce', { baseUrl: 'instanceUrl' });
 * // ValidationError: createSalesforce: unknown option baseUrl (use instanceUrl)
 * ```
 */
export function refuseUnknownOptions(
  options: object,
  known: Readonly<Record<string, true>>,
  what: string,
  instead: Readonly<Record<string, string>> = {},
): void {
  const unknown = Object.keys(options).filter((name) => !Object.hasOwn(known, name));
  if (unknown.length === 0) return;
  const details = unknown.map((name) => {
    const hint = Object.hasOwn(instead, name) ? ` (use ${instead[name]})` : '';
    return { field: name, message: `unknown option ${name}${hint}`, error_code: 'invalid_config' };
  });
  throw new ValidationError(`${what}: ${details.map((detail) => detail.message).join('; ')}`, {
    code: 'invalid_config',
    status: 422,
    details,
  });
}

/**
 * The options every connector's local mode takes for its transport, as `refuseUnknownOptions`
 * lists them; each connector adds its own (credentials, where its upstream is).
 *
 * @example
 * ```ts
 * const LOCAL_OPTIONS = { credentials: true, instanceUrl: true, ...TRANSPORT_OPTIONS } as const;
 * ```
 */
export const TRANSPORT_OPTIONS = {
  fetch: true,
  rateLimit: true,
  retry: true,
  timeoutMs: true,
  hooks: true,
  userAgent: true,
} as const;
