import { CursorExpiredError, ResponseValidationError } from '@conduit/protocol';

/**
 * The error of an upstream page whose paging fields do not have the declared shape.
 *
 * @example
 * ```ts
 * throw invalidPage('meta.after_cursor', 'must be a string when meta.has_more is true');
 * ```
 */
export function invalidPage(field: string, message: string): ResponseValidationError {
  return new ResponseValidationError(
    `The upstream's list page does not have the expected shape: ${field} ${message}`,
    {
      details: [{ field, message, error_code: 'invalid_response' }],
    },
  );
}

/**
 * The error of an `offset` param this list did not give.
 *
 * @example
 * ```ts
 * throw foreignOffset();
 * ```
 */
export function foreignOffset(): CursorExpiredError {
  return new CursorExpiredError('This offset does not belong to this list; restart the listing.', {
    status: 400,
    details: [
      { field: 'params.offset', message: 'not an offset of this list', error_code: 'cursor_expired' },
    ],
  });
}
