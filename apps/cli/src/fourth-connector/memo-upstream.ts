import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A note as the Memo upstream keeps it. */
export interface MemoNote {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  updated_at: string;
}

/** The running fake upstream of the fourth connector's test. */
export interface MemoUpstream {
  readonly baseUrl: string;
  readonly token: string;
  readonly notes: MemoNote[];
  /** Every request the upstream was sent, as `METHOD /path?query`. */
  readonly requests: string[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * "Memo", a made-up notes API of the test's own (so nothing of the three real upstreams helps the
 * kit pass): bearer token; `GET /v1/notes?limit=&after=` answers `{ data, has_more, next_cursor }`
 * in id order; `GET /v1/notes/{id}` answers `{ data }` or 404 `{ error }`.
 */
export async function startMemoUpstream(notes: MemoNote[]): Promise<MemoUpstream> {
  const token = 'memo-token';
  const requests: string[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://memo.test');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.authorization !== `Bearer ${token}`)
      return send(response, 401, { error: 'bad token' });
    if (request.method !== 'GET') return send(response, 405, { error: 'read only' });
    if (url.pathname === '/v1/notes') {
      const limit = Number(url.searchParams.get('limit') ?? '20');
      if (!Number.isInteger(limit) || limit < 1 || limit > 50) return send(response, 400, { error: 'limit' });
      const after = url.searchParams.get('after');
      const sorted = [...notes].sort((a, b) => a.id.localeCompare(b.id));
      const rest = after === null ? sorted : sorted.filter((note) => note.id > after);
      const page = rest.slice(0, limit);
      const more = rest.length > limit;
      return send(response, 200, { data: page, has_more: more, next_cursor: more ? page.at(-1)?.id : null });
    }
    const match = /^\/v1\/notes\/([^/]+)$/.exec(url.pathname);
    const note = match
      ? notes.find((candidate) => candidate.id === decodeURIComponent(match[1]!))
      : undefined;
    if (note) return send(response, 200, { data: note });
    return send(response, 404, { error: 'no such note' });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    token,
    notes,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
