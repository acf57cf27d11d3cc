import { type ConduitError, definedOptions, parseRetryAfterMs, redactValue } from '@conduit/protocol';
import { createHttpError, type ErrorMapperContext } from '@conduit/transport';
import { PlatformApiError } from './platform-api-error';
import { PlatformMissingResourceError } from './platform-missing-resource-error';

const maxMessage = 500;

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  408: 'request_timeout',
  409: 'conflict',
  422: 'unprocessable_entity',
  423: 'locked',
  429: 'rate_limited',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** What the platform said, from either API's error body. */
interface ReadBody {
  message: string | undefined;
  problemType: string | undefined;
  title: string | undefined;
  resourceType: string | undefined;
  resourceId: string | undefined;
}

function readBody(body: unknown): ReadBody {
  const object = record(body);
  if (!object) {
    // A short text body (not an HTML error page) is its own message.
    const plain = text(body);
    return {
      message: plain && !plain.startsWith('<') ? plain : undefined,
      problemType: undefined,
      title: undefined,
      resourceType: undefined,
      resourceId: undefined,
    };
  }
  const data = record(object.data);
  const embedded = record(object._embedded);
  const firstEmbedded = Array.isArray(embedded?.errors) ? record(embedded.errors[0]) : undefined;
  const validation = Array.isArray(object.validationErrors)
    ? object.validationErrors
        .map((entry) => {
          const item = record(entry);
          const path = text(item?.propertyPath);
          const message = text(item?.message);
          return path && message ? `${path}: ${message}` : (message ?? path);
        })
        .filter((entry): entry is string => entry !== undefined)
    : [];
  // Public API problems put the useful part in data.message; the Config API in message; the web
  // framework (unknown routes, token endpoint) in _embedded.errors[0].message.
  const parts = [
    text(object.title),
    text(data?.message) ?? text(object.detail),
    text(object.message),
    text(firstEmbedded?.message),
    validation.length > 0 ? validation.join('; ') : undefined,
  ].filter((part, index, all): part is string => part !== undefined && all.indexOf(part) === index);
  return {
    message: parts.length > 0 ? parts.join(': ') : undefined,
    problemType: text(object.type) ?? text(object.exceptionClassName),
    title: text(object.title),
    resourceType: text(data?.resourceType),
    resourceId: text(data?.resourceId) ?? text(object.id),
  };
}

/**
 * Maps a failed platform API response (public or Config API) to the platform error family: 404
 * becomes {@link PlatformMissingResourceError} (with the problem's `resourceType`/`resourceId`),
 * anything else {@link PlatformApiError}, retryable for 408, 429 and 5xx so the transport's retry
 * policy still applies. The transport's own classification (`AuthenticationError`,
 * `RateLimitError`, …) is kept as the `cause`.
 *
 * @example
 * ```ts
 * createTransport({ baseUrl: apiRoot, errorMapper: mapPlatformHttpError });
 * ```
 */
export function mapPlatformHttpError(context: ErrorMapperContext): ConduitError {
  const { status, request } = context;
  const retryAfterMs = parseRetryAfterMs(context.headers.get('retry-after'));
  const cause = createHttpError({ ...context, ...definedOptions({ retryAfterMs }) });
  const read = readBody(context.body);
  const summary = (read.message ?? `HTTP ${status}`).slice(0, maxMessage);
  const responseBody =
    typeof context.body === 'string' ? context.body.slice(0, 2_000) : redactValue(context.body);
  if (status === 404) {
    return new PlatformMissingResourceError(
      `${request.method} ${request.url} found nothing (404): ${summary}`,
      {
        status,
        request,
        cause,
        ...definedOptions({ resourceType: read.resourceType, resourceId: read.resourceId }),
      },
    );
  }
  return new PlatformApiError(`${request.method} ${request.url} failed with ${status}: ${summary}`, {
    status,
    request,
    cause,
    code: codeByStatus[status] ?? (status >= 500 ? 'server_error' : 'api_error'),
    retryable: status === 408 || status === 429 || status >= 500,
    responseBody,
    ...definedOptions({ problemType: read.problemType, title: read.title, retryAfterMs }),
  });
}
