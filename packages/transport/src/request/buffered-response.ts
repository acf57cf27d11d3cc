const decoder = new TextDecoder();

/**
 * A `Response` whose body the attempt has already read: what the attempt layer hands ky for a
 * buffered call. It carries the bytes themselves instead of a new body stream over a copy of them
 * (re-wrapping the bytes in a plain `Response` copies them and builds a stream per request, which
 * cost about as much as the rest of the transport's own work). `text()`, `json()`, `bytes()`,
 * `arrayBuffer()` and `blob()` read the bytes once, as a fetched body reads (`bodyUsed` after),
 * and let go of them: ky keeps the response it was handed alive until a full GC, and so would keep
 * every page's bytes (outside the JS heap) that long; `clone()` shares them; `body` is `null`.
 * `headers`, `url` and `redirected` are the fetched response's own: the `Response` constructor would copy (and
 * re-validate) every header per request otherwise, and would lose the URL.
 *
 * @example
 * ```ts
 * const buffered = new BufferedResponse(await response.bytes(), response);
 * await buffered.text();
 * ```
 */
export class BufferedResponse extends Response {
  #bytes: Uint8Array<ArrayBuffer> | undefined;
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

  override get bodyUsed(): boolean {
    return this.#bytes === undefined;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#take();
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  override async text(): Promise<string> {
    return decoder.decode(this.#take());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(decoder.decode(this.#take()));
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.#take()], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): BufferedResponse {
    if (this.#bytes === undefined) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.#bytes, this);
  }

  #take(): Uint8Array<ArrayBuffer> {
    const bytes = this.#bytes;
    if (bytes === undefined) throw new TypeError('Body is unusable: Body has already been read');
    this.#bytes = undefined;
    return bytes;
  }
}
