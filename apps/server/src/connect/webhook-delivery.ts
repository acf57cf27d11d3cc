import { createHmac } from 'node:crypto';

/** How long to wait before each retry of a failed delivery: 1 s, 5 s, 30 s, 2 min, 10 min. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];

/** The header carrying a webhook's timestamp and signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'conduit-signature';

/**
 * The signature header of a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The
 * receiver recomputes it with the session's webhook secret and refuses old timestamps (replays).
 *
 * @example
 * ```ts
 * signWebhook(secret, body, Math.floor(Date.now() / 1000)); // 't=1767225600,v1=5f…'
 * ```
 */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** Options of {@link deliverWebhook}. */
export interface WebhookDeliveryOptions {
  readonly url: string;
  readonly secret: string;
  /** The JSON body, sent byte for byte as signed. */
  readonly body: string;
  /** The event's id, sent as `conduit-webhook-id` so a receiver can drop duplicates. */
  readonly eventId: string;
  readonly now: () => number;
  readonly fetch?: typeof globalThis.fetch;
  /** Default {@link WEBHOOK_RETRY_DELAYS_MS}. */
  readonly retryDelaysMs?: readonly number[];
  /** Per attempt; default 10 s. */
  readonly timeoutMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told of each failed attempt (status or error name), for the log. */
  readonly onFailure?: (attempt: number, reason: string) => void;
}

/**
 * POSTs a signed event until the receiver answers 2xx, re-signing each attempt with its own
 * timestamp and waiting the backoff delays between attempts; resolves with whether it got through.
 * Written here rather than with the transport: a webhook is not an upstream call (no rate limit,
 * no auth, no error mapping) and its retries span minutes, past any request deadline.
 *
 * @example
 * ```ts
 * await deliverWebhook({ url, secret, body: JSON.stringify(event), eventId: event.id, now: Date.now });
 * ```
 */
export async function deliverWebhook(options: WebhookDeliveryOptions): Promise<boolean> {
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const send = options.fetch ?? globalThis.fetch;
  // Unref'd: a pending retry does not hold a stopping server (the notice is lost with it).
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await sleep(delays[attempt - 1]!);
    const timestamp = Math.floor(options.now() / 1000);
    let reason: string;
    try {
      const response = await send(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'conduit-webhook-id': options.eventId,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(options.secret, options.body, timestamp),
        },
        body: options.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) return true;
      reason = `status ${response.status}`;
    } catch (error) {
      reason = error instanceof Error ? error.name : 'error';
    }
    options.onFailure?.(attempt + 1, reason);
  }
  return false;
}
