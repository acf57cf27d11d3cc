import { ApiError, ValidationError } from '@conduit/protocol';

/** The code of {@link unsatisfiableRange}'s error: the range starts past the end of the content. */
export const RANGE_NOT_SATISFIABLE = 'range_not_satisfiable';

/**
 * The error a download throws when the upstream answers 416 to its `Range`: a `ValidationError`
 * naming the range param, with the content's size when the upstream gave it
 * (`Content-Range: bytes *\/N`), since the caller's range is what is wrong and the bare
 * "HTTP 416 Range Not Satisfiable" named neither. Its code, {@link RANGE_NOT_SATISFIABLE}, keeps
 * what the 416 meant: a resume that asks from the end of a file it already has whole (the CLI's
 * `download --resume`) reads it as "complete". Status 400, as every other bad param, so that
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
    code: RANGE_NOT_SATISFIABLE,
    status: 400,
    details: [{ field: `params.${param}`, message, error_code: RANGE_NOT_SATISFIABLE }],
    request: error.request,
    cause: error,
  });
}
