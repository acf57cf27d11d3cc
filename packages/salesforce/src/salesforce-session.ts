import { ResponseValidationError } from '@conduit/protocol';

/**
 * The daily API allocation as Salesforce last reported it (`Sforce-Limit-Info: api-usage=N/M`).
 *
 * @example
 * ```ts
 * const usage: ApiUsage = { used: 14_200, max: 15_000 };
 * ```
 */
export interface ApiUsage {
  used: number;
  max: number;
}

/**
 * Options of {@link SalesforceSession}.
 *
 * @example
 * ```ts
 * new SalesforceSession({ loginUrl: 'https://login.salesforce.com', fetch, warnAt: 0.9 });
 * ```
 */
export interface SalesforceSessionOptions {
  /** The configured `instance_url`: where the token endpoint is. */
  loginUrl: string;
  fetch: typeof globalThis.fetch;
  /** Share of the allocation at which to warn once. Default 0.9. */
  warnAt?: number;
  /** Called with every usage report. */
  onApiUsage?: (usage: ApiUsage) => void;
  /** Called once when usage crosses `warnAt`. Default: a Node process warning. */
  onLimitWarning?: (usage: ApiUsage) => void;
}

const TOKEN_PATH = '/services/oauth2/token';
const USAGE = /api-usage=(\d+)\/(\d+)/;

/**
 * What a Salesforce connection learns as it goes, and the fetch that applies it. Salesforce's
 * API host is known only from a token response (`instance_url`, the org's My Domain), not from
 * the configured login URL, so every request to `/services/data/` on the login URL's origin is
 * sent to the latest `instance_url` instead (the transport, its refresh-token auth and the kit's
 * executor stay unchanged). Every response's `Sforce-Limit-Info` updates {@link apiUsage}.
 *
 * @example
 * ```ts
 * const session = new SalesforceSession({ loginUrl, fetch: defaultFetch() });
 * createConnectorExecutor({ ..., baseUrl: `${loginUrl}/services/data/v66.0`, fetch: session.fetch });
 * ```
 */
export class SalesforceSession {
  /** Origin of the `instance_url` of the latest token response. */
  instanceOrigin: string | undefined;
  /** The latest usage report. */
  apiUsage: ApiUsage | undefined;
  readonly fetch: typeof globalThis.fetch;
  private readonly loginOrigin: string;
  private warned = false;

  constructor(private readonly options: SalesforceSessionOptions) {
    const login = new URL(options.loginUrl);
    this.loginOrigin = login.origin;
    this.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      const isToken = url.pathname === TOKEN_PATH;
      let target: RequestInfo | URL = input;
      if (
        !isToken &&
        url.origin === this.loginOrigin &&
        this.instanceOrigin !== undefined &&
        url.pathname.startsWith('/services/data/')
      ) {
        const routed = `${this.instanceOrigin}${url.pathname}${url.search}`;
        target = input instanceof Request ? new Request(routed, input) : routed;
      }
      const response = await options.fetch(target, init);
      if (isToken && response.ok) await this.learnInstance(response.clone());
      const info = response.headers.get('sforce-limit-info');
      if (info !== null) this.recordUsage(info);
      return response;
    };
  }

  private async learnInstance(response: Response): Promise<void> {
    let instanceUrl: unknown;
    try {
      instanceUrl = ((await response.json()) as { instance_url?: unknown }).instance_url;
    } catch {
      return;
    }
    if (instanceUrl === undefined) return;
    const loginProtocol = new URL(this.loginOrigin).protocol;
    let parsed: URL | undefined;
    try {
      parsed = typeof instanceUrl === 'string' ? new URL(instanceUrl) : undefined;
    } catch {
      parsed = undefined;
    }
    // Never downgrade: an https login gives an https instance.
    if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== loginProtocol)) {
      throw new ResponseValidationError(
        'The Salesforce token response has no usable instance_url (an https URL).',
        {
          details: [
            { field: 'instance_url', message: 'must be an https URL', error_code: 'invalid_response' },
          ],
        },
      );
    }
    this.instanceOrigin = parsed.origin;
  }

  private recordUsage(header: string): void {
    const match = USAGE.exec(header);
    if (match === null) return;
    const usage = { used: Number(match[1]), max: Number(match[2]) };
    this.apiUsage = usage;
    this.options.onApiUsage?.(usage);
    const threshold = (this.options.warnAt ?? 0.9) * usage.max;
    if (usage.used < threshold) {
      this.warned = false;
      return;
    }
    if (this.warned) return;
    this.warned = true;
    const warn =
      this.options.onLimitWarning ??
      ((current: ApiUsage) =>
        process.emitWarning(`Salesforce API usage is at ${current.used} of ${current.max} daily requests.`, {
          code: 'CONDUIT_SALESFORCE_API_USAGE',
        }));
    warn(usage);
  }
}
