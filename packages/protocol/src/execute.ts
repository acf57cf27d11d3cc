import * as z from 'zod';

/**
 * The body of an execute call: `{entity, action, params}`. `params` may be omitted or `null`, which
 * means `{}`.
 *
 * @example
 * ```ts
 * ExecuteRequestSchema.parse({ entity: 'tasks', action: 'list', params: { project: '1' } });
 * ```
 */
export const ExecuteRequestSchema = z.strictObject({
  entity: z.string().min(1).max(128),
  action: z.string().min(1).max(64),
  params: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((params) => params ?? {}),
});

/**
 * A parsed execute request.
 *
 * @example
 * ```ts
 * const request: ExecuteRequest = ExecuteRequestSchema.parse(body);
 * ```
 */
export type ExecuteRequest = z.output<typeof ExecuteRequestSchema>;

/**
 * `meta.next_page` of a list: opaque to callers except `offset`, which goes back as `params.offset`.
 *
 * @example
 * ```ts
 * const next = NextPageSchema.nullable().parse(page.meta.next_page);
 * if (next) params.offset = next.offset;
 * ```
 */
export const NextPageSchema = z.looseObject({
  offset: z.string(),
  path: z.string().optional(),
  uri: z.string().optional(),
});

/**
 * The next-page pointer of a list envelope.
 *
 * @example
 * ```ts
 * function nextParams(next: NextPage, params: Record<string, unknown>) {
 *   return { ...params, offset: next.offset };
 * }
 * ```
 */
export type NextPage = z.output<typeof NextPageSchema>;

/**
 * The envelope of a `list` action, for a given record schema.
 *
 * @example
 * ```ts
 * const TaskPage = listEnvelopeSchema(z.looseObject({ gid: z.string() }));
 * ```
 */
export function listEnvelopeSchema<Record extends z.ZodType>(record: Record) {
  return z.object({
    records: z.array(record),
    meta: z.object({ next_page: NextPageSchema.nullable() }),
  });
}

/**
 * The envelope of a `list` action.
 *
 * @example
 * ```ts
 * const page = (await executor.execute({ entity: 'tasks', action: 'list', params })) as ListEnvelope<Task>;
 * ```
 */
export interface ListEnvelope<Record = unknown> {
  records: Record[];
  meta: { next_page: NextPage | null };
}

/**
 * One hit of a `search`.
 *
 * @example
 * ```ts
 * const best: SearchHit | undefined = page.hits[0];
 * ```
 */
export interface SearchHit<Data = Record<string, unknown>> {
  id: string;
  score: number;
  data: Data;
}

/**
 * The envelope of a `search` action.
 *
 * @example
 * ```ts
 * const page = (await executor.execute({ entity: 'tasks', action: 'search', params })) as SearchEnvelope;
 * if (page.next_cursor) params.cursor = page.next_cursor;
 * ```
 */
export interface SearchEnvelope<Data = Record<string, unknown>> {
  hits: SearchHit<Data>[];
  next_cursor: string | null;
  took_ms: number;
}

/**
 * The envelope of a `search` action, for a given data schema.
 *
 * @example
 * ```ts
 * searchEnvelopeSchema(z.record(z.string(), z.unknown())).parse(body);
 * ```
 */
export function searchEnvelopeSchema<Data extends z.ZodType>(data: Data) {
  return z.object({
    hits: z.array(z.object({ id: z.string(), score: z.number(), data })),
    next_cursor: z.string().nullable(),
    took_ms: z.number().nonnegative(),
  });
}

/**
 * The result of a `download`: the bytes as an async iterable of chunks (read once, in constant
 * memory), with what is known about them.
 *
 * @example
 * ```ts
 * const file = await connector.attachments.download({ attachment_gid: '42' });
 * for await (const chunk of file) sink.write(chunk);
 * ```
 */
export interface DownloadResult extends AsyncIterable<Uint8Array> {
  /** 200 for the whole file, 206 for a byte range. */
  readonly status: 200 | 206;
  readonly contentType: string;
  /** Bytes in this response, when known. */
  readonly contentLength: number | undefined;
  /** `Content-Range` of a partial response, e.g. `bytes 0-99/1234`. */
  readonly contentRange: string | undefined;
  /** The file's name, when known. */
  readonly filename: string | undefined;
  /** The same bytes as a web stream, for piping into `Response` or `Writable.fromWeb`. */
  stream(): ReadableStream<Uint8Array>;
}
