import type * as z from 'zod';
import type { RetryOptions } from '../retry/retry-options';

/**
 * An HTTP method the transport sends.
 *
 * @example
 * ```ts
 * const method: HttpMethod = 'PATCH';
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * One query-string value. `undefined` and `null` leave the parameter out; arrays repeat it.
 *
 * @example
 * ```ts
 * const fields: QueryValue = ['name', 'notes']; // opt_fields=name&opt_fields=notes
 * ```
 */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/**
 * Query parameters, appended to the URL in insertion order.
 *
 * @example
 * ```ts
 * const query: QueryParams = { limit: 100, offset: cursor, archived: false };
 * ```
 */
export type QueryParams = Record<string, QueryValue>;

/**
 * How a successful body is read by `request()` / `json()`.
 *
 * @example
 * ```ts
 * const csv = await transport.json<string>({ path: '/export.csv', responseType: 'text' });
 * ```
 */
export type ResponseType = 'json' | 'text' | 'bytes';

/**
 * A request body as `fetch` takes it (`BodyInit`), named through `RequestInit` so that it resolves
 * in a program compiled without the DOM library (`lib: ["es2023"]`, `types: ["node"]`), where
 * `@types/node` declares `RequestInit` but no global `BodyInit`.
 *
 * @example
 * ```ts
 * const body: RequestBody = new URLSearchParams({ q: 'open' });
 * ```
 */
export type RequestBody = Exclude<RequestInit['body'], null | undefined>;

/**
 * One request. Give `path` (joined onto the transport's `baseUrl`, keeping its path prefix) or
 * `url` (absolute, e.g. a signed download URL on another host).
 *
 * @example
 * ```ts
 * const page = await transport.json({
 *   path: '/projects/123/tasks',
 *   query: { limit: 100, opt_fields: 'name,completed' },
 *   schema: TaskPageSchema,
 * });
 * ```
 */
export interface RequestOptions<T = unknown> {
  /** Defaults to `GET`. */
  method?: HttpMethod;
  /** Path under `baseUrl`, e.g. `/tasks/1`; it may not climb out of the base path. */
  path?: string;
  /** An absolute `http(s)` URL, instead of `path`. */
  url?: string;
  query?: QueryParams;
  /** A JSON body (sets `content-type: application/json`). */
  json?: unknown;
  /** A form body, sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  /**
   * Any other body. Strings, bytes, Blobs, `URLSearchParams` and `FormData` can be re-sent on a
   * retry; a `ReadableStream` cannot, so a request with one is never retried.
   */
  body?: RequestBody;
  /** Headers for this request; they override the transport's. */
  headers?: Record<string, string>;
  /** Validates the response body; a miss throws `ResponseValidationError`. */
  schema?: z.ZodType<T>;
  /** `json` (default; an empty body is `undefined`), `text` or `bytes` (`Uint8Array`). */
  responseType?: ResponseType;
  /** Aborting rejects with the signal's reason, during a request, a backoff or a limiter wait. */
  signal?: AbortSignal;
  /** Per attempt, overriding the transport's `timeoutMs`. */
  timeoutMs?: number;
  /**
   * `true`: authorize even when `url` is on another origin than `baseUrl`. `false`: send no
   * credentials at all (signed URLs). Unset: authorize only requests to the `baseUrl` origin.
   */
  auth?: boolean;
  /**
   * `true` lets a POST or PATCH be retried (the operation is safe to repeat); `false` forbids
   * retrying even a GET. Unset: the retry policy's `methods` decide.
   */
  idempotent?: boolean;
  /** Overrides (merged over) the transport's retry policy, or `false` for a single attempt. */
  retry?: Partial<RetryOptions> | false;
}
