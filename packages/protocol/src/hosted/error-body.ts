import * as z from 'zod';
import { definedOptions } from '../defined-options';
import {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
} from '../errors/api-error';
import { UnsupportedOperationError, ValidationError } from '../errors/client-errors';
import type { ConduitError, ErrorDetail } from '../errors/conduit-error';
import { type RequestDescription, redactHeaders } from '../redact';
import { parseRetryAfterMs } from '../retry-after';

/**
 * One entry of an error body: the field at fault (when one is), what is wrong, and a code.
 *
 * @example
 * ```ts
 * ErrorBodyEntrySchema.parse({ field: 'params.project', message: 'project is required', error_code: 'missing_param' });
 * ```
 */
export const ErrorBodyEntrySchema = z.object({
  field: z.string().optional(),
  message: z.string(),
  error_code: z.string(),
});

/**
 * The body of every error response of the hosted service: `{message, errors: [{field?, message, error_code}]}`.
 *
 * @example
 * ```ts
 * const body = ErrorBodySchema.parse({ message: 'connector not found', errors: [{ message: 'connector not found', error_code: 'not_found' }] });
 * ```
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(ErrorBodyEntrySchema),
});

/**
 * An error response body.
 *
 * @example
 * ```ts
 * const body: ErrorBody = { message: 'not found', errors: [{ message: 'not found', error_code: 'not_found' }] };
 * ```
 */
export type ErrorBody = z.output<typeof ErrorBodySchema>;

/**
 * The error body a server answers with for a Conduit error. The first entry's `error_code` is the
 * error's `code` (entries with that code come first, or a general entry is added), so that
 * {@link conduitErrorFromBody} gives back the same code.
 *
 * @example
 * ```ts
 * reply.status(error.status ?? 500).send(errorBodyFrom(error));
 * ```
 */
export function errorBodyFrom(error: ConduitError): ErrorBody {
  const entries = error.details.map((detail): ErrorBody['errors'][number] => ({
    ...definedOptions({ field: detail.field }),
    message: detail.message,
    error_code: detail.error_code,
  }));
  const matching = entries.filter((entry) => entry.error_code === error.code);
  const others = entries.filter((entry) => entry.error_code !== error.code);
  return {
    message: error.message,
    errors:
      matching.length > 0
        ? [...matching, ...others]
        : [{ message: error.message, error_code: error.code }, ...others],
  };
}

const validationCodes: ReadonlySet<string> = new Set([
  'missing_param',
  'invalid_param',
  'invalid_query',
  'invalid_cursor',
  'invalid_credentials',
  'invalid_config',
  'unknown_connector_type',
  'validation_error',
  // A download's range past the end of the content (connector-kit's `unsatisfiableRange`).
  'range_not_satisfiable',
]);

const unsupportedCodes: ReadonlySet<string> = new Set([
  'unknown_entity',
  'unsupported_action',
  'hosted_only',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const maxMessageLength = 500;

function truncate(text: string): string {
  return text.length > maxMessageLength ? `${text.slice(0, maxMessageLength - 3)}...` : text;
}

/** Reads whatever a server sent: the contract's body, or the `{error}` / `{detail}` or plain text of others. */
function readBody(body: unknown): { message: string | undefined; details: ErrorDetail[] } {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        return readBody(JSON.parse(text));
      } catch {
        // Not JSON after all: fall through to the text.
      }
    }
    return { message: text === '' ? undefined : truncate(text), details: [] };
  }
  if (!isRecord(body)) return { message: undefined, details: [] };
  const message = [body.message, body.error, body.detail].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  const entries = Array.isArray(body.errors) ? body.errors : [];
  const details = entries.flatMap((entry): ErrorDetail[] => {
    if (!isRecord(entry)) return [];
    const code =
      typeof entry.error_code === 'string' && entry.error_code !== '' ? entry.error_code : undefined;
    const text = typeof entry.message === 'string' && entry.message !== '' ? entry.message : undefined;
    if (code === undefined && text === undefined) return [];
    return [
      {
        ...(typeof entry.field === 'string' ? { field: entry.field } : {}),
        message: truncate(text ?? code!),
        error_code: code ?? 'error',
      },
    ];
  });
  return { message: message === undefined ? undefined : truncate(message), details };
}

/**
 * Builds the typed error for a failed response of the hosted service: 401 `AuthenticationError`,
 * 403 `PermissionError`, 404 `NotFoundError`, 429 `RateLimitError` (with `retryAfterMs` from
 * `Retry-After`), 5xx `ServerError`; a 400 or 422 whose first `error_code` is a validation code
 * (`missing_param`, `invalid_param`, `invalid_query`, `invalid_cursor`, `invalid_credentials`,
 * `invalid_config`, `unknown_connector_type`) a `ValidationError`; `unknown_entity` /
 * `unsupported_action` an `UnsupportedOperationError`; anything else an `ApiError`. The error's
 * `code` is the first `error_code` and its `details` the body's entries. Never throws, whatever
 * the body.
 *
 * @example
 * ```ts
 * if (!response.ok) throw conduitErrorFromBody(response.status, await response.json().catch(() => null), response.headers);
 * ```
 */
export function conduitErrorFromBody(
  status: number,
  body: unknown,
  headers?: Headers | Record<string, string | undefined>,
  request?: RequestDescription,
): ConduitError {
  const { message: bodyMessage, details } = readBody(body);
  const message = bodyMessage ?? details[0]?.message ?? `HTTP ${status}`;
  const code = details[0]?.error_code;
  const responseHeaders = redactHeaders(headers);
  const options: ApiErrorOptions = {
    status,
    details,
    responseBody: body,
    responseHeaders,
    ...definedOptions({ code, request }),
  };
  if (status === 401) return new AuthenticationError(message, options);
  if (status === 403) return new PermissionError(message, options);
  if (status === 404) return new NotFoundError(message, options);
  if (status === 429) {
    const retryAfterMs = parseRetryAfterMs(responseHeaders['retry-after']);
    return new RateLimitError(message, { ...options, ...definedOptions({ retryAfterMs }) });
  }
  // 501 and 505 say the server will never do this; the other 5xx may pass.
  if (status >= 500)
    return new ServerError(message, { ...options, retryable: status !== 501 && status !== 505 });
  if ((status === 400 || status === 422) && code !== undefined && validationCodes.has(code)) {
    return new ValidationError(message, { code, status, details, ...definedOptions({ request }) });
  }
  if (status === 400 && code !== undefined && unsupportedCodes.has(code)) {
    return new UnsupportedOperationError(message, { code, status, details, ...definedOptions({ request }) });
  }
  return new ApiError(message, options);
}
