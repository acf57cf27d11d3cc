import type { ConnectorKind } from '../connector-kinds/connector-kind';
import { requireConnectorKind } from '../connector-kinds/connector-kind';
import { ValidationError } from '../errors/client-errors';
import type { ErrorDetail } from '../errors/conduit-error';
import { zodIssueDetails } from '../zod-issue-details';
import { CreateConnectorRequestSchema } from './connector-schemas';

/**
 * A create-connector request with its kind resolved and its credentials and config checked.
 *
 * @example
 * ```ts
 * const request: ParsedCreateConnectorRequest = parseCreateConnectorRequest(body, { kinds });
 * console.log(request.connector_type, Object.keys(request.config));
 * ```
 */
export interface ParsedCreateConnectorRequest {
  external_user_id: string;
  /** The canonical kind, whatever alias the body gave. */
  connector_type: string;
  /** As given, or `"<connector_type> - <external_user_id>"`. */
  name: string;
  credentials: Readonly<Record<string, string | undefined>>;
  config: Readonly<Record<string, unknown>>;
}

/**
 * Options of {@link parseCreateConnectorRequest}.
 *
 * @example
 * ```ts
 * parseCreateConnectorRequest(body, { kinds, allowUpstreamOverride: process.env.CONDUIT_ALLOW_UPSTREAM_OVERRIDE === '1' });
 * ```
 */
export interface ParseCreateConnectorOptions {
  /** The kinds the service knows (the connector registry's). */
  kinds: readonly ConnectorKind<string, unknown, unknown>[];
  /**
   * Whether `config.base_url` may replace the upstream address. A server refuses it unless its
   * operator allowed it, since it would let a tenant aim the server at any address. Default true.
   */
  allowUpstreamOverride?: boolean;
}

/**
 * Checks a create-connector body the way the hosted service does, in its order and with its
 * errors: body shape → 400 `invalid_param`; unknown kind → 400 `unknown_connector_type`;
 * credentials and config → 422 `invalid_credentials` / `invalid_config` (faults of both reported
 * together); a refused `config.base_url` → 422 `base_url_not_allowed`.
 *
 * @example
 * ```ts
 * const request = parseCreateConnectorRequest(
 *   { external_user_id: 'user-42', connector_type: 'support-desk', credentials, config: { subdomain: 'acme' } },
 *   { kinds },
 * );
 * request.connector_type; // 'support-desk' (an alias resolves to it too)
 * ```
 */
export function parseCreateConnectorRequest(
  body: unknown,
  options: ParseCreateConnectorOptions,
): ParsedCreateConnectorRequest {
  const result = CreateConnectorRequestSchema.safeParse(body);
  if (!result.success) {
    const details = zodIssueDetails(result.error.issues, { errorCode: 'invalid_param', input: body });
    throw new ValidationError(`invalid request: ${details.map((detail) => detail.message).join('; ')}`, {
      code: 'invalid_param',
      status: 400,
      details,
    });
  }
  const request = result.data;
  const kind = requireConnectorKind(options.kinds, request.connector_type);

  const details: ErrorDetail[] = [];
  let code: string | undefined;
  let credentials: unknown;
  let config: unknown;
  try {
    credentials = kind.parseCredentials(request.credentials);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    details.push(...error.details);
    code = error.code;
  }
  try {
    config = kind.parseConfig(request.config);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    details.push(...error.details);
    code ??= error.code;
  }
  if (options.allowUpstreamOverride === false && request.config?.base_url !== undefined) {
    details.push({
      field: 'config.base_url',
      message: 'this server does not allow config.base_url to replace the upstream address',
      error_code: 'base_url_not_allowed',
    });
    code ??= 'base_url_not_allowed';
  }
  if (code !== undefined) {
    throw new ValidationError(details.map((detail) => detail.message).join('; '), {
      code,
      status: 422,
      details,
    });
  }
  return {
    external_user_id: request.external_user_id,
    connector_type: kind.type,
    name: request.name ?? `${kind.type} - ${request.external_user_id}`,
    credentials: credentials as ParsedCreateConnectorRequest['credentials'],
    config: config as ParsedCreateConnectorRequest['config'],
  };
}
