import type { Duplex } from 'node:stream';
import { ResponseLimitError } from '@conduit/protocol';
import type { Dispatcher } from 'undici';

type IncomingHttpHeaders = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];

/** The raw bytes one request received so far, shared by the dispatcher and the body. */
export interface RawByteMeter {
  bytes: number;
}

// Passes every event on, counting body chunks. The handler it wraps is the new-style one: a
// composed dispatcher wraps legacy handlers before interceptors see them.
class MeteredHandler implements Dispatcher.DispatchHandler {
  readonly #handler: Dispatcher.DispatchHandler;
  readonly #meter: RawByteMeter;
  readonly #max: number;
  constructor(handler: Dispatcher.DispatchHandler, meter: RawByteMeter, max: number) {
    this.#handler = handler;
    this.#meter = meter;
    this.#max = max;
  }
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#handler.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    socket: Duplex,
  ): void {
    this.#handler.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }
  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.#handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }
  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#meter.bytes += chunk.length;
    if (this.#meter.bytes > this.#max) {
      // Stops reading the socket: the rest of the body is never received.
      controller.abort(new ResponseLimitError('raw_bytes', this.#max));
      return;
    }
    this.#handler.onResponseData?.(controller, chunk);
  }
  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.#handler.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.#handler.onResponseError?.(controller, error);
  }
}

/**
 * An undici interceptor counting the bytes a response brings on the wire, before fetch decodes
 * `content-encoding` (only the dispatcher sees those), and aborting past `max`.
 *
 * @example
 * ```ts
 * const meter = { bytes: 0 };
 * const dispatcher = agent.compose(meterRawBytes(meter, 8 << 20));
 * ```
 */
export function meterRawBytes(
  meter: RawByteMeter,
  max = Number.POSITIVE_INFINITY,
): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => dispatch(options, new MeteredHandler(handler, meter, max));
}
