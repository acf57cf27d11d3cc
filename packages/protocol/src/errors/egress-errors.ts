import { ConduitError, type ConduitErrorOptions, withDefaults } from './conduit-error';

/**
 * The kinds of address the egress policy refuses unless the operator allows them: `loopback`,
 * `link-local`, `private`, `unique-local`, `unspecified`, `cgnat`, `multicast`, `broadcast`,
 * `reserved`; `host-not-allowed` for a host outside a declared host allowlist.
 *
 * @example
 * ```ts
 * const refused: EgressRefusal = 'loopback';
 * ```
 */
export type EgressRefusal =
  | 'loopback'
  | 'link-local'
  | 'private'
  | 'unique-local'
  | 'unspecified'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'host-not-allowed';

/**
 * A connection the egress policy refused: the host resolved to (or is) an address of a refused
 * class, or is not among the hosts allowed for the call. Never retried, never followed.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof EgressDeniedError) console.log(error.host, error.refusal); // 'localhost' 'loopback'
 * }
 * ```
 */
export class EgressDeniedError extends ConduitError {
  override readonly name: string = 'EgressDeniedError';
  /** The host name of the URL (or hop) that was refused. */
  readonly host: string;
  /** The resolved address, when the refusal is about an address. */
  readonly address: string | undefined;
  /** Why: the class of the address, or `host-not-allowed`. */
  readonly refusal: EgressRefusal;
  constructor(
    host: string,
    refusal: EgressRefusal,
    options: ConduitErrorOptions & { address?: string } = {},
  ) {
    const what =
      refusal === 'host-not-allowed'
        ? `host ${host} is not among the allowed hosts`
        : `host ${host} resolves to a ${refusal} address${options.address && options.address !== host ? ` (${options.address})` : ''}`;
    super(`egress refused: ${what}`, withDefaults({ code: 'egress_denied', retryable: false }, options));
    this.host = host;
    this.address = options.address;
    this.refusal = refusal;
  }
}

/**
 * The limits {@link ResponseLimitError} names: the bytes on the wire, the bytes after decoding
 * `content-encoding`, the ratio between the two, a download's bytes and its duration.
 *
 * @example
 * ```ts
 * const limit: ResponseLimit = 'decompression_ratio';
 * ```
 */
export type ResponseLimit =
  | 'raw_bytes'
  | 'decoded_bytes'
  | 'decompression_ratio'
  | 'download_bytes'
  | 'download_time';

/**
 * An upstream response went past one of the bounds set on it; the body was cancelled, nothing of
 * it is kept. Not retryable: the same response would break the same bound.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof ResponseLimitError) console.log(error.limit, error.max); // 'decoded_bytes' 16777216
 * }
 * ```
 */
export class ResponseLimitError extends ConduitError {
  override readonly name: string = 'ResponseLimitError';
  /** Which bound was passed. */
  readonly limit: ResponseLimit;
  /** The bound's value (bytes, a ratio, or milliseconds for `download_time`). */
  readonly max: number;
  constructor(limit: ResponseLimit, max: number, options: ConduitErrorOptions = {}) {
    const unit = limit === 'download_time' ? ' ms' : limit === 'decompression_ratio' ? 'x' : ' bytes';
    super(
      `upstream response exceeded ${limit.replaceAll('_', ' ')} limit of ${max}${unit}`,
      withDefaults({ code: 'response_too_large', retryable: false }, options),
    );
    this.limit = limit;
    this.max = max;
  }
}
