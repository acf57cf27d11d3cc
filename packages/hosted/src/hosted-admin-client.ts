import {
  type Application,
  ApplicationListSchema,
  ApplicationSchema,
  type ApplicationWithSecret,
  ApplicationWithSecretSchema,
  definedOptions,
  type ExecuteOptions,
  ValidationError,
} from '@conduit/protocol';
import {
  bearerAuth,
  createTransport,
  type ErrorMapperContext,
  type RetryOptions,
  type Transport,
  type TransportHooks,
} from '@conduit/transport';
import { DEFAULT_HOSTED_BASE_URL } from './hosted-client-options';
import { hostedErrorFromBody } from './hosted-error';
import { VERSION } from './version';

/** Options of {@link HostedAdminClient}. */
export interface HostedAdminClientOptions {
  /** The operator's token (`CONDUIT_ADMIN_TOKEN` of the server). */
  adminToken: string;
  /** The service's address; default `http://127.0.0.1:8787`. */
  baseUrl?: string;
  /** The fetch requests go through; default `defaultFetch()` of @conduit/transport. */
  fetch?: typeof globalThis.fetch;
  retry?: Partial<RetryOptions> | false;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  hooks?: TransportHooks;
  /** Product token prepended to the User-Agent. */
  userAgent?: string;
}

/** What {@link HostedAdminClient.createApplication} takes. */
export interface CreateApplicationInput {
  /** Display name of the application. */
  name: string;
  /** The client id to give it; generated (`app_…`) when absent. */
  clientId?: string;
}

const encode = encodeURIComponent;

/**
 * Client of the hosted service's admin API, for the operator: registers applications, lists them,
 * revokes one (its tokens stop working at once) and rotates a secret. Secrets are returned once,
 * by `createApplication` and `rotateApplicationSecret`.
 *
 * @example
 * ```ts
 * const admin = new HostedAdminClient({ adminToken: process.env.CONDUIT_ADMIN_TOKEN!, baseUrl });
 * const { client_id, client_secret } = await admin.createApplication({ name: 'Billing app' });
 * ```
 */
export class HostedAdminClient {
  /** The service's address. */
  readonly baseUrl: string;
  readonly #transport: Transport;

  constructor(options: HostedAdminClientOptions) {
    if (typeof options.adminToken !== 'string' || options.adminToken === '') {
      throw new ValidationError('The admin client needs adminToken (the server’s CONDUIT_ADMIN_TOKEN)', {
        code: 'missing_param',
        details: [{ field: 'adminToken', message: 'adminToken is required', error_code: 'missing_param' }],
      });
    }
    this.baseUrl = options.baseUrl ?? DEFAULT_HOSTED_BASE_URL;
    this.#transport = createTransport({
      ...definedOptions({
        fetch: options.fetch,
        retry: options.retry,
        timeoutMs: options.timeoutMs,
        hooks: options.hooks,
      }),
      baseUrl: this.baseUrl,
      auth: bearerAuth(options.adminToken),
      userAgent: [...(options.userAgent ? [options.userAgent] : []), `conduit-hosted/${VERSION}`],
      errorMapper: ({ status, body, headers, request }: ErrorMapperContext) =>
        hostedErrorFromBody(status, body, headers, request),
    });
  }

  /**
   * Registers an application; the answer holds its `client_secret`, shown this once.
   *
   * @example
   * ```ts
   * const created = await admin.createApplication({ name: 'Billing app' });
   * ```
   */
  createApplication(
    input: CreateApplicationInput,
    options: ExecuteOptions = {},
  ): Promise<ApplicationWithSecret> {
    return this.#transport.json({
      method: 'POST',
      path: '/admin/v1/applications',
      json: { name: input.name, client_id: input.clientId },
      schema: ApplicationWithSecretSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Every application, oldest first, active and revoked.
   *
   * @example
   * ```ts
   * const active = (await admin.listApplications()).filter((a) => a.status === 'active');
   * ```
   */
  async listApplications(options: ExecuteOptions = {}): Promise<Application[]> {
    const body = await this.#transport.json({
      path: '/admin/v1/applications',
      schema: ApplicationListSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return body.data;
  }

  /**
   * Revokes an application by client id: its tokens stop working at once on the server that
   * answers, and within a second on the others sharing its database.
   *
   * @example
   * ```ts
   * await admin.revokeApplication('app_0f3c9a1b2c3d4e5f');
   * ```
   */
  revokeApplication(clientId: string, options: ExecuteOptions = {}): Promise<Application> {
    return this.#transport.json({
      method: 'POST',
      path: `/admin/v1/applications/${encode(clientId)}/revoke`,
      schema: ApplicationSchema,
      // Revoking twice answers the same.
      idempotent: true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Gives an application a new secret (returned this once); the old one stops getting tokens.
   *
   * @example
   * ```ts
   * const { client_secret } = await admin.rotateApplicationSecret('app_0f3c9a1b2c3d4e5f');
   * ```
   */
  rotateApplicationSecret(clientId: string, options: ExecuteOptions = {}): Promise<ApplicationWithSecret> {
    return this.#transport.json({
      method: 'POST',
      path: `/admin/v1/applications/${encode(clientId)}/rotate-secret`,
      schema: ApplicationWithSecretSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}
