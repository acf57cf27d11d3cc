// Offsets for pages the kit (or a connector) makes itself rather than the upstream. They are
// ours, so they are plain base64url JSON with a prefix that keeps them apart from upstream tokens.

const LOCAL = 'cl1.';

/**
 * Encodes a position of our own as a page offset.
 *
 * @example
 * ```ts
 * encodeOffset({ index: 100 }); // 'cl1.eyJpbmRleCI6MTAwfQ'
 * ```
 */
export function encodeOffset(value: object): string {
  return LOCAL + Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Decodes one of our own page offsets, or returns undefined for anything else (an upstream token,
 * a forged or truncated value, or one that fails `check`).
 *
 * @example
 * ```ts
 * decodeOffset<{ index: number }>(token, (value) => Number.isInteger(value.index));
 * ```
 */
export function decodeOffset<T extends object>(
  token: string,
  check: (value: Record<string, unknown>) => boolean,
): T | undefined {
  if (!token.startsWith(LOCAL)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(token.slice(LOCAL.length), 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && check(value as Record<string, unknown>)
      ? (value as T)
      : undefined;
  } catch {
    return undefined;
  }
}
