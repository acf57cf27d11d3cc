import { AsyncLocalStorage } from 'node:async_hooks';
import { ConduitError, ResponseLimitError } from '@conduit/protocol';
import { Agent, type Dispatcher } from 'undici';
import { meterRawBytes, type RawByteMeter } from './raw-byte-meter';
import { DEFAULT_RESPONSE_BOUNDS, type ResponseBounds } from './response-bounds';

/**
 * Options of {@link createBoundedFetch}.
 *
 * @example
 * ```ts
 * const options: BoundedFetchOptions = { dispatcher: createEgressDispatcher(), bounds: { maxDecodedBytes: 32 << 20 } };
 * ```
 */
export interface BoundedFetchOptions {
  /** The undici dispatcher requests go through (an egress dispatcher). Default: a fresh `Agent`. */
  readonly dispatcher?: Dispatcher;
  /** Bounds of every response. Default {@link DEFAULT_RESPONSE_BOUNDS}. */
  readonly bounds?: ResponseBounds;
  /** Per-request bounds (e.g. a download's, for URLs off the API's origin); wins over `bounds`. */
  readonly boundsFor?: (url: URL) => ResponseBounds | undefined;
}

/** The Conduit error somewhere in a fetch failure's cause chain (fetch wraps them in TypeErrors). */
function conduitCause(error: unknown): ConduitError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    if (ConduitError.isInstance(current)) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

function urlOf(input: Parameters<typeof globalThis.fetch>[0]): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === 'string' ? input : input.url);
}

/**
 * The body of `response`, counted as it is read: past the decoded-size bound, the decompression
 * ratio or the time bound it errors with a `ResponseLimitError` and cancels the source, so the
 * connection is dropped and nothing is buffered.
 */
function boundBody(
  body: ReadableStream<Uint8Array>,
  meter: RawByteMeter,
  bounds: ResponseBounds,
  done: () => void,
  limitOf: () => ConduitError | undefined,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const maxDecoded = bounds.maxDecodedBytes ?? Number.POSITIVE_INFINITY;
  const ratio = bounds.maxDecompressionRatio ?? Number.POSITIVE_INFINITY;
  const floor = bounds.ratioFloorBytes ?? 1024 * 1024;
  const decodedLimit = bounds.kind === 'download' ? 'download_bytes' : 'decoded_bytes';
  let decoded = 0;
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    done();
    void reader.cancel(error).catch(() => undefined);
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          fail(controller, limitOf() ?? conduitCause(error) ?? error);
          return;
        }
        if (chunk.done) {
          done();
          controller.close();
          return;
        }
        decoded += chunk.value.byteLength;
        if (decoded > maxDecoded) {
          fail(controller, new ResponseLimitError(decodedLimit, maxDecoded));
          return;
        }
        if (decoded > floor && decoded > ratio * Math.max(1, meter.bytes)) {
          fail(controller, new ResponseLimitError('decompression_ratio', ratio));
          return;
        }
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        done();
        return reader.cancel(reason);
      },
    },
    // No read-ahead: a chunk is pulled from the source only when the reader asks for one.
    { highWaterMark: 0 },
  );
}

/**
 * A `fetch` (the platform's, sending through an undici dispatcher) whose responses are bounded:
 * raw bytes counted at the dispatcher (before `content-encoding` is decoded), decoded bytes and
 * the decompression ratio counted on the body as it is read (nested encodings such as
 * `gzip, gzip` included), and the time to the last byte when `maxDurationMs` is set. A breach is a
 * `ResponseLimitError` naming the bound; the body is cancelled, so memory returns to where it was.
 * Failures the dispatcher raises as Conduit errors (an egress refusal) are thrown as themselves,
 * not wrapped in fetch's `TypeError`.
 *
 * @example
 * ```ts
 * const transport = createTransport({ baseUrl, fetch: createBoundedFetch({ dispatcher: createEgressDispatcher() }) });
 * ```
 */
export function createBoundedFetch(options: BoundedFetchOptions = {}): typeof globalThis.fetch {
  // The dispatcher is composed with the meter once: composing per request built a dispatcher (an
  // event emitter) per request. Each request's meter reaches the interceptor through the async
  // context of its fetch call, redirect hops included.
  const meters = new AsyncLocalStorage<RawByteMeter>();
  let composed: Dispatcher | undefined;
  const fallback = options.bounds ?? DEFAULT_RESPONSE_BOUNDS;
  return async (input, init) => {
    composed ??= (options.dispatcher ?? new Agent()).compose(meterRawBytes(() => meters.getStore()));
    const bounds = options.boundsFor?.(urlOf(input)) ?? fallback;
    const meter: RawByteMeter = { bytes: 0, max: bounds.maxRawBytes ?? Number.POSITIVE_INFINITY };

    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut: ResponseLimitError | undefined;
    let signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    if (bounds.maxDurationMs !== undefined) {
      const limit = bounds.maxDurationMs;
      const timeout = new AbortController();
      timer = setTimeout(() => {
        timedOut = new ResponseLimitError('download_time', limit);
        timeout.abort(timedOut);
      }, limit);
      timer.unref?.();
      signal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    }
    const done = () => clearTimeout(timer);

    let response: Response;
    try {
      const sendInit = { ...init, ...(signal ? { signal } : {}), dispatcher: composed } as RequestInit;
      response = await meters.run(meter, () => globalThis.fetch(input, sendInit));
    } catch (error) {
      done();
      throw timedOut ?? conduitCause(error) ?? error;
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
    if (bounds.maxRawBytes !== undefined && declared > bounds.maxRawBytes) {
      done();
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseLimitError('raw_bytes', bounds.maxRawBytes);
    }
    if (!encoded && bounds.maxDecodedBytes !== undefined && declared > bounds.maxDecodedBytes) {
      done();
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseLimitError(
        bounds.kind === 'download' ? 'download_bytes' : 'decoded_bytes',
        bounds.maxDecodedBytes,
      );
    }
    // A body that is neither encoded nor open-ended is already bounded: it cannot run past the
    // content-length checked above (the HTTP parser reads exactly that many bytes), and with no
    // time bound there is nothing to stop. Such a response (most API answers) is passed on as it
    // came, without a second stream and Response around it.
    const declaredFits = Number.isFinite(declared) && !encoded && bounds.maxDurationMs === undefined;
    if (response.body === null || declaredFits) {
      done();
      return response;
    }
    const bounded = new Response(
      boundBody(response.body, meter, bounds, done, () => timedOut),
      {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      },
    );
    // What a caller may read off a fetch response besides the body.
    Object.defineProperty(bounded, 'url', { value: response.url });
    Object.defineProperty(bounded, 'redirected', { value: response.redirected });
    return bounded;
  };
}
