const decoder = new TextDecoder();

/**
 * A `Response` whose body the attempt has already read: what the attempt layer hands ky for a
 * buffered call. It carries the bytes themselves instead of a new body stream over a copy of them
 * (re-wrapping the bytes in a plain `Response` copies them and builds a stream per request, which
 * cost about as much as the rest of the transport's own work). `text()`, `json()`, `bytes()`,
 * `arrayBuffer()`, `blob()` and `clone()` read the bytes; `body` is `null`.
 *
 * @example
 * ```ts
 * const buffered = new BufferedResponse(await response.bytes(), response);
 * await buffered.text();
 * ```
 */
export class BufferedResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(
    bytes: Uint8Array<ArrayBuffer>,
    init: { status: number; statusText: string; headers: Headers },
  ) {
    super(null, { status: init.status, statusText: init.statusText, headers: init.headers });
    this.#bytes = bytes;
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
