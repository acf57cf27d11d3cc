// Offsets for the lists the upstream does not page itself. They are ours, so they are plain
// base64url JSON with a prefix that keeps them apart from upstream tokens.

const LOCAL = 'cl1.';

/** Position in a list paged on this side (workspace and team users). */
export interface LocalOffset {
  index: number;
}

/** Position in an upstream task search paged by creation time. */
export interface SearchOffset {
  /** `created_at` of the last record returned. */
  after: string;
  /** gids already returned with exactly that `created_at`, so ties are neither lost nor repeated. */
  seen: string[];
}

/** Encodes one of our own page offsets. */
export function encodeOffset(value: LocalOffset | SearchOffset): string {
  return LOCAL + Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes one of our own page offsets, or returns undefined for anything else. */
export function decodeOffset<T extends LocalOffset | SearchOffset>(
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
