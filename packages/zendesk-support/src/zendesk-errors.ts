import {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  type ConduitError,
  type ErrorDetail,
  NotFoundError,
  PermissionError,
  type RequestDescription,
  redactHeaders,
} from '@conduit/protocol';

/**
 * Zendesk refused a page past its offset-pagination limit (100 pages / 10,000 records, reference
 * §4.2) or a search past its 1,000 results (§5.1): the list cannot go further that way.
 *
 * @example
 * ```ts
 * if (error instanceof PaginationLimitError) console.log('narrow the query or use cursor pagination');
 * ```
 */
export class PaginationLimitError extends ApiError {
  override readonly name: string = 'PaginationLimitError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'pagination_limit_exceeded', ...options });
  }
}

/**
 * Zendesk refused a record as invalid (422 `RecordInvalid`); `details` names each field.
 *
 * @example
 * ```ts
 * if (error instanceof UnprocessableRecordError) for (const d of error.details) console.log(d.field, d.message);
 * ```
 */
export class UnprocessableRecordError extends ApiError {
  override readonly name: string = 'UnprocessableRecordError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'unprocessable_record', ...options });
  }
}

/**
 * Zendesk refused a request parameter (400 with an `Invalid attribute` or `InvalidValue` body).
 *
 * @example
 * ```ts
 * if (error instanceof UpstreamRequestError) console.log(error.message);
 * ```
 */
export class UpstreamRequestError extends ApiError {
  override readonly name: string = 'UpstreamRequestError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'upstream_invalid_request', ...options });
  }
}

interface ZendeskErrorBody {
  code: string | undefined;
  message: string | undefined;
  details: ErrorDetail[];
}

/**
 * Reads Zendesk's error shapes (reference §6): `{error, description, details}`, the nested
 * `{error: {title, message}}`, the bare `{error}`, and the JSON:API `{errors: [{code, title, detail}]}`.
 *
 * @example
 * ```ts
 * readZendeskError({ error: 'RecordNotFound', description: 'Not found' }); // { code: 'RecordNotFound', message: 'Not found', details: [] }
 * ```
 */
export function readZendeskError(body: unknown): ZendeskErrorBody {
  const out: ZendeskErrorBody = { code: undefined, message: undefined, details: [] };
  if (typeof body === 'string') {
    out.message = body.trim() === '' || body.trim().startsWith('<') ? undefined : body.trim().slice(0, 500);
    return out;
  }
  if (typeof body !== 'object' || body === null) return out;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') {
    out.code = error;
    out.message = typeof record.description === 'string' ? record.description : error;
  } else if (typeof error === 'object' && error !== null) {
    const nested = error as Record<string, unknown>;
    out.code = typeof nested.title === 'string' ? nested.title : undefined;
    out.message = typeof nested.message === 'string' ? nested.message : out.code;
  } else if (Array.isArray(record.errors) && record.errors.length > 0) {
    const first = record.errors[0] as Record<string, unknown>;
    out.code = typeof first.code === 'string' ? first.code : undefined;
    out.message =
      [first.title, first.detail].filter((part) => typeof part === 'string').join(': ') || undefined;
  }
  const details = record.details;
  if (typeof details === 'object' && details !== null) {
    for (const [field, items] of Object.entries(details as Record<string, unknown>)) {
      for (const item of Array.isArray(items) ? items : [items]) {
        const entry = (item ?? {}) as Record<string, unknown>;
        out.details.push({
          field,
          message:
            typeof entry.description === 'string' ? entry.description : String(entry.error ?? 'invalid'),
          error_code: typeof entry.error === 'string' ? entry.error : 'invalid',
        });
      }
    }
  }
  return out;
}

/**
 * Turns Zendesk's error answers into typed errors: 401 → `AuthenticationError` (the hosted service
 * answers 502 `upstream_auth_failed`), 403 → `PermissionError`, 404 → `NotFoundError`, the offset
 * and search limits → `PaginationLimitError`, 422 `RecordInvalid` → `UnprocessableRecordError`
 * with one detail per field, other 400s → `UpstreamRequestError`; each with Zendesk's own message.
 * 429 and 5xx stay with the transport's mapping (retries, `Retry-After`).
 *
 * @example
 * ```ts
 * createConnectorExecutor({ ..., errorMapper: mapZendeskError });
 * ```
 */
export function mapZendeskError(context: {
  status: number;
  body: unknown;
  headers: Headers;
  request: RequestDescription;
}): ConduitError | undefined {
  const { status } = context;
  if (status === 429 || status >= 500) return undefined;
  const error = readZendeskError(context.body);
  const options: ApiErrorOptions = {
    status,
    request: context.request,
    responseBody: context.body,
    responseHeaders: redactHeaders(context.headers),
    ...(error.details.length === 0 ? {} : { details: error.details }),
  };
  const said = error.message === undefined ? '' : ` Zendesk says: ${error.message}`;
  switch (status) {
    case 401:
      return new AuthenticationError(`Zendesk refused the credentials (401).${said}`, options);
    case 403:
      return new PermissionError(`Zendesk does not allow this to these credentials (403).${said}`, options);
    case 404:
      return new NotFoundError(`Zendesk has no such record (404).${said}`, options);
  }
  if (status === 400 && error.code === 'InvalidPaginationParameter') {
    return new PaginationLimitError(
      `Zendesk serves offset pages only up to page 100 (10,000 records).${said}`,
      {
        ...options,
        details: [
          {
            field: 'offset',
            message: error.message ?? 'past the offset limit',
            error_code: 'pagination_limit_exceeded',
          },
        ],
      },
    );
  }
  if (status === 422 && /Search Response Limits/i.test(error.message ?? '')) {
    return new PaginationLimitError(`Zendesk returns at most 1,000 results per search.${said}`, {
      ...options,
      details: [
        {
          field: 'offset',
          message: error.message ?? 'past the search limit',
          error_code: 'pagination_limit_exceeded',
        },
      ],
    });
  }
  if (status === 422)
    return new UnprocessableRecordError(`Zendesk refused the record (422).${said}`, options);
  if (status === 400) return new UpstreamRequestError(`Zendesk refused the request (400).${said}`, options);
  return undefined;
}
