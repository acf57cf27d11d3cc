import { describeRequest, ResponseValidationError } from '@conduit/protocol';

/**
 * ky's `parseJson`: an empty body (a 204, a HEAD) is `undefined`, and a body that is not JSON
 * fails with `ResponseValidationError` (code `invalid_json`) naming the redacted request, the
 * content type and the length, never the body itself.
 *
 * @example
 * ```ts
 * ky.create({ parseJson: parseJsonBody });
 * ```
 */
export function parseJsonBody(
  text: string,
  { request, response }: { request: Request; response: Response },
): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const described = describeRequest(request.method, request.url, request.headers);
    const contentType = response.headers.get('content-type') ?? 'no content-type';
    throw new ResponseValidationError(
      `The response to ${described.method} ${described.url} is not JSON (${contentType}, ${text.length} characters)`,
      {
        status: response.status,
        request: described,
        details: [{ field: '(body)', message: (error as Error).message, error_code: 'invalid_json' }],
        cause: error,
      },
    );
  }
}
