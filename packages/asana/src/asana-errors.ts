import {
  ApiError,
  type ApiErrorOptions,
  type ConduitError,
  CursorExpiredError,
  type ErrorClasses,
  type RequestDescription,
  redactHeaders,
} from '@conduit/protocol';

/**
 * 402 from the upstream: the feature (workspace task search, dependencies, dependents) needs a
 * premium account.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PremiumRequiredError) console.log('upgrade the Asana plan to use search');
 * }
 * ```
 */
export class PremiumRequiredError extends ApiError {
  override readonly name: string = 'PremiumRequiredError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, { code: 'premium_required', ...options });
  }
}

/** The first message of an upstream error body `{"errors":[{"message":…}]}`, if there is one. */
export function upstreamMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first = errors[0] as { message?: unknown };
  return typeof first?.message === 'string' ? first.message : undefined;
}

/**
 * Maps the upstream's own failures to their typed errors; everything else falls through to the
 * transport's status mapping.
 */
export function mapAsanaError(context: {
  status: number;
  body: unknown;
  headers: Headers;
  request: RequestDescription;
}): ConduitError | undefined {
  const message = upstreamMessage(context.body);
  const options = {
    status: context.status,
    request: context.request,
    responseBody: context.body,
    responseHeaders: redactHeaders(context.headers),
  };
  // Any 400 about `offset` means the token expired or belongs to another query: restart the list.
  if (context.status === 400 && message?.startsWith('offset:')) {
    return new CursorExpiredError(
      `The pagination offset is no longer valid (${message}); restart the listing from its first page.`,
      {
        status: 400,
        request: context.request,
        details: [{ field: 'params.offset', message, error_code: 'cursor_expired' }],
      },
    );
  }
  if (context.status === 402) {
    return new PremiumRequiredError(
      `${message ?? 'Payment required.'} This needs a premium Asana account (workspace task search, dependencies and dependents do).`,
      options,
    );
  }
  return undefined;
}

/** The same error classes in hosted mode as in local mode: the service reports the upstream's 402 by its code. */
export const ASANA_ERROR_CLASSES: ErrorClasses = { premium_required: PremiumRequiredError };
