import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Content type of every JSON response of the API, as Asana sends it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/** A response body fault: cut the connection (`reset`) or go silent (`stall`) after `afterBytes`. */
export interface BodyFault {
  kind: 'reset' | 'stall';
  afterBytes: number;
}

/**
 * Reads a request body up to `limit` bytes (larger bodies are cut off: the simulator only reads
 * small form posts).
 *
 * @example
 * ```ts
 * const form = new URLSearchParams(await readBody(req));
 * ```
 */
export async function readBody(req: IncomingMessage, limit = 65_536): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) break;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The token of an `Authorization: Bearer …` header, or undefined.
 *
 * @example
 * ```ts
 * bearerToken(req.headers.authorization); // '2/123/456:abc'
 * ```
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Resolves once the response can take more data, or has closed (then writing is pointless). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Writes a response: head, then the body chunk by chunk with backpressure (so a 200 MiB stream
 * never sits in memory), optionally cut off after `fault.afterBytes` bytes to simulate a reset or
 * a stalled connection mid-body. HEAD requests get the head only.
 *
 * @example
 * ```ts
 * await sendBody(req, res, 200, { 'content-type': 'text/plain' }, [Buffer.from('ok')]);
 * ```
 */
export async function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Iterable<Buffer>,
  fault?: BodyFault,
): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  let sent = 0;
  for (const chunk of body) {
    if (res.destroyed) return;
    let piece = chunk;
    if (fault !== undefined && sent + piece.length >= fault.afterBytes) {
      piece = piece.subarray(0, Math.max(0, fault.afterBytes - sent));
      if (piece.length > 0) res.write(piece);
      if (fault.kind === 'reset') {
        // Let the partial bytes leave before tearing the connection down.
        setTimeout(() => res.socket?.destroy(), 5).unref();
      }
      return;
    }
    sent += piece.length;
    if (!res.write(piece)) await drained(res);
  }
  res.end();
}

/**
 * Sends a JSON body with the API's content type (indented when `pretty`).
 *
 * @example
 * ```ts
 * await sendJson(req, res, 200, { data: [] }, { pretty: true });
 * ```
 */
export async function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  options: { pretty?: boolean; headers?: OutgoingHttpHeaders; fault?: BodyFault } = {},
): Promise<void> {
  const text = JSON.stringify(body, null, options.pretty === true ? 2 : undefined);
  const headers = {
    'content-type': JSON_CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    ...options.headers,
  };
  if (options.fault !== undefined) {
    await sendBody(req, res, status, headers, [Buffer.from(text)], options.fault);
    return;
  }
  if (res.destroyed) return;
  res.writeHead(status, headers);
  // Ending with the string itself lets node send head and body in one write, without first
  // copying the body into a Buffer.
  if (req.method === 'HEAD') res.end();
  else res.end(text);
}
