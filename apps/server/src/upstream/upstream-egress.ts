import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { ConnectorType } from '@conduit/connectors';
import type { ResponseBounds } from '@conduit/transport';
import {
  assertUrlAllowed,
  createBoundedFetch,
  createEgressPolicy,
  createProxyEgressDispatcher,
  type EgressLookup,
  type ProxySettings,
} from '@conduit/transport/egress';

type Agent = ReturnType<typeof createProxyEgressDispatcher>;

/**
 * The egress settings of the server (`CONDUIT_EGRESS_ALLOW`, `CONDUIT_DOWNLOAD_HOSTS`, the
 * response and download bounds).
 *
 * @example
 * ```ts
 * const settings: UpstreamEgressSettings = { allow: ['10.20.0.0/16'], downloadMaxBytes: 512 << 20 };
 * ```
 */
export interface UpstreamEgressSettings {
  /** Addresses, CIDRs and hosts reached even though loopback/private/…; `CONDUIT_EGRESS_ALLOW`. */
  readonly allow?: readonly string[];
  /** Hosts downloads may reach besides the connector kind's own list (`*` for any); `CONDUIT_DOWNLOAD_HOSTS`. */
  readonly downloadHosts?: readonly string[];
  /** Largest upstream API response, decoded and on the wire. Default 16 MiB. */
  readonly maxResponseBytes?: number;
  /** Largest decoded-to-raw ratio of a response. Default 100. */
  readonly maxDecompressionRatio?: number;
  /** A download's largest size; default unbounded (it is streamed). `CONDUIT_DOWNLOAD_MAX_BYTES`. */
  readonly downloadMaxBytes?: number;
  /** A download's longest time; default unbounded. `CONDUIT_DOWNLOAD_MAX_TIME`. */
  readonly downloadMaxTimeMs?: number;
  /**
   * The proxies upstream connections go through (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`); the
   * egress policy still applies to every target. Default none.
   */
  readonly proxy?: ProxySettings;
  /** Name resolution (tests map names to addresses without DNS). */
  readonly lookup?: EgressLookup;
}

/** Default largest upstream API response: far above any page, far below what hurts the process. */
export const DEFAULT_MAX_UPSTREAM_RESPONSE_BYTES = 16 * 1024 * 1024;

// The key of the webhook dispatcher among the per-host-list ones (no host list has a NUL in it).
const WEBHOOK_DISPATCHER = '\u0000webhook';

/**
 * Every upstream connection the service and the sync make: one egress dispatcher per set of
 * allowed hosts (the connector's API host plus its kind's download hosts), so each connection and
 * each redirect hop is checked at connect time, and bounded responses (API pages tightly,
 * downloads by the operator's limits).
 *
 * @example
 * ```ts
 * const egress = new UpstreamEgress({ allow: config.egressAllow });
 * const fetch = egress.fetchFor('task-management', connector.baseUrl);
 * ```
 */
export class UpstreamEgress {
  readonly #settings: UpstreamEgressSettings;
  readonly #dispatchers = new Map<string, Agent>();
  readonly #policy: ReturnType<typeof createEgressPolicy>;
  readonly #registry: Pick<ConnectorRegistry, 'forKind'> | undefined;

  /**
   * @param registry the connector modules whose download hosts (`ConnectorModule.downloadHosts`)
   *   a connector's downloads may reach besides its API host; without it, only that host and
   *   `settings.downloadHosts`.
   */
  constructor(settings: UpstreamEgressSettings = {}, registry?: Pick<ConnectorRegistry, 'forKind'>) {
    this.#settings = settings;
    this.#registry = registry;
    this.#policy = createEgressPolicy({ allow: settings.allow ?? [] });
  }

  /**
   * The `fetch` for one connector: its API origin gets the page bounds, every other origin (an
   * attachment's download URL) the download bounds.
   */
  fetchFor(type: ConnectorType, baseUrl: string): typeof globalThis.fetch {
    const api = new URL(baseUrl);
    const extra = this.#settings.downloadHosts ?? [];
    const allowedHosts = extra.includes('*')
      ? undefined
      : [api.hostname, ...(this.#registry?.forKind(type)?.downloadHosts ?? []), ...extra];
    const key = allowedHosts === undefined ? '*' : allowedHosts.join(',');
    let dispatcher = this.#dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = createProxyEgressDispatcher({
        proxy: this.#settings.proxy ?? {},
        allow: this.#settings.allow ?? [],
        ...(allowedHosts === undefined ? {} : { allowedHosts }),
        ...(this.#settings.lookup === undefined ? {} : { lookup: this.#settings.lookup }),
      });
      this.#dispatchers.set(key, dispatcher);
    }
    const maxBytes = this.#settings.maxResponseBytes ?? DEFAULT_MAX_UPSTREAM_RESPONSE_BYTES;
    const ratio = this.#settings.maxDecompressionRatio ?? 100;
    const page: ResponseBounds = {
      maxRawBytes: maxBytes,
      maxDecodedBytes: maxBytes,
      maxDecompressionRatio: ratio,
    };
    const download: ResponseBounds = {
      kind: 'download',
      maxDecompressionRatio: ratio,
      ...(this.#settings.downloadMaxBytes === undefined
        ? {}
        : { maxRawBytes: this.#settings.downloadMaxBytes, maxDecodedBytes: this.#settings.downloadMaxBytes }),
      ...(this.#settings.downloadMaxTimeMs === undefined
        ? {}
        : { maxDurationMs: this.#settings.downloadMaxTimeMs }),
    };
    return createBoundedFetch({
      dispatcher,
      boundsFor: (url) => (url.origin === api.origin ? page : download),
    });
  }

  /**
   * The `fetch` of outgoing webhooks (a connect session's completion notice): the same egress
   * policy as every upstream connection (checked at connect time, each address a name resolves
   * to), any public host, the default response bounds (the receiver's body is discarded anyway).
   */
  webhookFetch(): typeof globalThis.fetch {
    let dispatcher = this.#dispatchers.get(WEBHOOK_DISPATCHER);
    if (!dispatcher) {
      dispatcher = createProxyEgressDispatcher({
        proxy: this.#settings.proxy ?? {},
        allow: this.#settings.allow ?? [],
        ...(this.#settings.lookup === undefined ? {} : { lookup: this.#settings.lookup }),
      });
      this.#dispatchers.set(WEBHOOK_DISPATCHER, dispatcher);
    }
    return createBoundedFetch({ dispatcher });
  }

  /**
   * The creation-time check of a configured upstream URL (a CRM `instance_url`): a literal
   * loopback, link-local or private address, or `localhost`, is refused unless allowed.
   *
   * @throws EgressDeniedError
   */
  assertConfiguredUrl(url: string): void {
    assertUrlAllowed(this.#policy, url);
  }

  /** Closes the pooled upstream connections. */
  async close(): Promise<void> {
    const dispatchers = [...this.#dispatchers.values()];
    this.#dispatchers.clear();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.close().catch(() => undefined)));
  }
}
