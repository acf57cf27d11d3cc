import {
  authFromCredentials,
  createConnectorExecutor,
  type LocalConnectorExecutor,
} from '@conduit/connector-kit';
import { ValidationError } from '@conduit/protocol';
import {
  defaultFetch,
  type RateLimiter,
  type RateLimiterOptions,
  type RefreshCoordinator,
  type RetryOptions,
  type TransportHooks,
} from '@conduit/transport';
import { salesforceDefinition } from './definition/definition';
import { parseSalesforceCredentials } from './salesforce-credentials';
import { mapSalesforceError } from './salesforce-errors';
import { DEFAULT_INSTANCE_URL, type SalesforceCredentials } from './salesforce-kind';
import { type ApiUsage, SalesforceSession } from './salesforce-session';
import { DEFAULT_BATCH } from './soql-list-paging';
import { VERSION } from './version';

/** The REST API version used unless configured (Spring '26). */
export const DEFAULT_API_VERSION = '66.0';

/**
 * Client-side limits for one org: Salesforce has no per-minute limit on the REST API, only the
 * daily allocation (watched through `Sforce-Limit-Info`) and 25 concurrent long requests (5 on
 * Developer Edition), so the cap is on concurrency, with a generous rate.
 */
export const SALESFORCE_RATE_LIMIT: RateLimiterOptions = {
  requestsPerInterval: 1500,
  intervalMs: 60_000,
  maxConcurrent: 10,
};

/**
 * Options of the local (open source) mode.
 *
 * @example
 * ```ts
 * const options: SalesforceLocalOptions = {
 *   credentials: { refresh_token, client_id, client_secret },
 *   instanceUrl: 'https://acme.my.salesforce.com',
 * };
 * ```
 */
export interface SalesforceLocalOptions {
  /** OAuth refresh-token credentials (seed 000): `refresh_token`, `client_id`, `client_secret`. */
  credentials: SalesforceCredentials | Readonly<Record<string, unknown>>;
  /** Config `instance_url`: where the token endpoint is. Default `https://login.salesforce.com`. */
  instanceUrl?: string;
  /** REST API version, e.g. `62.0`. Default {@link DEFAULT_API_VERSION}. */
  apiVersion?: string;
  /** Stores credentials after each refresh (a rotated `refresh_token`, the new `access_token`). */
  saveCredentials?: (credentials: Record<string, string>) => void | Promise<void>;
  /** Serializes refreshes with other holders of the same (rotating) refresh token. */
  coordinateRefresh?: RefreshCoordinator;
  /** Each `Sforce-Limit-Info` report. */
  onApiUsage?: (usage: ApiUsage) => void;
  /** Once when usage reaches `limitWarningAt` of the allocation. Default: a Node process warning. */
  onLimitWarning?: (usage: ApiUsage) => void;
  /** Default 0.9. */
  limitWarningAt?: number;
  fetch?: typeof globalThis.fetch;
  rateLimit?: RateLimiterOptions | RateLimiter | false;
  retry?: Partial<RetryOptions> | false;
  timeoutMs?: number;
  hooks?: TransportHooks;
  userAgent?: string;
}

/**
 * The local executor, with what the connection learned: the org's `instance_url` and the
 * latest API usage.
 *
 * @example
 * ```ts
 * executor.apiUsage; // { used: 120, max: 15000 }
 * ```
 */
export interface SalesforceLocalExecutor extends LocalConnectorExecutor {
  readonly apiUsage: ApiUsage | undefined;
  readonly instanceUrl: string | undefined;
}

/**
 * The origin of the configured instance URL. A bare host (`acme.my.salesforce.com`) is the usual
 * slip, and `new URL` would throw an untyped `TypeError: Invalid URL` for it. Plain http stays
 * allowed here for loopback test servers; the hosted config schema is the one that insists on https.
 */
function loginOrigin(instanceUrl: string): string {
  const url = URL.canParse(instanceUrl) ? new URL(instanceUrl) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    const message = 'instanceUrl: must be an absolute https URL, e.g. https://acme.my.salesforce.com';
    throw new ValidationError(message, {
      code: 'invalid_config',
      status: 422,
      details: [{ field: 'instanceUrl', message, error_code: 'invalid_config' }],
    });
  }
  return url.origin;
}

/**
 * Runs the CRM connector in this process against Salesforce: the refresh grant at the configured
 * `instance_url`'s token endpoint (single-flight, replayed once after a 401
 * `INVALID_SESSION_ID`), data calls at the `instance_url` of the token response, SOQL lists,
 * sObject gets, streamed blob downloads, Salesforce's errors typed, and its limits watched.
 *
 * @example
 * ```ts
 * const executor = createSalesforceExecutor({ credentials, instanceUrl: 'https://login.salesforce.com' });
 * const page = await executor.execute({ entity: 'accounts', action: 'list', params: { name: 'Acme' } });
 * ```
 */
export function createSalesforceExecutor(options: SalesforceLocalOptions): SalesforceLocalExecutor {
  // A stored session is not reused: the first call refreshes, which is how the instance_url is learned.
  const { access_token: _stored, ...credentials } = parseSalesforceCredentials(options.credentials);
  const version = options.apiVersion ?? DEFAULT_API_VERSION;
  if (!/^\d{2,3}\.\d$/.test(version)) {
    throw new ValidationError('apiVersion: must look like 62.0', {
      code: 'invalid_config',
      status: 422,
      details: [{ field: 'apiVersion', message: 'must look like 62.0', error_code: 'invalid_config' }],
    });
  }
  const loginUrl = loginOrigin(options.instanceUrl ?? DEFAULT_INSTANCE_URL);
  const session = new SalesforceSession({
    loginUrl,
    fetch: options.fetch ?? defaultFetch(),
    ...(options.onApiUsage === undefined ? {} : { onApiUsage: options.onApiUsage }),
    ...(options.onLimitWarning === undefined ? {} : { onLimitWarning: options.onLimitWarning }),
    ...(options.limitWarningAt === undefined ? {} : { warnAt: options.limitWarningAt }),
  });
  const executor = createConnectorExecutor({
    definition: salesforceDefinition,
    baseUrl: `${loginUrl}/services/data/v${version}`,
    auth: authFromCredentials(credentials, {
      tokenUrl: `${loginUrl}/services/oauth2/token`,
      fetch: session.fetch,
      ...(options.saveCredentials === undefined ? {} : { onCredentials: options.saveCredentials }),
      ...(options.coordinateRefresh === undefined ? {} : { coordinateRefresh: options.coordinateRefresh }),
    }),
    fetch: session.fetch,
    defaultRateLimit: SALESFORCE_RATE_LIMIT,
    errorMapper: mapSalesforceError,
    defaultPageSize: DEFAULT_BATCH,
    userAgent: [...(options.userAgent ? [options.userAgent] : []), `conduit-salesforce/${VERSION}`],
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
  });
  return Object.defineProperties(executor, {
    apiUsage: { get: () => session.apiUsage, enumerable: true },
    instanceUrl: { get: () => session.instanceOrigin, enumerable: true },
  }) as SalesforceLocalExecutor;
}
