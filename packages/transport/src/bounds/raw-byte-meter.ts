import type { Duplex } from 'node:stream';
import { ResponseLimitError } from '@conduit/protocol';
import type { Dispatcher } from 'undici';

type IncomingHttpHeaders = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];

/** The raw bytes one request received so far, shared by the dispatcher and the body, and its bound. */
export interface RawByteMeter {
  bytes: number;
  /** Past this many raw bytes the response is aborted with a `raw_bytes` `ResponseLimitError`. */
  readonly max: number;
}

// Passes every event on, counting body chunks. The handler it wraps is the new-style one: a
// composed dispatcher wraps legacy handlers before interceptors see them.
class MeteredHandler implements Dispatcher.DispatchHandler {
  readonly #handler: Dispatcher.DispatchHandler;
  readonly #meter: RawByteMeter;
  constructor(handler: Dispatcher.DispatchHandler, meter: RawByteMeter) {
    this.#handler = handler;
    this.#meter = meter;
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
    const meter = this.#meter;
    meter.bytes += chunk.length;
    if (meter.bytes > meter.max) {
      // Stops reading the socket: the rest of the body is never received.
      controller.abort(new ResponseLimitError('raw_bytes', meter.max));
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
 * `content-encoding` (only the dispatcher sees those), into the meter `meterOf` gives for the
 * request being dispatched, and aborting past its `max`. A request without a meter passes as is.
 *
 * @example
 * ```ts
 * const meter = { bytes: 0, max: 8 << 20 };
 * const dispatcher = agent.compose(meterRawBytes(() => meter));
 * ```
 */
export function meterRawBytes(
  meterOf: () => RawByteMeter | undefined,
): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => {
    const meter = meterOf();
    return dispatch(options, meter ? new MeteredHandler(handler, meter) : handler);
  };
}
