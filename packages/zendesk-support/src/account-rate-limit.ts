/**
 * The account's per-minute budget as Zendesk last reported it: every response carries
 * `X-Rate-Limit` (the plan's requests a minute: Team 200 … High Volume 2,500) and
 * `X-Rate-Limit-Remaining` (what is left of the current minute), support-desk reference §7.
 *
 * @example
 * ```ts
 * const limit: AccountRateLimit = { perMinute: 200, remaining: 187 };
 * ```
 */
export interface AccountRateLimit {
  perMinute: number;
  /** Undefined when the response did not say. */
  remaining: number | undefined;
}

/** A positive whole number from a header, or undefined. */
function count(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * A fetch that remembers the account's rate limit from each response's headers. The plan is not
 * in the credentials or the config, so this is how a connection learns it (the change stream
 * paces its polling by it).
 *
 * @example
 * ```ts
 * const watch = watchAccountRateLimit(defaultFetch());
 * createConnectorExecutor({ ..., fetch: watch.fetch });
 * watch.latest(); // { perMinute: 200, remaining: 198 } after the first response
 * ```
 */
export function watchAccountRateLimit(fetch: typeof globalThis.fetch): {
  readonly fetch: typeof globalThis.fetch;
  latest(): AccountRateLimit | undefined;
} {
  let latest: AccountRateLimit | undefined;
  return {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const perMinute = count(response.headers.get('x-rate-limit'));
      if (perMinute !== undefined && perMinute > 0) {
        latest = { perMinute, remaining: count(response.headers.get('x-rate-limit-remaining')) };
      }
      return response;
    },
    latest: () => latest,
  };
}
