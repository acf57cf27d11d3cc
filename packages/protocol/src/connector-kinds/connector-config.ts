import * as z from 'zod';
import { ValidationError } from '../errors/client-errors';
import { zodIssueDetails } from '../zod-issue-details';
import { type ConnectorType, requireConnectorType } from './connector-type';

/**
 * The upstream address of the CRM kind when no instance URL is configured: the vendor's generic login host.
 *
 * @example
 * ```ts
 * upstreamBaseUrl('crm', {}) === DEFAULT_CRM_INSTANCE_URL; // true
 * ```
 */
export const DEFAULT_CRM_INSTANCE_URL = 'https://login.salesforce.com';

/**
 * The upstream address of the task-management kind.
 *
 * @example
 * ```ts
 * upstreamBaseUrl('task-management', {}) === TASK_MANAGEMENT_BASE_URL; // true
 * ```
 */
export const TASK_MANAGEMENT_BASE_URL = 'https://app.asana.com/api/1.0';

/**
 * A base address: parsed by the WHATWG URL parser, of an allowed protocol, with no credentials,
 * query or fragment (a path is kept), and without the trailing slash so paths can be appended.
 */
function baseUrlSchema(protocols: readonly string[]) {
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

const upstreamOverride = baseUrlSchema(['http', 'https']).optional();

// One DNS label: the account name in `<subdomain>.zendesk.com`.
const dnsLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Configuration of the task-management kind: nothing but the optional `base_url` override.
 *
 * @example
 * ```ts
 * TaskManagementConfigSchema.parse({ base_url: 'http://127.0.0.1:4010/api/1.0' });
 * ```
 */
export const TaskManagementConfigSchema = z.strictObject({ base_url: upstreamOverride });

/**
 * Configuration of the task-management kind.
 *
 * @example
 * ```ts
 * const config: TaskManagementConfig = { base_url: 'http://127.0.0.1:4010/api/1.0' };
 * ```
 */
export type TaskManagementConfig = z.output<typeof TaskManagementConfigSchema>;

/**
 * Configuration of the support-desk kind: the account's `subdomain` (required, one DNS label,
 * lower-cased) and the optional `base_url` override.
 *
 * @example
 * ```ts
 * SupportDeskConfigSchema.parse({ subdomain: 'acme' }); // upstream https://acme.zendesk.com/api/v2
 * ```
 */
export const SupportDeskConfigSchema = z.strictObject({
  subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => !value.includes('.'), {
      error: 'give only the subdomain, e.g. "acme" for acme.zendesk.com',
    })
    .refine((value) => value.includes('.') || dnsLabel.test(value), {
      error: 'must be a DNS label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen',
    }),
  base_url: upstreamOverride,
});

/**
 * Configuration of the support-desk kind.
 *
 * @example
 * ```ts
 * const config: SupportDeskConfig = { subdomain: 'acme' };
 * ```
 */
export type SupportDeskConfig = z.output<typeof SupportDeskConfigSchema>;

/**
 * Configuration of the CRM kind: the account's `instance_url` (an https URL; defaults to the
 * vendor's generic login URL) and the optional `base_url` override.
 *
 * @example
 * ```ts
 * CrmConfigSchema.parse({ instance_url: 'https://acme.my.salesforce.com/' }).instance_url; // 'https://acme.my.salesforce.com'
 * ```
 */
export const CrmConfigSchema = z.strictObject({
  instance_url: baseUrlSchema(['https']).default(DEFAULT_CRM_INSTANCE_URL),
  base_url: upstreamOverride,
});

/**
 * Configuration of the CRM kind.
 *
 * @example
 * ```ts
 * const config: CrmConfig = { instance_url: 'https://acme.my.salesforce.com' };
 * ```
 */
export type CrmConfig = z.output<typeof CrmConfigSchema>;

/**
 * Configuration by connector kind.
 *
 * @example
 * ```ts
 * const config: ConnectorConfigByType['support-desk'] = { subdomain: 'acme' };
 * ```
 */
export interface ConnectorConfigByType {
  'task-management': TaskManagementConfig;
  'support-desk': SupportDeskConfig;
  crm: CrmConfig;
}

/**
 * Configuration of any kind.
 *
 * @example
 * ```ts
 * function describe(config: ConnectorConfig): string {
 *   return config.base_url ?? 'default upstream';
 * }
 * ```
 */
export type ConnectorConfig = ConnectorConfigByType[ConnectorType];

/**
 * The configuration schema of each kind.
 *
 * @example
 * ```ts
 * CONFIG_SCHEMAS['support-desk'].safeParse({ subdomain: 'acme' }).success; // true
 * ```
 */
export const CONFIG_SCHEMAS: { readonly [Type in ConnectorType]: z.ZodObject } = {
  'task-management': TaskManagementConfigSchema,
  'support-desk': SupportDeskConfigSchema,
  crm: CrmConfigSchema,
};

/**
 * Checks a connector's configuration variables. An absent (`undefined` or `null`) config counts
 * as `{}`, so defaults apply and required variables are reported. Throws a `ValidationError`
 * (code `invalid_config`, status 422) with one detail per bad field, e.g. `config.subdomain`.
 *
 * @example
 * ```ts
 * const config = parseConnectorConfig('crm', {}); // { instance_url: 'https://login.salesforce.com' }
 * ```
 */
export function parseConnectorConfig<Type extends ConnectorType>(
  type: Type,
  config: unknown,
): ConnectorConfigByType[Type] {
  const kind = requireConnectorType(type);
  const input = config ?? {};
  const result = CONFIG_SCHEMAS[kind].safeParse(input);
  if (result.success) return result.data as ConnectorConfigByType[Type];
  const details = zodIssueDetails(result.error.issues, {
    root: 'config',
    errorCode: 'invalid_config',
    input,
    unknownKey: (key) => {
      const known = Object.keys(CONFIG_SCHEMAS[kind].shape).join(', ');
      return `unknown configuration variable ${JSON.stringify(key)}; ${kind} takes ${known}`;
    },
  });
  throw new ValidationError(`invalid ${kind} config: ${details.map((detail) => detail.message).join('; ')}`, {
    code: 'invalid_config',
    status: 422,
    details,
  });
}

/**
 * The base address of a connector's upstream API, without a trailing slash: `config.base_url`
 * when set, else the kind's own address (task-management `https://app.asana.com/api/1.0`,
 * support-desk `https://{subdomain}.zendesk.com/api/v2`, CRM the instance URL). The config is
 * validated first, as {@link parseConnectorConfig} does.
 *
 * @example
 * ```ts
 * upstreamBaseUrl('support-desk', { subdomain: 'acme' }); // 'https://acme.zendesk.com/api/v2'
 * ```
 */
export function upstreamBaseUrl(type: ConnectorType, config: unknown): string {
  const kind = requireConnectorType(type);
  const parsed: ConnectorConfig = parseConnectorConfig(kind, config);
  if (parsed.base_url !== undefined) return parsed.base_url;
  switch (kind) {
    case 'task-management':
      return TASK_MANAGEMENT_BASE_URL;
    case 'support-desk':
      return `https://${(parsed as SupportDeskConfig).subdomain}.zendesk.com/api/v2`;
    case 'crm':
      return (parsed as CrmConfig).instance_url;
  }
}
