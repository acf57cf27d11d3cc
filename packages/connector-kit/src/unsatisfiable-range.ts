import { ApiError, ValidationError } from '@conduit/protocol';

/**
 * The error a download throws when the upstream answers 416 to its `Range`: a `ValidationError`
 * `invalid_param` naming the range param, with the content's size when the upstream gave it
 * (`Content-Range: bytes *\/N`), since the caller's range is what is wrong and the bare
 * "HTTP 416 Range Not Satisfiable" named neither. Status 400, as every other bad param, so that
 * hosted mode carries it back as the same error. Any other error is returned as it is.
 *
 * @example
 * ```ts
 * const file = await streamDownload(transport, { path, range }).catch((error: unknown) => {
 *   throw unsatisfiableRange(error, 'range_header', range);
 * });
 * ```
 */
export function unsatisfiableRange(error: unknown, param: string, range: string | undefined): unknown {
  if (range === undefined || !(error instanceof ApiError) || error.status !== 416) return error;
  const size = /^bytes \*\/(\d+)$/.exec(error.responseHeaders['content-range']?.trim() ?? '')?.[1];
  const message = `${param}: ${range} is outside the content${size === undefined ? '' : ` (${size} bytes)`}`;
  return new ValidationError(message, {
    code: 'invalid_param',
    status: 400,
    details: [{ field: `params.${param}`, message, error_code: 'invalid_param' }],
    ...(error.request === undefined ? {} : { request: error.request }),
    cause: error,
  });
}
