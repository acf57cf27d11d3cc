/**
 * The exit codes of `conduit`, one per class of failure, so scripts can branch on `$?`.
 * The table is printed by `conduit --help` and documented in the README.
 */
export const EXIT_CODES = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  validation: 5,
  rateLimited: 6,
  upstream: 7,
  /** 128 + SIGINT, as shells report a command stopped with Ctrl-C. */
  interrupted: 130,
} as const;

/** One of the documented exit codes. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/**
 * Each exit code with what causes it, in the order help prints them.
 *
 * @example
 * ```ts
 * for (const row of EXIT_CODE_TABLE) console.log(row.code, row.meaning);
 * ```
 */
export const EXIT_CODE_TABLE: readonly { readonly code: ExitCode; readonly meaning: string }[] = [
  { code: 0, meaning: 'success' },
  { code: 1, meaning: 'internal error (a bug, or a failure Conduit does not classify)' },
  {
    code: 2,
    meaning:
      'usage error: unknown command or flag, malformed argument (--param without =, --where or --query syntax), unreadable config or credentials file',
  },
  { code: 3, meaning: 'authentication or permission failure, or no credentials given' },
  { code: 4, meaning: 'not found' },
  {
    code: 5,
    meaning:
      'invalid parameters: unknown, missing or mistyped param or search field; or an operation this connector or mode does not support',
  },
  { code: 6, meaning: 'rate limited' },
  { code: 7, meaning: 'upstream failure: server error, network error, timeout, other API error' },
  { code: 130, meaning: 'interrupted (Ctrl-C)' },
];
