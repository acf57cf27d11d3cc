import { ConduitError, type RequestDescription, TimeoutError } from '@conduit/protocol';
import { createNetworkError } from '../errors/create-network-error';

/**
 * A response whose body is read as it is consumed, in constant memory. Consume the body once
 * (iterate `body` or take `toReadableStream()`), or `cancel()` it: until then the connection, and
 * the rate limiter's concurrency slot, stay taken.
 *
 * While reading, a chunk that takes longer than the idle timeout fails with `TimeoutError`, a
 * connection lost mid-body with `NetworkError`, and a caller abort with the caller's reason.
 * Leaving a `for await` early (`break`, `return`, a throw) cancels the body.
 *
 * @example
 * ```ts
 * await using file = await transport.stream({ url: attachment.download_url, auth: false });
 * for await (const chunk of file.body) hash.update(chunk);
 * ```
 */
export interface StreamResponse extends AsyncDisposable {
  readonly status: number;
  readonly headers: Headers;
  /** Bytes the body will have, from `Content-Length`; unknown for compressed or chunked bodies. */
  readonly contentLength: number | undefined;
  /** The body, chunk by chunk. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The body as a web stream (pull-based: nothing is read ahead of the consumer). */
  toReadableStream(): ReadableStream<Uint8Array>;
  /** Stops reading and closes the connection. Safe to call at any time, more than once. */
  cancel(reason?: unknown): Promise<void>;
}

/** What {@link createStreamResponse} needs from the attempt that produced the response. */
export interface StreamResponseInit {
  response: Response;
  /** The longest wait for one chunk. */
  idleTimeoutMs: number;
  /** Aborts the underlying fetch (with the given reason); used when a chunk is too slow. */
  abortFetch: (reason: unknown) => void;
  /** The attempt's own signal, whose reason tells a timeout from other failures. */
  timeoutSignal: AbortSignal;
  callerSignal: AbortSignal | undefined;
  request: RequestDescription;
  /** Called once, when the body ends, fails or is cancelled. */
  onEnd: () => void;
}

/**
 * Wraps a fetch `Response` as a {@link StreamResponse}. Internal to the transport; exported for
 * alternative transports built on the same pieces.
 *
 * @example
 * ```ts
 * const stream = createStreamResponse({ response, idleTimeoutMs: 30_000, abortFetch, timeoutSignal, callerSignal, request, onEnd });
 * ```
 */
export function createStreamResponse(init: StreamResponseInit): StreamResponse {
  const { response } = init;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let finished = false;
  let claimed = false;

  const finish = () => {
    if (finished) return;
    finished = true;
    init.onEnd();
  };

  const claim = () => {
    if (claimed) {
      throw new ConduitError(`The body of ${init.request.method} ${init.request.url} was already consumed`, {
        code: 'body_used',
        request: init.request,
      });
    }
    claimed = true;
  };

  const toError = (error: unknown): unknown => {
    if (init.callerSignal?.aborted) return init.callerSignal.reason;
    if (init.timeoutSignal.aborted && ConduitError.isInstance(init.timeoutSignal.reason)) {
      return init.timeoutSignal.reason;
    }
    if (ConduitError.isInstance(error)) return error;
    // Whatever else breaks a body read after the headers arrived is the connection going away.
    return createNetworkError(error, init.request);
  };

  const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    if (finished) return { done: true, value: undefined };
    if (!response.body) {
      finish();
      return { done: true, value: undefined };
    }
    reader ??= response.body.getReader();
    // The timer covers one read, so a slow consumer never trips it: it measures the server.
    const timer = globalThis.setTimeout(() => {
      init.abortFetch(
        new TimeoutError(
          `${init.request.method} ${init.request.url}: no data for ${init.idleTimeoutMs} ms while reading the body`,
          { timeoutMs: init.idleTimeoutMs, request: init.request },
        ),
      );
    }, init.idleTimeoutMs);
    try {
      const result = await reader.read();
      if (result.done) finish();
      return result;
    } catch (error) {
      finish();
      throw toError(error);
    } finally {
      globalThis.clearTimeout(timer);
    }
  };

  const cancel = async (reason?: unknown): Promise<void> => {
    if (finished) return;
    finish();
    try {
      if (reader) await reader.cancel(reason);
      else await response.body?.cancel(reason);
    } catch {
      // Cancelling a body that already failed may reject; the connection is gone either way.
    }
  };

  async function* iterate(): AsyncGenerator<Uint8Array, void, undefined> {
    try {
      for (;;) {
        const result = await read();
        if (result.done) return;
        yield result.value;
      }
    } finally {
      // Runs on `break` too: an abandoned body must not keep the connection and the slot.
      await cancel();
    }
  }

  const lengthHeader = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  // fetch decodes compressed bodies, so Content-Length then counts other bytes than we yield.
  const contentLength =
    lengthHeader !== null && /^\d+$/.test(lengthHeader) && (!encoding || encoding === 'identity')
      ? Number(lengthHeader)
      : undefined;

  return {
    status: response.status,
    headers: response.headers,
    contentLength,
    body: {
      [Symbol.asyncIterator]: () => {
        claim();
        return iterate();
      },
    },
    toReadableStream: () => {
      claim();
      return new ReadableStream<Uint8Array>(
        {
          pull: async (controller) => {
            const result = await read();
            if (result.done) controller.close();
            else controller.enqueue(result.value);
          },
          cancel: (reason) => cancel(reason),
        },
        // Nothing buffered ahead of the consumer: memory stays flat whatever the body size.
        { highWaterMark: 0 },
      );
    },
    cancel,
    [Symbol.asyncDispose]: () => cancel(),
  };
}
