import { ApiError } from '@conduit/protocol';

/**
 * The `help` text Asana puts on every error it generates itself.
 *
 * @example
 * ```ts
 * expect(body.errors[0].help).toBe(ASANA_ERROR_HELP);
 * ```
 */
export const ASANA_ERROR_HELP =
  'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors';

/**
 * Asana's error envelope: `{"errors":[{"message", "help", "phrase"?}]}`. `phrase` is only ever set
 * on 500s, where support uses it to find the incident.
 *
 * @example
 * ```ts
 * asanaErrorBody('task: Not a recognized ID: 1'); // { errors: [{ message: 'task: …', help: '…' }] }
 * ```
 */
export function asanaErrorBody(message: string, phrase?: string): { errors: Array<Record<string, string>> } {
  return { errors: [{ message, help: ASANA_ERROR_HELP, ...(phrase === undefined ? {} : { phrase }) }] };
}

/**
 * A failure the simulator answers with: thrown by request handlers, turned into an Asana error
 * response (JSON envelope, status, extra headers) by the server.
 *
 * @example
 * ```ts
 * throw new AsanaHttpError(404, 'task: Not a recognized ID: 123');
 * ```
 */
export class AsanaHttpError extends ApiError {
  override readonly name: string = 'AsanaHttpError';
  readonly headers: Record<string, string>;

  /**
   * @param extra - fields beside `errors` in the body, e.g. the fresh `sync` token of a 412.
   */
  constructor(
    status: number,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(message, {
      status,
      responseBody: { ...asanaErrorBody(message), ...extra },
      responseHeaders: headers,
    });
    this.headers = headers;
  }
}

/**
 * 404 for an id that does not exist (or, as in Asana, is not a well-formed id at all).
 *
 * @example
 * ```ts
 * throw notRecognized('project', '42');
 * ```
 */
export function notRecognized(field: string, gid: string): AsanaHttpError {
  return new AsanaHttpError(404, `${field}: Not a recognized ID: ${gid}`);
}

/**
 * 400 for a required parameter that is missing.
 *
 * @example
 * ```ts
 * throw missingInput('parent');
 * ```
 */
export function missingInput(field: string): AsanaHttpError {
  return new AsanaHttpError(400, `${field}: Missing input`);
}
