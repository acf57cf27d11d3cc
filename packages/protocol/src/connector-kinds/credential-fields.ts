import * as z from 'zod';

/**
 * A secret credential field (a token, a client secret): long enough for any vendor token (JWT
 * access tokens run to a few KiB), short enough that a credentials object cannot be used to store
 * arbitrary data.
 *
 * @example
 * ```ts
 * const TokenCredentials = z.strictObject({ token: secretField });
 * ```
 */
export const secretField = z.string().min(1).max(8192);

/**
 * A credential field that names something (an OAuth client id), not a secret.
 *
 * @example
 * ```ts
 * const OAuthCredentials = z.strictObject({ refresh_token: secretField, client_id: identifierField });
 * ```
 */
export const identifierField = z.string().min(1).max(1024);
