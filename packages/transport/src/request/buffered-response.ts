const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * A `Response` whose body the attempt has already read: what the attempt layer hands ky for a
 * buffered call. It carries the body itself (the text of a JSON or text call, the bytes of any
 * other) instead of a new body stream over a copy of it (re-wrapping the bytes in a plain
 * `Response` copies them and builds a stream per request, which cost about as much as the rest of
 * the transport's own work). `text()`, `json()`, `bytes()`, `arrayBuffer()` and `blob()` read the
 * body once, as a fetched body reads (`bodyUsed` after), and let go of it: ky keeps the response
 * it was handed alive until a full GC, and so would keep every page's body that long; `clone()`
 * shares it; `body` is `null`. Text goes back to bytes as UTF-8, the encoding it was read with.
 * `headers`, `url` and `redirected` are the fetched response's own: the `Response` constructor
 * would copy (and re-validate) every header per request otherwise, and would lose the URL.
 *
 * @example
 * ```ts
 * const buffered = new BufferedResponse(await response.text(), response);
 * await buffered.json();
 * ```
 */
export class BufferedResponse extends Response {
  #body: Uint8Array<ArrayBuffer> | string | undefined;
  // The fetched response's headers, URL and redirect flag, not the response itself: ky may keep
  // this response alive long after the call (see above), and the fetched one would keep its
  // connection's state with it.
  readonly #headers: Headers;
  readonly #url: string;
  readonly #redirected: boolean;

  constructor(
    body: Uint8Array<ArrayBuffer> | string,
    source: Pick<Response, 'status' | 'statusText' | 'headers' | 'url' | 'redirected'>,
  ) {
    super(null, { status: source.status, statusText: source.statusText });
    this.#body = body;
    this.#headers = source.headers;
    this.#url = source.url;
    this.#redirected = source.redirected;
  }

  override get headers(): Headers {
    return this.#headers;
  }

  override get url(): string {
    return this.#url;
  }

  override get redirected(): boolean {
    return this.#redirected;
  }

  override get bodyUsed(): boolean {
    return this.#body === undefined;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#takeBytes();
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#takeBytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  override async text(): Promise<string> {
    return this.#takeText();
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#takeText());
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.#takeBytes()], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): BufferedResponse {
    if (this.#body === undefined) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#body, this);
  }

  #takeText(): string {
    const body = this.#take();
    return typeof body === 'string' ? body : decoder.decode(body);
  }

  #takeBytes(): Uint8Array<ArrayBuffer> {
    const body = this.#take();
    return typeof body === 'string' ? (encoder.encode(body) as Uint8Array<ArrayBuffer>) : body;
  }

  #take(): Uint8Array<ArrayBuffer> | string {
    const body = this.#body;
    if (body === undefined) throw new TypeError('Body is unusable: Body has already been read');
    this.#body = undefined;
    return body;
  }
}
