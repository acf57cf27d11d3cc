import type { IncomingMessage, ServerResponse } from 'node:http';
import { SimulatedHttpError } from './simulated-http-error';

/** Bodies above this size are refused, so a runaway client cannot exhaust the test process. */
const maxBodyBytes = 16 * 1024 * 1024;

/** A request body as received: its text and what it parsed to. */
export interface ReceivedBody {
  text: string;
  /** Parsed JSON, a form as a plain object, or `undefined` when the body was empty. */
  value: unknown;
}

/**
 * Reads and parses a request body. JSON and `application/x-www-form-urlencoded` are understood
 * (the token endpoint must accept both); anything else is kept as text.
 *
 * @example
 * ```ts
 * const { value } = await readRequestBody(request);
 * ```
 */
export async function readRequestBody(request: IncomingMessage): Promise<ReceivedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBodyBytes) {
      throw new SimulatedHttpError(413, { message: 'Request Entity Too Large' });
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { text, value: undefined };
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { text, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    if (contentType.includes('json') || contentType === '') {
      throw new SimulatedHttpError(400, {
        status: 400,
        type: 'https://reference.airbyte.com/reference/errors#bad-request',
        title: 'bad-request',
        detail: 'The request could not be understood by the server due to malformed syntax.',
        data: { message: 'Malformed JSON body' },
      });
    }
    return { text, value: text };
  }
}

/**
 * Sends a JSON response. The platform serves its problem bodies as `application/json` too.
 *
 * @example
 * ```ts
 * sendJson(response, 200, { data: [] });
 * ```
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  response.end(payload);
}

/**
 * Sends a response with no body (204s, and the bare 401 of the security layer).
 *
 * @example
 * ```ts
 * sendEmpty(response, 204);
 * ```
 */
export function sendEmpty(
  response: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-length': '0', ...headers });
  response.end();
}
