import { type ConduitErrorOptions, ResponseValidationError } from '@conduit/protocol';

/**
 * The upstream answered a list page with more records than the `limit` it was sent: it broke its
 * contract, and a caller who asked for 100 records must never receive 400,000 (security issue
 * 12: the page limit is enforced on what the upstream returns). Code `page_limit_exceeded`.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PageLimitExceededError) console.log(error.limit, error.received);
 * }
 * ```
 */
export class PageLimitExceededError extends ResponseValidationError {
  override readonly name: string = 'PageLimitExceededError';
  /** The `limit` sent upstream. */
  readonly limit: number;
  /** How many records the page held. */
  readonly received: number;

  constructor(
    limit: number,
    received: number,
    options: Omit<ConduitErrorOptions, 'code'> & { what?: string } = {},
  ) {
    const { what = 'list', ...rest } = options;
    super(
      `The upstream's ${what} page holds ${received} records although it was asked for at most ${limit}; refusing the page.`,
      {
        ...rest,
        code: 'page_limit_exceeded',
        details: [
          {
            field: 'limit',
            message: `the upstream returned ${received} records for limit ${limit}`,
            error_code: 'page_limit_exceeded',
          },
        ],
      },
    );
    this.limit = limit;
    this.received = received;
  }
}
