import {
  ApiError,
  defineConnector,
  ResponseValidationError,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
import { startTestServer, type TestServer } from '@conduit/testkit';
import { errorMessageFromBody } from '@conduit/transport';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createConnectorClient } from './connector-client';
import { createConnectorExecutor } from './create-connector-executor';
import { PageLimitExceededError } from './page-limit-error';
import { pageParams } from './page-params';
import { cursorPaging } from './paging/cursor-paging';
import { defineConnectorAction } from './upstream-spec';

const Ticket = z.looseObject({ id: z.number(), subject: z.string() });

const definition = defineConnector({
  name: 'executor-test',
  connectorType: 'test',
  displayName: 'Executor test',
  entities: {
    tickets: {
      description: 'Tickets',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List tickets',
          params: z.strictObject({
            ...pageParams({ maxLimit: 100 }),
            status: z.enum(['open', 'closed']).optional(),
          }),
          record: Ticket,
          upstream: {
            path: '/tickets',
            recordsAt: 'tickets',
            query: { include: 'users' },
            paging: cursorPaging(),
          },
        }),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Get a ticket',
          params: z.strictObject({ ticket_id: z.string().regex(/^\d+$/) }),
          record: Ticket,
          upstream: { path: '/tickets/{ticket_id}', recordAt: 'ticket' },
        }),
        search: defineConnectorAction({
          kind: 'search',
          description: 'Search tickets',
          params: z.strictObject({}),
          record: Ticket,
        }),
      },
    },
    attachments: {
      description: 'Attachments',
      actions: {
        download: defineConnectorAction({
          kind: 'download',
          description: 'Download an attachment',
          params: z.strictObject({ attachment_id: z.string(), range: z.string().optional() }),
          record: z.never(),
          upstream: {
            path: '/attachments/{attachment_id}',
            download: {
              rangeParam: 'range',
              locate: (body) => {
                const attachment = (body as { attachment: { content_url: string; file_name: string } })
                  .attachment;
                return { url: attachment.content_url, filename: attachment.file_name };
              },
            },
          },
        }),
      },
    },
    exports: {
      description: 'Exports',
      actions: {
        download: defineConnectorAction({
          kind: 'download',
          description: 'Download an export',
          params: z.strictObject({ export_id: z.string() }),
          record: z.never(),
          upstream: { path: '/exports/{export_id}/content' },
        }),
      },
    },
  },
});

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(routes: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(routes);
  servers.push(server);
  return server;
}

function executorFor(
  server: TestServer,
  options: Partial<Parameters<typeof createConnectorExecutor>[0]> = {},
) {
  return createConnectorExecutor({
    definition,
    baseUrl: `${server.url}/api/v2`,
    rateLimit: false,
    retry: false,
    ...options,
  });
}

describe('createConnectorExecutor', () => {
  it('fills the path, sends the other params and the fixed query, and reads the record where declared', async () => {
    const server = await serve({
      'GET /api/v2/tickets/:id': (request) => ({
        json: { ticket: { id: Number(request.params.id), subject: 'Hi', extra: 1 } },
      }),
      'GET /api/v2/tickets': { json: { tickets: [{ id: 1, subject: 'a' }], meta: { has_more: false } } },
    });
    const client = createConnectorClient(definition, executorFor(server));
    expect(await client.tickets.get({ ticket_id: '42' })).toEqual({ id: 42, subject: 'Hi', extra: 1 });
    const page = await client.tickets.list({ status: 'open' });
    expect(page).toEqual({ records: [{ id: 1, subject: 'a' }], meta: { next_page: null } });
    const list = server.requestsTo('GET /api/v2/tickets')[0];
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      status: 'open',
      include: 'users',
      'page[size]': '100',
    });
  });

  it('validates params before any request, naming the field', async () => {
    const server = await serve({});
    const client = createConnectorClient(definition, executorFor(server));
    await expect(client.tickets.get({ ticket_id: 'x/../1' })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.execute('tickets', 'list', { status: 'pending' })).rejects.toMatchObject({
      details: [expect.objectContaining({ field: 'params.status' })],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a record that does not match its schema, naming the field in the body', async () => {
    const server = await serve({
      'GET /api/v2/tickets/:id': { json: { ticket: { id: 'one', subject: 'x' } } },
    });
    const error = await createConnectorClient(definition, executorFor(server))
      .tickets.get({ ticket_id: '1' })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).details.map((detail) => detail.field)).toEqual(['ticket.id']);
  });

  it('walks a list checking every later page: its records, its size and the offset it hands on', async () => {
    const long = 'x'.repeat(5000);
    // Page 1 -> 'bad-record' (a record whose id is not a number), 'too-many' (more records than
    // the limit), 'long' (an offset longer than the offset param allows), or 'c2' -> the end.
    const pages: Record<string, unknown> = {
      first: { tickets: [{ id: 1, subject: 'a' }], meta: { has_more: true, after_cursor: 'c2' } },
      c2: { tickets: [{ id: 2, subject: 'b' }], meta: { has_more: false } },
      'bad-record': { tickets: [{ id: 'three', subject: 'c' }], meta: { has_more: false } },
      'too-many': {
        tickets: [
          { id: 4, subject: 'd' },
          { id: 5, subject: 'e' },
        ],
        meta: { has_more: false },
      },
    };
    let next = 'c2';
    const server = await serve({
      'GET /api/v2/tickets': (request) => {
        const after = request.query.get('page[after]');
        const body = after === null ? pages.first : pages[after];
        if (after !== null) return { json: body };
        return { json: { ...(body as object), meta: { has_more: true, after_cursor: next } } };
      },
    });
    const client = createConnectorClient(definition, executorFor(server));
    const walk = async () => {
      const ids: unknown[] = [];
      for await (const ticket of client.tickets.list({ status: 'open', limit: 1 })) ids.push(ticket.id);
      return ids;
    };
    expect(await walk()).toEqual([1, 2]);
    expect(
      server.requestsTo('GET /api/v2/tickets').map((request) => Object.fromEntries(request.query)),
    ).toEqual([
      { status: 'open', include: 'users', 'page[size]': '1' },
      { status: 'open', include: 'users', 'page[size]': '1', 'page[after]': 'c2' },
    ]);

    next = 'bad-record';
    const badRecord = await walk().catch((reason: unknown) => reason);
    expect(badRecord).toBeInstanceOf(ResponseValidationError);
    expect((badRecord as ResponseValidationError).details.map((detail) => detail.field)).toEqual([
      'tickets[0].id',
    ]);
    next = 'too-many';
    await expect(walk()).rejects.toBeInstanceOf(PageLimitExceededError);
    next = long;
    await expect(walk()).rejects.toMatchObject({
      name: 'ValidationError',
      details: [expect.objectContaining({ field: 'params.offset' })],
    });
  });

  it('gives a custom pager a query of its own on every page of a walk', async () => {
    const Event = z.looseObject({ id: z.number() });
    const custom = defineConnector({
      name: 'custom-paging-test',
      connectorType: 'test',
      displayName: 'Custom paging test',
      entities: {
        events: {
          description: 'Events',
          actions: {
            list: defineConnectorAction({
              kind: 'list',
              description: 'List events',
              params: z.strictObject({ ...pageParams({ maxLimit: 100 }), kind: z.string().optional() }),
              record: Event,
              upstream: {
                path: '/events',
                recordsAt: 'events',
                paging: {
                  type: 'custom',
                  readPage: async (context) => {
                    const page = Number(context.offset ?? '1');
                    // A pager that marks its first request only, in the query it was handed.
                    if (page === 1) (context.query as Record<string, unknown>).first = 'yes';
                    const body = await context.transport.json({
                      path: context.path,
                      query: { ...context.query, page },
                      signal: context.signal,
                    });
                    const next = page < 3 ? { offset: String(page + 1) } : null;
                    return { records: context.parseRecords(body), meta: { next_page: next } };
                  },
                },
              },
            }),
          },
        },
      },
    });
    const server = await serve({
      'GET /api/v2/events': (request) => ({ json: { events: [{ id: Number(request.query.get('page')) }] } }),
    });
    const client = createConnectorClient(custom, executorFor(server, { definition: custom }));
    const ids: unknown[] = [];
    for await (const event of client.events.list({ kind: 'deploy' })) ids.push(event.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(
      server.requestsTo('GET /api/v2/events').map((request) => Object.fromEntries(request.query)),
    ).toEqual([
      { kind: 'deploy', first: 'yes', page: '1' },
      { kind: 'deploy', page: '2' },
      { kind: 'deploy', page: '3' },
    ]);
  });

  it('runs the error-mapping hook on upstream failures', async () => {
    class QuotaError extends ApiError {}
    const server = await serve({
      'GET /api/v2/tickets/:id': { status: 422, json: { error: 'QuotaExceeded' } },
    });
    const executor = executorFor(server, {
      errorMapper: ({ status, body, request }) =>
        status === 422 && errorMessageFromBody(body) === 'QuotaExceeded'
          ? new QuotaError('quota', { status, request, code: 'quota_exceeded' })
          : undefined,
    });
    await expect(
      createConnectorClient(definition, executor).tickets.get({ ticket_id: '1' }),
    ).rejects.toMatchObject({
      code: 'quota_exceeded',
      status: 422,
    });
  });

  it('refuses search in local mode', async () => {
    const server = await serve({});
    await expect(
      createConnectorClient(definition, executorFor(server)).tickets.search(),
    ).rejects.toBeInstanceOf(UnsupportedOperationError);
  });

  it('streams a located download without the credentials, with the range and the file name', async () => {
    const files = await serve({
      'GET /files/:name': (request) => ({
        status: request.headers.range ? 206 : 200,
        headers: {
          'content-type': 'text/plain',
          ...(request.headers.range ? { 'content-range': 'bytes 0-1/5' } : {}),
        },
        body: request.headers.range ? 'he' : 'hello',
      }),
    });
    const api = await serve({
      'GET /api/v2/attachments/:id': {
        json: { attachment: { content_url: `${files.url}/files/a.txt`, file_name: 'a.txt' } },
      },
    });
    const executor = executorFor(api, {
      auth: { authorize: (headers) => headers.set('authorization', 'Bearer secret') },
    });
    const client = createConnectorClient(definition, executor);
    const file = await client.attachments.download({ attachment_id: '7', range: 'bytes=0-1' });
    expect(file).toMatchObject({ status: 206, filename: 'a.txt', contentRange: 'bytes 0-1/5' });
    let text = '';
    for await (const chunk of file) text += Buffer.from(chunk).toString();
    expect(text).toBe('he');
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret');
    expect(api.requests[0]?.query.has('range')).toBe(false);
    expect(files.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('streams a direct download from the path, with the credentials and the disposition name', async () => {
    const api = await serve({
      'GET /api/v2/exports/:id/content': {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="e.csv"' },
        body: 'a,b\n',
      },
    });
    const executor = executorFor(api, {
      auth: { authorize: (headers) => headers.set('authorization', 'Bearer secret') },
    });
    const file = await createConnectorClient(definition, executor).exports.download({ export_id: '3' });
    expect(file).toMatchObject({ status: 200, filename: 'e.csv', contentType: 'text/csv' });
    expect(await new Response(file.stream()).text()).toBe('a,b\n');
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret');
  });

  it('readPage: raw records with a replaced fixed query, and the next offset', async () => {
    const server = await serve({
      'GET /api/v2/tickets': {
        json: { tickets: [{ id: 1, other: true }], meta: { has_more: true, after_cursor: 'c1' } },
      },
    });
    const page = await executorFor(server).readPage(
      'tickets',
      { status: 'open' },
      { limit: 1, query: { fields: 'all' } },
    );
    expect(page).toEqual({ records: [{ id: 1, other: true }], nextOffset: 'c1' });
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      status: 'open',
      fields: 'all',
      'page[size]': '1',
    });
  });

  it('readPage: refuses records that are not objects', async () => {
    const server = await serve({
      'GET /api/v2/tickets': { json: { tickets: [1], meta: { has_more: false } } },
    });
    await expect(executorFor(server).readPage('tickets', {})).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
