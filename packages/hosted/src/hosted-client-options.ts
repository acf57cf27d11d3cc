import { ValidationError } from '@conduit/protocol';
import type { RetryOptions, TransportHooks } from '@conduit/transport';

/** Where the self-hosted service listens by default. */
export const DEFAULT_HOSTED_BASE_URL = 'http://127.0.0.1:8787';

/** Options of the hosted-service client (seed 000, "Client-library interface"). */
export interface HostedClientOptions {
  /**
   * The end user on whose behalf connectors act. Env: `CONDUIT_EXTERNAL_USER_ID`. Optional with
   * `scopedToken`, which already names its user.
   */
  externalUserId: string;
  /** The application's client id. Env: `CONDUIT_CLIENT_ID`. */
  platformClientId: string;
  /** The application's client secret. Env: `CONDUIT_CLIENT_SECRET`. */
  platformClientSecret: string;
  /** The service's address. Env: `CONDUIT_BASE_URL`; default `http://127.0.0.1:8787`. */
  baseUrl?: string;
  /** The fetch requests go through; default `defaultFetch()` of @conduit/transport (the platform's `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
  retry?: Partial<RetryOptions> | false;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  hooks?: TransportHooks;
  /** Product token prepended to the User-Agent. */
  userAgent?: string;
  /** Now in epoch milliseconds, for token expiry; injectable for tests. */
  now?: () => number;
  /**
   * A scoped token the service already issued (e.g. the bearer an MCP client sent): requests carry
   * it as it is, and neither the client id and secret nor the user id are needed. When it expires
   * the calls answer 401; whoever holds it must fetch a new one.
   */
  scopedToken?: string;
}

const ENVIRONMENT = {
  externalUserId: 'CONDUIT_EXTERNAL_USER_ID',
  platformClientId: 'CONDUIT_CLIENT_ID',
  platformClientSecret: 'CONDUIT_CLIENT_SECRET',
  baseUrl: 'CONDUIT_BASE_URL',
} as const;

/**
 * Fills what the options leave out from the environment, and refuses to go on without the three
 * identities, naming the missing ones (and the variables that would provide them).
 *
 * @example
 * ```ts
 * const options = resolveHostedClientOptions({ externalUserId: 'user-1' }, process.env);
 * ```
 */
export function resolveHostedClientOptions(
  options: Partial<HostedClientOptions>,
  environment: Record<string, string | undefined> = process.env,
): HostedClientOptions & { baseUrl: string } {
  const resolved = { ...options } as Record<string, unknown>;
  for (const [key, variable] of Object.entries(ENVIRONMENT)) {
    if (resolved[key] === undefined && environment[variable]) resolved[key] = environment[variable];
  }
  resolved.baseUrl ??= DEFAULT_HOSTED_BASE_URL;
  const required = resolved.scopedToken
    ? []
    : (['externalUserId', 'platformClientId', 'platformClientSecret'] as const);
  const missing = required.filter((key) => typeof resolved[key] !== 'string' || resolved[key] === '');
  if (missing.length > 0) {
    throw new ValidationError(
      `The hosted client needs ${missing.join(', ')} (or the environment variables ${missing.map((key) => ENVIRONMENT[key]).join(', ')})`,
      {
        code: 'missing_param',
        details: missing.map((key) => ({
          field: key,
          message: `${key} is required`,
          error_code: 'missing_param',
        })),
      },
    );
  }
  return resolved as unknown as HostedClientOptions & { baseUrl: string };
}
