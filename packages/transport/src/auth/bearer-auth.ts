import type { AuthStrategy } from './auth-strategy';

/**
 * A token, or a function that returns the current one (read from a vault, rotated elsewhere).
 *
 * @example
 * ```ts
 * const fromVault: TokenSource = () => vault.read('asana-pat');
 * ```
 */
export type TokenSource = string | (() => string | Promise<string>);

/**
 * `Authorization: Bearer <token>`, e.g. an Asana personal access token. With a function, the token
 * is read before every attempt, and after a 401 the request is replayed once if the function now
 * returns a different token (it was rotated while we held the old one).
 *
 * @example
 * ```ts
 * createTransport({ baseUrl: 'https://app.asana.com/api/1.0', auth: bearerAuth(process.env.ASANA_TOKEN!) });
 * createTransport({ baseUrl, auth: bearerAuth(() => secrets.get('asana-pat')) });
 * ```
 */
export function bearerAuth(token: TokenSource): AuthStrategy {
  if (typeof token === 'string') {
    // A fixed token: its header value once, set with the request's headers (see AuthStrategy.headers).
    const authorization = `Bearer ${token}`;
    return {
      authorize(headers) {
        headers.set('authorization', authorization);
      },
      headers: { authorization },
    };
  }
  const read = async () => await token();
  return {
    async authorize(headers) {
      headers.set('authorization', `Bearer ${await read()}`);
    },
    refresh: async ({ failedToken }) => (await read()) !== failedToken,
  };
}
