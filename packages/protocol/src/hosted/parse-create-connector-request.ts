import { type ConnectorConfigByType, parseConnectorConfig } from '../connector-kinds/connector-config';
import {
  type ConnectorCredentialsByType,
  parseConnectorCredentials,
} from '../connector-kinds/connector-credentials';
import { type ConnectorType, requireConnectorType } from '../connector-kinds/connector-type';
import { ValidationError } from '../errors/client-errors';
import type { ErrorDetail } from '../errors/conduit-error';
import { zodIssueDetails } from '../zod-issue-details';
import { CreateConnectorRequestSchema } from './connector-schemas';

/**
 * A create-connector request with its kind resolved and its credentials and config checked.
 *
 * @example
 * ```ts
 * const request: ParsedCreateConnectorRequest = parseCreateConnectorRequest(body);
 * if (request.connector_type === 'support-desk') console.log(request.config.subdomain);
 * ```
 */
export type ParsedCreateConnectorRequest = {
  [Type in ConnectorType]: {
    external_user_id: string;
    connector_type: Type;
    /** As given, or `"<connector_type> - <external_user_id>"`. */
    name: string;
    credentials: ConnectorCredentialsByType[Type];
    config: ConnectorConfigByType[Type];
  };
}[ConnectorType];

/**
 * Options of {@link parseCreateConnectorRequest}.
 *
 * @example
 * ```ts
 * parseCreateConnectorRequest(body, { allowUpstreamOverride: process.env.CONDUIT_ALLOW_UPSTREAM_OVERRIDE === '1' });
 * ```
 */
export interface ParseCreateConnectorOptions {
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
 * const request = parseCreateConnectorRequest({
 *   external_user_id: 'user-42',
 *   connector_type: 'zendesk-support',
 *   credentials: { email: 'agent@example.com', api_token: 't' },
 *   config: { subdomain: 'acme' },
 * });
 * request.connector_type; // 'support-desk'
 * ```
 */
export function parseCreateConnectorRequest(
  body: unknown,
  options: ParseCreateConnectorOptions = {},
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
  const type = requireConnectorType(request.connector_type);

  const details: ErrorDetail[] = [];
  let code: string | undefined;
  let credentials: unknown;
  let config: unknown;
  try {
    credentials = parseConnectorCredentials(type, request.credentials);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    details.push(...error.details);
    code = error.code;
  }
  try {
    config = parseConnectorConfig(type, request.config);
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
    connector_type: type,
    name: request.name ?? `${type} - ${request.external_user_id}`,
    credentials,
    config,
  } as ParsedCreateConnectorRequest;
}
