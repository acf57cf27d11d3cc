import * as z from 'zod';

const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * The optional `range_header` param of a download: one byte range, `bytes=start-end`,
 * `bytes=start-` or `bytes=-suffix`. `bytes=-` and an end before its start are refused here:
 * storage hosts ignore such a header and send the whole file with a 200, so the caller would
 * get every byte of what they asked a slice of.
 *
 * @example
 * ```ts
 * z.strictObject({ attachment_id: z.number(), range_header: byteRangeParam() });
 * ```
 */
export function byteRangeParam() {
  return z
    .string()
    .regex(SINGLE_RANGE, 'must be one byte range: bytes=start-end, bytes=start- or bytes=-suffix')
    .refine((value) => {
      const bounds = /^bytes=(\d+)-(\d+)$/.exec(value);
      return bounds === null || Number(bounds[2]) >= Number(bounds[1]);
    }, 'the end of the range comes before its start')
    .describe('HTTP Range header value for a partial download, e.g. bytes=0-99')
    .optional();
}
