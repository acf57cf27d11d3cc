import type { ErrorDetail } from './errors/conduit-error';
import { formatJsonPath, type JsonPathSegment } from './json-path';

/**
 * One issue of a failed parse: a zod issue, or any Standard Schema issue (ky's
 * `SchemaValidationError` carries those, with path steps that may be `{ key }` objects).
 *
 * @example
 * ```ts
 * const issue: SchemaIssue = { code: 'invalid_type', path: ['data', 0, 'gid'], message: 'expected string' };
 * ```
 */
export interface SchemaIssue {
  readonly message: string;
  /** The zod issue code; Standard Schema issues of other libraries have none. */
  readonly code?: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  /** The keys of an `unrecognized_keys` issue. */
  readonly keys?: readonly string[];
}

/**
 * How to turn the issues of one parse into error details.
 *
 * @example
 * ```ts
 * const options: IssueDetailOptions = { root: 'params', errorCode: 'invalid_param', missingCode: 'missing_param', input };
 * ```
 */
export interface IssueDetailOptions {
  /** The name of the parsed value in `field`, e.g. `credentials`; none for a whole body. */
  root?: string;
  /** `error_code` of a wrong value or an unknown key, e.g. `invalid_param`. */
  errorCode: string;
  /** `error_code` of a required value that is absent; `errorCode` when not given. */
  missingCode?: string;
  /**
   * The value that was parsed, to tell a missing field from a wrong one. Without it (an upstream
   * response: nothing there is "required" of the caller) no issue counts as missing.
   */
  input?: unknown;
  /**
   * Messages name the field from inside the parsed value (`task_gid is required`, for params the
   * caller wrote as flags or keys) instead of from `root` (`credentials.token is required`).
   */
  relativeMessages?: boolean;
  /** What the whole value is called when it is at fault itself; default `request body`. */
  whole?: string;
  /** The message for a key the schema does not know, given the key and the path of its object. */
  unknownKey?: (key: string, path: readonly JsonPathSegment[]) => string;
}

/**
 * The path of an issue as JSON path segments: symbols are written out, Standard Schema's
 * `{ key }` steps unwrapped.
 *
 * @example
 * ```ts
 * formatJsonPath(issuePath({ message: 'Required', path: ['data', { key: 0 }, 'gid'] })); // 'data[0].gid'
 * ```
 */
export function issuePath(issue: SchemaIssue): JsonPathSegment[] {
  return (issue.path ?? []).map((step) => {
    const segment = typeof step === 'object' && step !== null ? step.key : step;
    return typeof segment === 'symbol' ? String(segment) : segment;
  });
}

function valueAt(input: unknown, path: readonly JsonPathSegment[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Object.hasOwn(value, segment) ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return value;
}

/**
 * Whether an issue is about a required value that is absent: a wrong type, a union no branch of
 * which matched (an id taken as a number or a string), or a refinement (e.g. "give one of a or
 * b"), at a path where the input holds nothing.
 */
function isMissing(
  issue: SchemaIssue,
  path: readonly JsonPathSegment[],
  options: IssueDetailOptions,
): boolean {
  if (!('input' in options)) return false;
  return (
    (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'custom') &&
    valueAt(options.input, path) === undefined
  );
}

/** A message that already names its field (a refinement's "x is required") is not prefixed again. */
function named(name: string, message: string): string {
  return message === name || message.startsWith(`${name} `) || message.startsWith(`${name}:`)
    ? message
    : `${name}: ${message}`;
}

/**
 * Turns the issues of a failed parse into error details, the one place that does so (request
 * bodies, params, credentials, config and upstream responses all come here).
 *
 * - `field` is the issue's JSON path under `root`, written by {@link formatJsonPath}: keys after
 *   dots, array indexes in brackets (`data[1].resource_subtype`), keys that are not identifiers
 *   quoted in brackets (`params["a b"]`). A fault of the whole value (empty path, no `root`) has
 *   no `field`.
 * - `error_code`: an absent required value (`invalid_type`, `invalid_union` or a refinement where
 *   the input holds nothing) is `missingCode`; every other issue (wrong type, `too_big`, `too_small`,
 *   `invalid_value` of an enum, `invalid_union`, `invalid_format`, unknown keys…) is `errorCode`.
 * - `unrecognized_keys` gives one detail per unknown key, named by its own path.
 * - Messages are `<field> is required` for an absent value, else `<field>: <zod's message>`;
 *   they never quote the input, so secrets cannot leak into them.
 *
 * @example
 * ```ts
 * const result = schema.safeParse(body);
 * if (!result.success) {
 *   zodIssueDetails(result.error.issues, { errorCode: 'invalid_param', missingCode: 'missing_param', input: body });
 *   // [{ field: 'items[0].name', message: 'items[0].name is required', error_code: 'missing_param' }]
 * }
 * ```
 */
export function zodIssueDetails(issues: readonly SchemaIssue[], options: IssueDetailOptions): ErrorDetail[] {
  const rooted = (path: readonly JsonPathSegment[]) =>
    options.root === undefined ? [...path] : [options.root, ...path];
  const spoken = (path: readonly JsonPathSegment[]) =>
    formatJsonPath(options.relativeMessages ? path : rooted(path));
  return issues.flatMap((issue): ErrorDetail[] => {
    const path = issuePath(issue);
    if (issue.code === 'unrecognized_keys' && issue.keys !== undefined) {
      return issue.keys.map((key) => ({
        field: formatJsonPath(rooted([...path, key])),
        message:
          options.unknownKey?.(key, rooted(path)) ??
          `unknown field ${JSON.stringify(spoken([...path, key]))}`,
        error_code: options.errorCode,
      }));
    }
    const field = formatJsonPath(rooted(path));
    if (field === '') {
      return [
        { message: `${options.whole ?? 'request body'}: ${issue.message}`, error_code: options.errorCode },
      ];
    }
    const name = spoken(path) || field;
    if (isMissing(issue, path, options)) {
      const message = issue.code === 'custom' ? named(name, issue.message) : `${name} is required`;
      return [{ field, message, error_code: options.missingCode ?? options.errorCode }];
    }
    return [{ field, message: named(name, issue.message), error_code: options.errorCode }];
  });
}
