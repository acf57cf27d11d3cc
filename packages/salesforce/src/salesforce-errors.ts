import {
  ApiError,
  type ApiErrorOptions,
  type ConduitError,
  CursorExpiredError,
  NotFoundError,
  type RequestDescription,
  redactHeaders,
} from '@conduit/protocol';

/**
 * One entry of Salesforce's error arrays (`[{message, errorCode, fields}]`).
 *
 * @example
 * ```ts
 * const entry: SalesforceErrorEntry = { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' };
 * ```
 */
export interface SalesforceErrorEntry {
  message: string;
  errorCode: string;
  fields?: string[];
}

/**
 * A Salesforce refusal not covered by a more specific class: `code` is the upstream's
 * `errorCode` in lower case (`malformed_query`, `invalid_field`, `insufficient_access`, …) and
 * `errorCode` keeps it as sent.
 *
 * @example
 * ```ts
 * if (error instanceof SalesforceApiError && error.errorCode === 'INVALID_FIELD') console.log(error.fields);
 * ```
 */
export class SalesforceApiError extends ApiError {
  override readonly name: string = 'SalesforceApiError';
  readonly errorCode: string;
  readonly fields: readonly string[];
  constructor(message: string, entry: SalesforceErrorEntry, options: ApiErrorOptions) {
    super(message, { code: entry.errorCode.toLowerCase(), ...options });
    this.errorCode = entry.errorCode;
    this.fields = entry.fields ?? [];
  }
}

/**
 * 403 `REQUEST_LIMIT_EXCEEDED`: the org's daily API allocation is used up (`TotalRequests`), or
 * too many long requests run at once (`ConcurrentPerOrgLongTxn`, worth retrying later).
 *
 * @example
 * ```ts
 * if (error instanceof RequestLimitExceededError && !error.retryable) pauseUntilTomorrow();
 * ```
 */
export class RequestLimitExceededError extends ApiError {
  override readonly name: string = 'RequestLimitExceededError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'request_limit_exceeded', ...options });
  }
}

/**
 * The entries of a Salesforce error body, or undefined when the body is not an error array.
 *
 * @example
 * ```ts
 * salesforceErrors([{ message: 'm', errorCode: 'NOT_FOUND' }]); // [{ message: 'm', errorCode: 'NOT_FOUND' }]
 * ```
 */
export function salesforceErrors(body: unknown): SalesforceErrorEntry[] | undefined {
  if (!Array.isArray(body) || body.length === 0) return undefined;
  const entries: SalesforceErrorEntry[] = [];
  for (const item of body) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { message, errorCode, fields } = item as Record<string, unknown>;
    if (typeof errorCode !== 'string') return undefined;
    entries.push({
      message: typeof message === 'string' ? message.trim() : errorCode,
      errorCode,
      ...(Array.isArray(fields)
        ? { fields: fields.filter((field): field is string => typeof field === 'string') }
        : {}),
    });
  }
  return entries;
}

/**
 * Salesforce's error arrays → typed errors: `REQUEST_LIMIT_EXCEEDED` →
 * {@link RequestLimitExceededError}, `INVALID_QUERY_LOCATOR` → `CursorExpiredError` (restart the
 * listing), 404 `NOT_FOUND` → `NotFoundError` with the upstream's message, other 4xx →
 * {@link SalesforceApiError}. 401 and 5xx fall through to the transport (session refresh,
 * retries).
 *
 * @example
 * ```ts
 * createConnectorExecutor({ ..., errorMapper: mapSalesforceError });
 * ```
 */
export function mapSalesforceError(context: {
  status: number;
  body: unknown;
  headers: Headers;
  request: RequestDescription;
}): ConduitError | undefined {
  const entries = salesforceErrors(context.body);
  if (entries === undefined || context.status === 401 || context.status >= 500) return undefined;
  const first = entries[0] as SalesforceErrorEntry;
  const options = {
    status: context.status,
    request: context.request,
    responseBody: context.body,
    responseHeaders: redactHeaders(context.headers),
  };
  const message = `Salesforce ${first.errorCode}: ${first.message}`;
  if (first.errorCode === 'REQUEST_LIMIT_EXCEEDED') {
    return new RequestLimitExceededError(message, {
      ...options,
      retryable: first.message.startsWith('Concurrent'),
    });
  }
  if (first.errorCode === 'INVALID_QUERY_LOCATOR') {
    return new CursorExpiredError(
      `The query cursor expired or is unknown (${first.message}); restart the listing.`,
      {
        status: 400,
        request: context.request,
        details: [{ field: 'params.offset', message: first.message, error_code: 'cursor_expired' }],
      },
    );
  }
  if (context.status === 404) return new NotFoundError(message, options);
  return new SalesforceApiError(message, first, options);
}
