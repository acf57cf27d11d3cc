import type { Readable } from 'node:stream';

/**
 * Wraps a Node.js `Readable` of bytes as a web `ReadableStream`, with backpressure: the source is
 * paused while a chunk waits to be read, so a slow reader holds at most one chunk in memory.
 * `mapError` turns the source's errors into what the stream's reader should see; `onSettled` runs
 * once when the stream ends, fails or is cancelled.
 *
 * Node's own `Readable.toWeb` does the same with more machinery per chunk; this is the hot path of
 * every response body.
 *
 * @example
 * ```ts
 * const body = nodeReadableToWeb(incomingMessage, {
 *   mapError: (error) => new TypeError('terminated', { cause: error }),
 * });
 * const text = await new Response(body).text();
 * ```
 */
export function nodeReadableToWeb(
  source: Readable,
  options: { mapError?: (error: unknown) => unknown; onSettled?: () => void } = {},
): ReadableStream<Uint8Array> {
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    options.onSettled?.();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Buffer) => {
        // A source being destroyed can still emit what it had buffered.
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => {
        if (settled) return;
        settle();
        controller.close();
      });
      const fail = (error: unknown) => {
        if (settled) return;
        settle();
        controller.error(options.mapError ? options.mapError(error) : error);
      };
      source.once('error', fail);
      // A source destroyed without an error (a socket closed early) would otherwise leave the
      // reader waiting forever.
      source.once('close', () => {
        if (!source.readableEnded) fail(Object.assign(new Error('premature close'), { code: 'ECONNRESET' }));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      settle();
      source.destroy();
    },
  });
}
