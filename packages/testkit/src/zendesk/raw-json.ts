/**
 * A record already serialized to JSON. Ticket records are built and stringified once per version
 * of the ticket and reused by every page that holds them: a 100,000-ticket listing then costs the
 * simulator little more than string joins, so a benchmark measures the client, not the server.
 *
 * @example
 * ```ts
 * serializeJson({ tickets: [new RawJson('{"id":1}')] }); // '{"tickets":[{"id":1}]}'
 * ```
 */
export class RawJson {
  constructor(readonly text: string) {}
}

const MARK = '\u0000raw:';

/**
 * `JSON.stringify`, with every {@link RawJson} inserted as its text.
 *
 * @example
 * ```ts
 * serializeJson({ a: new RawJson('[1,2]') }); // '{"a":[1,2]}'
 * ```
 */
export function serializeJson(body: unknown): string {
  if (body instanceof RawJson) return body.text;
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.text);
    return `${MARK}${raws.length - 1}`;
  });
  if (raws.length === 0) return text;
  return text.replace(/"\\u0000raw:(\d+)"/g, (_match, index: string) => raws[Number(index)] as string);
}
