import { createHmac } from 'node:crypto';

/** How long to wait before each retry of a failed delivery: 1 s, 5 s, 30 s, 2 min, 10 min. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];

/** The header carrying a webhook's timestamp and signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'conduit-signature';

/**
 * How old a signature's timestamp a receiver should accept, in seconds: five minutes. Every
 * attempt is signed when it is sent, so a retry (even one sent by another process after a
 * restart) is as fresh as the first; an older timestamp is a replay. Sent with each delivery as
 * {@link WEBHOOK_TOLERANCE_HEADER} and documented in the server README.
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header telling the receiver {@link WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}. */
export const WEBHOOK_TOLERANCE_HEADER = 'conduit-signature-tolerance';

/**
 * The signature header of a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The
 * receiver recomputes it with the session's webhook secret and refuses timestamps older than
 * {@link WEBHOOK_SIGNATURE_TOLERANCE_SECONDS} (replays).
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

/** Options of {@link sendWebhookAttempt}. */
export interface WebhookAttemptOptions {
  readonly url: string;
  readonly secret: string;
  /** The JSON body, sent byte for byte as signed. */
  readonly body: string;
  /** The event's id, sent as `conduit-webhook-id` so a receiver can drop duplicates. */
  readonly eventId: string;
  readonly now: () => number;
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Default 10 s. */
  readonly timeoutMs?: number | undefined;
}

/**
 * POSTs a signed event once, signed with this attempt's own timestamp: `undefined` when the
 * receiver answered 2xx, else why not (a status or an error name, for the log). Retries are the
 * outbox's (`WebhookOutbox`), which stores them so a restart loses none. Written here rather
 * than with the transport: a webhook is not an upstream call (no rate limit, no auth, no error
 * mapping) and its retries span minutes, past any request deadline.
 *
 * @example
 * ```ts
 * const failure = await sendWebhookAttempt({ url, secret, body: JSON.stringify(event), eventId: event.id, now: Date.now });
 * ```
 */
export async function sendWebhookAttempt(options: WebhookAttemptOptions): Promise<string | undefined> {
  const send = options.fetch ?? globalThis.fetch;
  const timestamp = Math.floor(options.now() / 1000);
  try {
    const response = await send(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'conduit-webhook-id': options.eventId,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(options.secret, options.body, timestamp),
        [WEBHOOK_TOLERANCE_HEADER]: String(WEBHOOK_SIGNATURE_TOLERANCE_SECONDS),
      },
      body: options.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return undefined;
    return `status ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.name : 'error';
  }
}
