import type { AuthStrategy } from './auth-strategy';

/**
 * `Authorization: Basic base64(username:password)`, UTF-8 encoded.
 *
 * @example
 * ```ts
 * createTransport({ baseUrl, auth: basicAuth('api', process.env.API_KEY!) });
 * ```
 */
export function basicAuth(username: string, password: string): AuthStrategy {
  const authorization = `Basic ${base64Utf8(`${username}:${password}`)}`;
  return {
    authorize(headers) {
      headers.set('authorization', authorization);
    },
    headers: { authorization },
  };
}

/**
 * Base64 of the UTF-8 bytes of `text` (plain `btoa` rejects anything outside Latin-1).
 *
 * @example
 * ```ts
 * base64Utf8('é:x'); // 'w6k6eA=='
 * ```
 */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
