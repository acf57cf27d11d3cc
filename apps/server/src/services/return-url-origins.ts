import { PermissionError, ValidationError } from '@conduit/protocol';
import * as z from 'zod';
import type { Store } from '../store/store';
import type { Caller } from './caller';

/** One allowed origin: `https://app.example` or `http://localhost:3000`, nothing after the port. */
const OriginSchema = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'must be an http or https origin, e.g. https://app.example',
  })
  .refine((value) => !URL.canParse(value) || new URL(value).origin === value.replace(/\/$/, ''), {
    error: 'must be an origin only: a scheme, a host and a port, with no path, query or credentials',
  })
  .transform((value) => new URL(value).origin);

/**
 * Body of `PUT /admin/v1/applications/{client_id}/return-url-origins`: the origins a connect
 * session's `return_url` may point to (at most 50; empty: none allowed for scoped tokens).
 *
 * @example
 * ```ts
 * ReturnUrlOriginsSchema.parse({ origins: ['https://app.example'] });
 * ```
 */
export const ReturnUrlOriginsSchema = z.strictObject({
  origins: z.array(OriginSchema).max(50),
});

/**
 * What the admin API answers of an application's allowed return origins; `origins` is null while
 * none were set (then an application token may name any https or http `return_url` without
 * credentials, and a scoped token none).
 *
 * @example
 * ```ts
 * const answer: ReturnUrlOriginsAnswer = { client_id: 'app', origins: ['https://app.example'] };
 * ```
 */
export const ReturnUrlOriginsAnswerSchema = z.object({
  client_id: z.string(),
  origins: z.array(z.string()).nullable(),
});

/** An application's allowed return origins, as the admin API answers them. */
export type ReturnUrlOriginsAnswer = z.output<typeof ReturnUrlOriginsAnswerSchema>;

/**
 * The application's allowed `return_url` origins, or null when the operator set none.
 *
 * @example
 * ```ts
 * const origins = await readReturnUrlOrigins(store, application.id);
 * ```
 */
export async function readReturnUrlOrigins(store: Store, applicationId: string): Promise<string[] | null> {
  const [row] = await store.db.query<{ return_url_origins: string | null }>(
    'SELECT return_url_origins FROM applications WHERE id = $1',
    [applicationId],
  );
  const text = row?.return_url_origins;
  return text === null || text === undefined ? null : (JSON.parse(text) as string[]);
}

/**
 * Sets the application's allowed `return_url` origins (normalized, each once).
 *
 * @example
 * ```ts
 * await writeReturnUrlOrigins(store, application.id, ['https://app.example']);
 * ```
 */
export async function writeReturnUrlOrigins(
  store: Store,
  applicationId: string,
  origins: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(origins)];
  await store.db.execute('UPDATE applications SET return_url_origins = $2 WHERE id = $1', [
    applicationId,
    JSON.stringify(unique),
  ]);
  return unique;
}

function refused(message: string, code: string, status: 400 | 403 = 400): ValidationError | PermissionError {
  const details = [{ field: 'return_url', message, error_code: code }];
  return status === 403
    ? new PermissionError(`return_url: ${message}`, { status, code, details })
    : new ValidationError(`return_url: ${message}`, { status, code, details });
}

/**
 * Refuses a connect session's `return_url` the service must not send the end user to (issue 28,
 * finding 10): credentials in it (400 `invalid_param`); outside the application's allowed
 * origins when the operator set them (400 `return_url_not_allowed`); and, from a scoped token,
 * any `return_url` when none were set (403 `return_url_not_allowed`: the application's server
 * names where its users come back, not a token handed to the browser).
 *
 * @example
 * ```ts
 * await assertReturnUrlAllowed(store, caller, request.return_url);
 * ```
 */
export async function assertReturnUrlAllowed(store: Store, caller: Caller, returnUrl: string): Promise<void> {
  const url = new URL(returnUrl);
  if (url.username !== '' || url.password !== '')
    throw refused('must not carry credentials', 'invalid_param');
  const origins = await readReturnUrlOrigins(store, caller.applicationId);
  if (origins === null) {
    if (caller.kind === 'scoped') {
      throw refused(
        'a scoped token can set return_url only to an origin the operator allowed for the application',
        'return_url_not_allowed',
        403,
      );
    }
    return;
  }
  if (!origins.includes(url.origin)) {
    throw refused(
      `${url.origin} is not among the application's allowed return origins`,
      'return_url_not_allowed',
    );
  }
}
