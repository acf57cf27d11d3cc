/**
 * An error answer of the simulated API, in one of the shapes Zendesk really sends
 * (`shared/reference/support-desk-upstream.md` §6): a string code with a description (shape A),
 * a nested title/message (shape B), validation details (shape C), a bare message (shape D) or
 * plain text.
 *
 * @example
 * ```ts
 * throw new ZendeskHttpError(404, { error: 'RecordNotFound', description: 'Not found' });
 * ```
 */
export class ZendeskHttpError extends Error {
  constructor(
    readonly status: number,
    readonly responseBody: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      `zendesk simulator ${status}: ${typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody)}`,
    );
    this.name = 'ZendeskHttpError';
  }
}

/** The bodies the simulator answers with, kept in one place so tests can compare against them. */
export const ZENDESK_ERRORS = {
  unauthenticated: { error: "Couldn't authenticate you" },
  notFound: { error: 'RecordNotFound', description: 'Not found' },
  forbidden: {
    error: 'Forbidden',
    description:
      'You do not have access to this page. Please contact the account owner of this help desk for further help.',
  },
  forbiddenNested: {
    error: {
      title: 'Forbidden',
      message:
        'You do not have access to this page. Please contact the account owner of this help desk for further help.',
    },
  },
  offsetLimit: {
    error: 'InvalidPaginationParameter',
    description:
      'Offset pagination is limited to the first 100 pages (10,000 records). Use cursor pagination to fetch more.',
  },
  searchLimit: {
    error: 'invalid',
    description: 'Invalid search: Requested response size was greater than Search Response Limits',
  },
  searchPageSize: {
    error: {
      title: 'Invalid attribute',
      message:
        'You passed an invalid value for the page attribute. Invalid parameter: page must be an integer from api/v2/search/index',
    },
  },
} as const;

/** Shape B: a parameter Zendesk refused, named in the message. */
export function invalidAttribute(message: string): ZendeskHttpError {
  return new ZendeskHttpError(400, { error: { title: 'Invalid attribute', message } });
}

/** Shape A 400 for a malformed query parameter value. */
export function invalidValue(description: string): ZendeskHttpError {
  return new ZendeskHttpError(400, { error: 'InvalidValue', description });
}

/** Shape C: record validation errors keyed by field. */
export function recordInvalid(field: string, description: string, error = 'InvalidValue'): ZendeskHttpError {
  return new ZendeskHttpError(422, {
    error: 'RecordInvalid',
    description: 'Record validation errors',
    details: { [field]: [{ description, error }] },
  });
}

/** 404 `RecordNotFound`. */
export function notFound(): ZendeskHttpError {
  return new ZendeskHttpError(404, ZENDESK_ERRORS.notFound);
}
