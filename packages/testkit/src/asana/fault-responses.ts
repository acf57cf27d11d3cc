import { STATUS_CODES } from 'node:http';
import { asanaErrorBody } from './asana-http-error';
import { PHRASE_WORDS } from './vocabulary';

/**
 * The standard message of every 429.
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_RATE_LIMIT_MESSAGE);
 * ```
 */
export const RATE_LIMIT_MESSAGE =
  "You've made too many requests and hit a rate limit. Please retry after the given amount of time.";

/**
 * A support phrase like the ones on Asana's 500s ("6 sad squid snuggle softly"): a number and four
 * words, derived from a counter so every incident gets a distinct, repeatable phrase.
 *
 * @example
 * ```ts
 * incidentPhrase(3); // e.g. '4 brave otters paddle gently'
 * ```
 */
export function incidentPhrase(counter: number): string {
  const { adjectives, animals, verbs, adverbs } = PHRASE_WORDS;
  const pick = <T>(list: readonly T[], step: number): T =>
    list[Math.floor(counter / step) % list.length] as T;
  return `${(counter % 9) + 2} ${pick(adjectives, 1)} ${pick(animals, 3)} ${pick(verbs, 7)} ${pick(adverbs, 11)}`;
}

/** A complete canned response: status, headers and body bytes. */
export interface CannedResponse {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer;
}

function json(status: number, body: unknown, headers: Record<string, string | number> = {}): CannedResponse {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': bytes.length,
      ...headers,
    },
    body: bytes,
  };
}

/**
 * The response of an injected status fault, shaped like what Asana's stack answers: a 500 with a
 * phrase, a 504 as an nginx **HTML** page (not JSON), a 429 with an integer `Retry-After`, and the
 * JSON error envelope for the rest.
 *
 * @example
 * ```ts
 * const canned = statusFaultResponse({ status: 504 }, 1);
 * canned.headers['content-type']; // 'text/html'
 * ```
 */
export function statusFaultResponse(
  fault: { status: number; message?: string; phrase?: string; retryAfterSeconds?: number },
  counter: number,
): CannedResponse {
  const retryAfter: Record<string, string> =
    fault.retryAfterSeconds === undefined
      ? {}
      : { 'retry-after': String(Math.max(0, Math.ceil(fault.retryAfterSeconds))) };
  switch (fault.status) {
    case 500:
      return json(500, {
        errors: [
          { message: fault.message ?? 'Server Error', phrase: fault.phrase ?? incidentPhrase(counter) },
        ],
      });
    case 504: {
      const html = Buffer.from(
        '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
      );
      return {
        status: 504,
        headers: { 'content-type': 'text/html', 'content-length': html.length, ...retryAfter },
        body: html,
      };
    }
    case 429:
      return json(429, asanaErrorBody(fault.message ?? RATE_LIMIT_MESSAGE), {
        'retry-after': String(Math.max(0, Math.ceil(fault.retryAfterSeconds ?? 1))),
      });
    default:
      return json(
        fault.status,
        asanaErrorBody(fault.message ?? STATUS_CODES[fault.status] ?? 'Error'),
        retryAfter,
      );
  }
}
