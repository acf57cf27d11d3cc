import { ValidationError } from '../errors/client-errors';

/**
 * The connector kinds the hosted service knows, by their canonical names.
 *
 * @example
 * ```ts
 * for (const type of CONNECTOR_TYPES) console.log(type);
 * ```
 */
export const CONNECTOR_TYPES = ['task-management', 'support-desk', 'crm'] as const;

/**
 * `task-management`, `support-desk` or `crm`.
 *
 * @example
 * ```ts
 * const type: ConnectorType = resolveConnectorType('asana') ?? 'task-management';
 * ```
 */
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/**
 * Other names each kind answers to: the vendor's product name, as callers of the reference
 * service know it.
 *
 * @example
 * ```ts
 * CONNECTOR_TYPE_ALIASES.crm; // ['salesforce']
 * ```
 */
export const CONNECTOR_TYPE_ALIASES: { readonly [Type in ConnectorType]: readonly string[] } = {
  'task-management': ['asana'],
  'support-desk': ['zendesk-support'],
  crm: ['salesforce'],
};

/**
 * The canonical kind for a name or alias (case-insensitive, surrounding space ignored), or
 * `undefined` when no kind has that name.
 *
 * @example
 * ```ts
 * resolveConnectorType('asana'); // 'task-management'
 * resolveConnectorType('crm'); // 'crm'
 * resolveConnectorType('jira'); // undefined
 * ```
 */
export function resolveConnectorType(name: string): ConnectorType | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = name.trim().toLowerCase();
  return CONNECTOR_TYPES.find((type) => type === wanted || CONNECTOR_TYPE_ALIASES[type].includes(wanted));
}

/**
 * Like {@link resolveConnectorType}, but an unknown name throws the service's 400
 * `unknown_connector_type` (a `ValidationError` naming `connector_type`).
 *
 * @example
 * ```ts
 * const type = requireConnectorType(body.connector_type);
 * ```
 */
export function requireConnectorType(name: unknown): ConnectorType {
  const type = typeof name === 'string' ? resolveConnectorType(name) : undefined;
  if (type !== undefined) return type;
  const known = CONNECTOR_TYPES.map((kind) => [kind, ...CONNECTOR_TYPE_ALIASES[kind]].join(' / ')).join(', ');
  const message =
    typeof name === 'string'
      ? `unknown connector type ${JSON.stringify(name)}; known: ${known}`
      : `connector_type must be a string; known: ${known}`;
  throw new ValidationError(message, {
    code: 'unknown_connector_type',
    status: 400,
    details: [{ field: 'connector_type', message, error_code: 'unknown_connector_type' }],
  });
}
