const decoder = new TextDecoder();

/**
 * A `Response` whose body the attempt has already read: what the attempt layer hands ky for a
 * buffered call. It carries the bytes themselves instead of a new body stream over a copy of them
 * (re-wrapping the bytes in a plain `Response` copies them and builds a stream per request, which
 * cost about as much as the rest of the transport's own work). `text()`, `json()`, `bytes()`,
 * `arrayBuffer()`, `blob()` and `clone()` read the bytes; `body` is `null`. `headers`, `url` and
 * `redirected` are the fetched response's own: the `Response` constructor would copy (and
 * re-validate) every header per request otherwise, and would lose the URL.
 *
 * @example
 * ```ts
 * const buffered = new BufferedResponse(await response.bytes(), response);
 * await buffered.text();
 * ```
 */
export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #source: Pick<Response, 'headers' | 'url' | 'redirected'>;

  constructor(
    bytes: Uint8Array<ArrayBuffer>,
    source: Pick<Response, 'status' | 'statusText' | 'headers' | 'url' | 'redirected'>,
  ) {
    super(null, { status: source.status, statusText: source.statusText });
    this.#bytes = bytes;
    this.#source = source;
  }

  override get headers(): Headers {
    return this.#source.headers;
  }

  override get url(): string {
    return this.#source.url;
  }

  override get redirected(): boolean {
    return this.#source.redirected;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  override async text(): Promise<string> {
    return decoder.decode(this.#bytes);
  }

  override async json(): Promise<unknown> {
    return JSON.parse(decoder.decode(this.#bytes));
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.#bytes], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): BufferedResponse {
    return new BufferedResponse(this.#bytes, this);
  }
}
