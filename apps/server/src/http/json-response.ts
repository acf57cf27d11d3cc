/** What the node:http adapter writes for a {@link JsonResponse} it has not had to materialise. */
export interface PlainJsonResponse {
  readonly status: number;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const CONTENT_TYPE = 'application/json';

/**
 * A JSON response that keeps its serialised body and plain headers as they are: the server's
 * adapter writes them to the socket as they are (see `listen`), where a `Response` would wrap the
 * text in a web stream that the adapter then has to read back out, chunk by chunk, on every call.
 * It is a `Response` to everyone else: the first use of any other member (`headers`, `json()`,
 * `body`, …) builds the real one, and from then on it is that response.
 *
 * @example
 * ```ts
 * return jsonResponse({ status: 'ok' }, 200, { 'retry-after': '3' });
 * ```
 */
class JsonResponse {
  readonly #status: number;
  readonly #headers: Record<string, string>;
  readonly #body: string;
  #materialised: Response | undefined;

  constructor(body: string, status: number, headers: Record<string, string>) {
    this.#body = body;
    this.#status = status;
    this.#headers = headers;
  }

  get status(): number {
    return this.#status;
  }

  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }

  get headers(): Headers {
    return this.#materialise().headers;
  }

  /** The parts as they are, or undefined once a real `Response` was built (its headers may have changed). */
  plain(): PlainJsonResponse | undefined {
    if (this.#materialised) return undefined;
    return { status: this.#status, headers: this.#headers, body: this.#body };
  }

  setHeader(name: string, value: string): void {
    if (this.#materialised) this.#materialised.headers.set(name, value);
    else this.#headers[name.toLowerCase()] = value;
  }

  #materialise(): Response {
    this.#materialised ??= new Response(this.#body, { status: this.#status, headers: this.#headers });
    return this.#materialised;
  }

  static materialised(response: JsonResponse): Response {
    return response.#materialise();
  }
}

// Everything else a `Response` has is the real response's.
for (const name of ['body', 'bodyUsed', 'redirected', 'statusText', 'type', 'url'] as const) {
  Object.defineProperty(JsonResponse.prototype, name, {
    get(this: JsonResponse) {
      return JsonResponse.materialised(this)[name];
    },
  });
}
for (const name of ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'] as const) {
  Object.defineProperty(JsonResponse.prototype, name, {
    value(this: JsonResponse) {
      const response = JsonResponse.materialised(this);
      return (response[name] as () => unknown).call(response);
    },
  });
}
Object.setPrototypeOf(JsonResponse.prototype, Response.prototype);

/**
 * A JSON response (`Content-Type: application/json`) that the server's adapter writes without a
 * web stream in between. `headers` are added (lower-case names).
 *
 * @example
 * ```ts
 * app.get('/healthz', () => jsonResponse({ status: 'ok' }));
 * ```
 */
export function jsonResponse(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  // `undefined` has no JSON: an empty body, as `c.json(undefined)` gives.
  const body = JSON.stringify(value) ?? '';
  return new JsonResponse(body, status, {
    'content-type': CONTENT_TYPE,
    ...headers,
  }) as unknown as Response;
}

/**
 * The parts of a response made by {@link jsonResponse}, when it is still only that.
 *
 * @example
 * ```ts
 * const plain = plainJsonResponse(response);
 * if (plain) outgoing.writeHead(plain.status, plain.headers).end(plain.body);
 * ```
 */
export function plainJsonResponse(response: Response): PlainJsonResponse | undefined {
  return response instanceof JsonResponse ? response.plain() : undefined;
}

/**
 * Sets a header on any response: on a {@link jsonResponse} without building the real one, on an
 * ordinary one in place, or on a copy when its headers are immutable (one passed through from
 * `fetch`). Returns the response to use from now on.
 *
 * @example
 * ```ts
 * c.res = withHeader(c.res, 'x-request-id', requestId);
 * ```
 */
export function withHeader(response: Response, name: string, value: string): Response {
  if (response instanceof JsonResponse) {
    response.setHeader(name, value);
    return response;
  }
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
