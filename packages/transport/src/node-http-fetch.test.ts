import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch';

type Handler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

const servers: Server[] = [];
type AnyServer = Server | ReturnType<typeof createHttpsServer>;
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A real server on an ephemeral port; the handler sees the whole request body. */
async function serve(handler: Handler): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, response, Buffer.concat(chunks)));
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Echoes what arrived, as JSON. */
const echo: Handler = (request, response, body) => {
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: body.toString('utf8'),
      remotePort: request.socket.remotePort,
    }),
  );
};

const fetch = createNodeHttpFetch();

describe('createNodeHttpFetch: requests and responses', () => {
  it('sends method, path, query and headers, and returns status, headers and body', async () => {
    const base = await serve((request, response, body) => {
      response.statusCode = 201;
      response.statusMessage = 'Made';
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      echo(request, response, body);
    });
    const response = await fetch(`${base}/tasks?limit=10&opt_fields=name`, {
      headers: { Authorization: 'Bearer t', 'X-Many': 'one' },
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${base}/tasks?limit=10&opt_fields=name`);
    expect(response.redirected).toBe(false);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const echoed = (await response.json()) as {
      method: string;
      url: string;
      headers: Record<string, string>;
    };
    expect(echoed.method).toBe('GET');
    expect(echoed.url).toBe('/tasks?limit=10&opt_fields=name');
    expect(echoed.headers.authorization).toBe('Bearer t');
    expect(echoed.headers['x-many']).toBe('one');
    expect(echoed.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('takes a Request, with RequestInit overriding it', async () => {
    const base = await serve(echo);
    const request = new Request(`${base}/r`, {
      method: 'PUT',
      headers: { 'x-from': 'request' },
      body: 'one',
    });
    const echoed = (await (await fetch(request, { method: 'POST', body: 'two' })).json()) as {
      method: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(echoed).toMatchObject({ method: 'POST', body: 'two' });
    expect(echoed.headers['x-from']).toBe('request');
    const streamed = (await (
      await fetch(new Request(`${base}/r`, { method: 'PUT', body: 'from the request' }))
    ).json()) as {
      body: string;
    };
    expect(streamed.body).toBe('from the request');
  });

  it('sends every kind of body with the content type fetch would give it', async () => {
    const base = await serve(echo);
    const send = async (body: BodyInit, headers?: Record<string, string>) =>
      (await (
        await fetch(`${base}/b`, { method: 'POST', body, ...(headers ? { headers } : {}) })
      ).json()) as {
        body: string;
        headers: Record<string, string>;
      };
    const text = await send('héllo');
    expect(text.body).toBe('héllo');
    expect(text.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(text.headers['content-length']).toBe('6');
    const json = await send('{"a":1}', { 'Content-Type': 'application/json' });
    expect(json.headers['content-type']).toBe('application/json');
    const form = await send(new URLSearchParams({ grant_type: 'refresh_token', x: 'a b' }));
    expect(form.body).toBe('grant_type=refresh_token&x=a+b');
    expect(form.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    const bytes = await send(new Uint8Array([104, 105]));
    expect(bytes.body).toBe('hi');
    expect(bytes.headers['content-length']).toBe('2');
    const blob = await send(new Blob(['blob'], { type: 'text/csv' }));
    expect(blob).toMatchObject({ body: 'blob', headers: { 'content-type': 'text/csv' } });
    const formData = new FormData();
    formData.set('field', 'value');
    const multipart = await send(formData);
    expect(multipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="field"');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('chunk one, '));
        controller.enqueue(new TextEncoder().encode('chunk two'));
        controller.close();
      },
    });
    const streamed = await send(stream);
    expect(streamed.body).toBe('chunk one, chunk two');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
  });

  it('gives HEAD, 204 and 304 responses a null body', async () => {
    const base = await serve((request, response) => {
      response.statusCode = request.url === '/none' ? 204 : request.url === '/same' ? 304 : 200;
      response.setHeader('content-length', request.url === '/head' ? '5' : '0');
      response.end();
    });
    expect((await fetch(`${base}/head`, { method: 'HEAD' })).body).toBeNull();
    expect((await fetch(`${base}/none`)).body).toBeNull();
    expect((await fetch(`${base}/same`)).status).toBe(304);
  });

  it('keeps connections alive between requests', async () => {
    const base = await serve(echo);
    const first = (await (await fetch(`${base}/1`)).json()) as { remotePort: number };
    const second = (await (await fetch(`${base}/2`)).json()) as { remotePort: number };
    expect(second.remotePort).toBe(first.remotePort);
  });

  it('decodes gzip, deflate and brotli bodies', async () => {
    const text = 'compressed '.repeat(1_000);
    const base = await serve((request, response) => {
      const coding = request.url?.slice(1) ?? '';
      const encoded =
        coding === 'gzip'
          ? gzipSync(text)
          : coding === 'deflate'
            ? deflateSync(text)
            : coding === 'br'
              ? brotliCompressSync(text)
              : gzipSync(deflateSync(text));
      response.setHeader('content-encoding', coding === 'both' ? 'deflate, gzip' : coding);
      response.end(encoded);
    });
    for (const coding of ['gzip', 'deflate', 'br', 'both']) {
      expect(await (await fetch(`${base}/${coding}`)).text()).toBe(text);
    }
  });

  it('rejects what fetch rejects: a body on GET, credentials in the URL, an invalid header', async () => {
    const base = await serve(echo);
    await expect(fetch(`${base}/x`, { body: 'no' })).rejects.toThrow(TypeError);
    await expect(fetch(base.replace('http://', 'http://user:pass@'))).rejects.toThrow(/credentials/);
    await expect(fetch(`${base}/x`, { headers: { 'x-bad': 'a\nb' } })).rejects.toThrow(TypeError);
  });
});

describe('createNodeHttpFetch: redirects', () => {
  it('follows redirects, turning a 303 after POST into a GET without the body', async () => {
    const base = await serve((request, response, body) => {
      if (request.url === '/start') {
        response.writeHead(303, { location: '/next' }).end();
        return;
      }
      echo(request, response, body);
    });
    const response = await fetch(`${base}/start`, {
      method: 'POST',
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${base}/next`);
    const echoed = (await response.json()) as {
      method: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(echoed).toMatchObject({ method: 'GET', body: '' });
    expect(echoed.headers['content-type']).toBeUndefined();
  });

  it('replays method and body on 307 and 308', async () => {
    const base = await serve((request, response, body) => {
      if (request.url === '/moved') {
        response.writeHead(308, { location: '/here' }).end();
        return;
      }
      echo(request, response, body);
    });
    const echoed = (await (await fetch(`${base}/moved`, { method: 'PUT', body: 'again' })).json()) as {
      method: string;
      body: string;
    };
    expect(echoed).toEqual(expect.objectContaining({ method: 'PUT', body: 'again' }));
  });

  it('drops Authorization and Cookie on a redirect to another origin, keeps them on the same one', async () => {
    const other = await serve(echo);
    const base = await serve((request, response, body) => {
      if (request.url === '/away') response.writeHead(302, { location: `${other}/landed` }).end();
      else if (request.url === '/near') response.writeHead(302, { location: '/landed' }).end();
      else echo(request, response, body);
    });
    const headers = { authorization: 'Bearer secret', cookie: 's=1', 'x-keep': 'yes' };
    const away = (await (await fetch(`${base}/away`, { headers })).json()) as {
      headers: Record<string, string>;
    };
    expect(away.headers.authorization).toBeUndefined();
    expect(away.headers.cookie).toBeUndefined();
    expect(away.headers['x-keep']).toBe('yes');
    const near = (await (await fetch(`${base}/near`, { headers })).json()) as {
      headers: Record<string, string>;
    };
    expect(near.headers.authorization).toBe('Bearer secret');
  });

  it("returns the redirect itself with redirect: 'manual', fails with 'error' and on a loop", async () => {
    const base = await serve((request, response) => {
      response.writeHead(302, { location: request.url === '/loop' ? '/loop' : '/elsewhere' }).end();
    });
    const manual = await fetch(`${base}/once`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/elsewhere');
    await expect(fetch(`${base}/once`, { redirect: 'error' })).rejects.toThrow('fetch failed');
    const loop = await fetch(`${base}/loop`).catch((error: unknown) => error);
    expect(loop).toBeInstanceOf(TypeError);
    expect(((loop as TypeError).cause as Error).message).toBe('redirect count exceeded');
  });
});

describe('createNodeHttpFetch: failures and aborts', () => {
  it('reports a refused connection as TypeError("fetch failed") with the socket error as cause', async () => {
    const base = await serve(echo);
    const closed = servers.pop() as Server;
    closed.close();
    await once(closed, 'close');
    const error = await fetch(`${base}/x`).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('fails the body read with TypeError("terminated") when the connection resets mid-body', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '100000' });
      response.write('x'.repeat(1_000), () => setTimeout(() => response.socket?.destroy(), 20));
    });
    const response = await fetch(`${base}/x`);
    const error = await response.text().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('terminated');
  });

  it('rejects with the signal reason before the response and while the body is read', async () => {
    const base = await serve((request, response) => {
      if (request.url === '/slow') return; // never answers
      response.writeHead(200);
      response.write('first part');
    });
    const before = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: before.signal });
    before.abort(new Error('stop waiting'));
    await expect(pending).rejects.toThrow('stop waiting');
    await expect(fetch(`${base}/slow`, { signal: AbortSignal.abort(new Error('already')) })).rejects.toThrow(
      'already',
    );

    const during = new AbortController();
    const response = await fetch(`${base}/body`, { signal: during.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first part');
    during.abort(new Error('stop reading'));
    await expect(reader.read()).rejects.toThrow('stop reading');
  });

  it('holds a slow reader to about one chunk: the server is pushed back, nothing piles up', async () => {
    const chunk = Buffer.alloc(1 << 20, 1);
    let written = 0;
    let blocked: () => void = () => undefined;
    const serverBlocked = new Promise<void>((resolve) => {
      blocked = resolve;
    });
    const base = await serve((_request, response) => {
      response.writeHead(200);
      const pump = () => {
        while (written < 512 * chunk.length) {
          written += chunk.length;
          if (!response.write(chunk)) {
            blocked();
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
    const response = await fetch(`${base}/big`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await serverBlocked;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Socket buffers on both sides hold a few MiB at most; without backpressure all 512 MiB would
    // have been sent by now.
    expect(written).toBeLessThan(64 * chunk.length);
    await reader.cancel();
  });
});

describe('createNodeHttpFetch: connections', () => {
  it('opens a new connection when the server closed the idle one', async () => {
    const base = await serve(echo);
    (servers.at(-1) as Server).keepAliveTimeout = 50;
    const first = (await (await fetch(`${base}/1`)).json()) as { remotePort: number };
    await new Promise((resolve) => setTimeout(resolve, 250));
    const second = (await (await fetch(`${base}/2`)).json()) as { remotePort: number };
    expect(second.remotePort).not.toBe(first.remotePort);
  });

  it('speaks https, trusting the certificates given in `ca` besides the default store', async () => {
    // A self-signed certificate for 127.0.0.1, made by the machine's openssl for this test.
    const dir = mkdtempSync(join(tmpdir(), 'conduit-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      const server: AnyServer = createHttpsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert },
        (request, response) => echo(request, response, Buffer.alloc(0)),
      );
      servers.push(server as unknown as Server);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/secure?x=1`;

      const trusted = createNodeHttpFetch({ ca: cert });
      const first = (await (await trusted(url)).json()) as { url: string; remotePort: number };
      const second = (await (await trusted(url)).json()) as { remotePort: number };
      expect(first.url).toBe('/secure?x=1');
      expect(second.remotePort).toBe(first.remotePort);

      const error = await createNodeHttpFetch()(url).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(TypeError);
      expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
