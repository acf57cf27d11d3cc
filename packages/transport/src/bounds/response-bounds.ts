/**
 * Bounds on one upstream response. Every breach fails the call with a `ResponseLimitError`
 * naming the bound, and cancels the body, so nothing of it stays buffered.
 *
 * @example
 * ```ts
 * const pages: ResponseBounds = { maxRawBytes: 8 << 20, maxDecodedBytes: 16 << 20, maxDecompressionRatio: 100 };
 * ```
 */
export interface ResponseBounds {
  /** Bytes on the wire (before `content-encoding` is decoded), redirects included. */
  readonly maxRawBytes?: number;
  /** Bytes of the decoded body. */
  readonly maxDecodedBytes?: number;
  /**
   * Decoded bytes per raw byte (nested encodings such as `gzip, gzip` multiply), checked once the
   * decoded body passes `ratioFloorBytes`.
   */
  readonly maxDecompressionRatio?: number;
  /** Decoded bytes below which the ratio is not checked (small bodies compress well). Default 1 MiB. */
  readonly ratioFloorBytes?: number;
  /** Time from the request to the body's last byte, in milliseconds (a download's time limit). */
  readonly maxDurationMs?: number;
  /** Which limit name a breach of `maxDecodedBytes`/`maxDurationMs` reports: pages or downloads. */
  readonly kind?: 'response' | 'download';
}

/**
 * The bounds used when none are given: generous for an API page, far below what would exhaust a
 * process's memory (16 MiB on the wire, 64 MiB decoded, ratio 200).
 *
 * @example
 * ```ts
 * createBoundedFetch({ bounds: { ...DEFAULT_RESPONSE_BOUNDS, maxDecodedBytes: 256 << 20 } });
 * ```
 */
export const DEFAULT_RESPONSE_BOUNDS: ResponseBounds = {
  maxRawBytes: 16 * 1024 * 1024,
  maxDecodedBytes: 64 * 1024 * 1024,
  maxDecompressionRatio: 200,
};
