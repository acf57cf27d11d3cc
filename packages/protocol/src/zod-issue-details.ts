import type * as z from 'zod';
import type { ErrorDetail } from './errors/conduit-error';
import { formatJsonPath, type JsonPathSegment } from './json-path';

/** How to turn the issues of one parse into error details. */
export interface IssueDetailOptions {
  /** The name of the parsed value in paths, e.g. `credentials`; none for a whole request body. */
  root?: string;
  /** `error_code` of every detail, e.g. `invalid_credentials`. */
  errorCode: string;
  /** The value that was parsed, to tell a missing field from a wrong one. */
  input: unknown;
  /** The message for a key the schema does not know, given the key and the path of its object. */
  unknownKey?: (key: string, path: readonly JsonPathSegment[]) => string;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || typeof segment === 'symbol') return undefined;
    value = Object.hasOwn(value, segment) ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return value;
}

function segments(path: readonly PropertyKey[]): JsonPathSegment[] {
  return path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
}

/**
 * Turns zod issues into the hosted service's error details: one per field at fault, each named by
 * its JSON path under `root`. Messages never quote the input, so secrets cannot leak into them.
 */
export function zodIssueDetails(
  issues: readonly z.core.$ZodIssue[],
  options: IssueDetailOptions,
): ErrorDetail[] {
  return issues.flatMap((issue): ErrorDetail[] => {
    const path = [...(options.root === undefined ? [] : [options.root]), ...segments(issue.path)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: formatJsonPath([...path, key]),
        message: options.unknownKey?.(key, path) ?? `unknown field ${JSON.stringify(key)}`,
        error_code: options.errorCode,
      }));
    }
    const field = formatJsonPath(path);
    if (field === '') return [{ message: `request body: ${issue.message}`, error_code: options.errorCode }];
    const missing = issue.code === 'invalid_type' && valueAt(options.input, issue.path) === undefined;
    return [
      {
        field,
        message: missing ? `${field} is required` : `${field}: ${issue.message}`,
        error_code: options.errorCode,
      },
    ];
  });
}
