import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendBody } from './http-io';
import { hashParts } from './seeded-random';
import { xmlEscape } from './xml-escape';

/**
 * Sends an S3-style XML error (`<Error><Code>…</Code><Message>…</Message></Error>`): the object
 * storage behind an upstream's download URLs never answers in the upstream's JSON envelope.
 * `requestId` adds a `<RequestId>` as S3 itself does.
 *
 * @example
 * ```ts
 * await sendObjectStorageError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.');
 * ```
 */
export async function sendObjectStorageError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string | number> = {},
  options: { requestId?: boolean } = {},
): Promise<void> {
  const requestId =
    options.requestId === true
      ? `<RequestId>${hashParts(req.url ?? '', Date.now()).toString(16)}</RequestId>`
      : '';
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${requestId}</Error>`,
  );
  await sendBody(
    req,
    res,
    status,
    { 'content-type': 'application/xml', 'content-length': body.length, ...headers },
    [body],
  );
}
