import {
  ApiError,
  AuthenticationError,
  ConduitError,
  CursorExpiredError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
import { CliError } from './cli-error';
import { EXIT_CODES, type ExitCode } from './exit-codes';

// Ordered: subclasses before the classes they extend (every API error is an ApiError).
const byClass: readonly [abstract new (...args: never[]) => Error, ExitCode][] = [
  [AuthenticationError, EXIT_CODES.auth],
  [PermissionError, EXIT_CODES.auth],
  [NotFoundError, EXIT_CODES.notFound],
  [RateLimitError, EXIT_CODES.rateLimited],
  [ServerError, EXIT_CODES.upstream],
  [ApiError, EXIT_CODES.upstream],
  [ValidationError, EXIT_CODES.validation],
  [UnsupportedOperationError, EXIT_CODES.validation],
  [CursorExpiredError, EXIT_CODES.validation],
  [NetworkError, EXIT_CODES.upstream],
  [TimeoutError, EXIT_CODES.upstream],
  [ResponseValidationError, EXIT_CODES.upstream],
];

// For a Conduit error from another copy of @conduit/protocol, where `instanceof` fails: its code.
const byCode: Readonly<Record<string, ExitCode>> = {
  unauthorized: EXIT_CODES.auth,
  forbidden: EXIT_CODES.auth,
  not_found: EXIT_CODES.notFound,
  rate_limited: EXIT_CODES.rateLimited,
  invalid_param: EXIT_CODES.validation,
  missing_param: EXIT_CODES.validation,
  unknown_entity: EXIT_CODES.validation,
  unsupported_action: EXIT_CODES.validation,
  hosted_only: EXIT_CODES.validation,
  download_unavailable: EXIT_CODES.validation,
  cursor_expired: EXIT_CODES.validation,
  // The hosted service's refusals of a request body or a query.
  invalid_query: EXIT_CODES.validation,
  invalid_cursor: EXIT_CODES.validation,
  invalid_credentials: EXIT_CODES.validation,
  invalid_config: EXIT_CODES.validation,
  unknown_connector_type: EXIT_CODES.validation,
  base_url_not_allowed: EXIT_CODES.validation,
  instance_url_not_allowed: EXIT_CODES.validation,
  webhook_url_not_allowed: EXIT_CODES.validation,
  ambiguous_connector: EXIT_CODES.validation,
  upstream_auth_failed: EXIT_CODES.auth,
  user_mismatch: EXIT_CODES.auth,
  // The cloud workspace client's own errors (they carry no HTTP status).
  invalid_input: EXIT_CODES.validation,
  invalid_value: EXIT_CODES.validation,
  no_op: EXIT_CODES.validation,
  safe_mode_refused: EXIT_CODES.validation,
  duplicate_resource: EXIT_CODES.validation,
  secret_not_found: EXIT_CODES.auth,
  workspace_mismatch: EXIT_CODES.notFound,
  sync_failed: EXIT_CODES.upstream,
  sync_timeout: EXIT_CODES.upstream,
  server_error: EXIT_CODES.upstream,
  network_error: EXIT_CODES.upstream,
  timeout: EXIT_CODES.upstream,
  invalid_response: EXIT_CODES.upstream,
  api_error: EXIT_CODES.upstream,
};

function byStatus(status: number | undefined): ExitCode | undefined {
  if (status === undefined) return undefined;
  if (status === 401 || status === 403) return EXIT_CODES.auth;
  if (status === 404) return EXIT_CODES.notFound;
  if (status === 429) return EXIT_CODES.rateLimited;
  if (status === 400 || status === 422) return EXIT_CODES.validation;
  if (status >= 400) return EXIT_CODES.upstream;
  return undefined;
}

/** True for the error an aborted operation throws (Ctrl-C, or stdout closed by its reader). */
export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR')
  );
}

/**
 * The documented exit code for an error: the CLI's own errors carry theirs; Conduit errors map by
 * class (then by code and HTTP status, for a copy of the protocol package `instanceof` cannot
 * see); anything else is internal.
 *
 * @example
 * ```ts
 * exitCodeForError(new NotFoundError('no such task', { status: 404 })); // 4
 * ```
 */
export function exitCodeForError(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (isAbortError(error)) return EXIT_CODES.interrupted;
  if (!ConduitError.isInstance(error)) return EXIT_CODES.internal;
  // The hosted codec decodes a refusal it has no class for (422 `base_url_not_allowed`) as a
  // plain ApiError, which alone would read as an upstream failure: its code says what it is. A
  // connector's own subclass, or an upstream's answer with no such code, still maps by class.
  if (Object.getPrototypeOf(error) === ApiError.prototype) {
    const byItsCode = byCode[error.code];
    if (byItsCode !== undefined) return byItsCode;
  }
  for (const [type, code] of byClass) if (error instanceof type) return code;
  return byCode[error.code] ?? byStatus(error.status) ?? EXIT_CODES.internal;
}
